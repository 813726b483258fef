/**
 * Time to first token through the app vs straight from the stand-in model, with the same
 * fixed token delay (budget, issue 15: app overhead ≤ 5 ms median). The app path includes
 * everything a writer's request pays for: validation, the one database round trip (session,
 * reservation and the turn's reads in one batch, decision 009), the rate limiter and the model call.
 */
import { readdirSync, readFileSync } from "node:fs";
import { configureOpenAI, openAIState, resetOpenAI, type RecordedChatRequest } from "../mocks/openai-control.ts";
import { startForwardingWorker, startModelReaderWorker, type FloorWorker } from "./forwarding-worker.ts";
import { median, type BenchResult, type RunningApp } from "./types.ts";

export const TTFT_OVERHEAD_BUDGET_MS = 5;
const SAMPLES = 20;
const TOKEN_DELAY_MS = 20;
const ANSWER_TOKENS = 8;

/**
 * CPU time (ms) used so far by the workerd processes this bench started (Miniflare's children),
 * from /proc: unlike wall time it hardly moves when other work shares the machine. Null where
 * /proc is not there.
 */
function workerdCpuMs(): number | null {
  const MS_PER_TICK = 1000 / 100; // USER_HZ
  let ticks = 0;
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    // After "pid (comm) ": state, ppid, … utime and stime are fields 14 and 15 of the line.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (!stat.includes("(workerd)") || Number(fields[1]) !== process.pid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * MS_PER_TICK;
}

/**
 * Resolves with the time the marker first arrived, after reading the response to its end: each
 * sample is a whole generation, so no sample overlaps the previous one's tail (a stream cut
 * short would keep the app busy, saving the stopped turn, while the next sample starts).
 */
async function timeToMarker(response: Response, marker: string, start: number): Promise<number> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  let at: number | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (at === null) {
      seen += value;
      if (seen.includes(marker)) at = performance.now() - start;
    }
  }
  if (at === null) throw new Error("stream ended before the first token");
  return at;
}

/** A floor Worker's median time to first token over the stand-in's, sampled interleaved with direct calls. */
async function floorOverhead(
  start: () => Promise<FloorWorker>,
  direct: () => Promise<number>,
  { marker, body }: { marker: string; body: RecordedChatRequest },
): Promise<number> {
  const floor = await start();
  try {
    const through = async () => {
      const started = performance.now();
      const response = await fetch(floor.url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return timeToMarker(response, marker, started);
    };
    for (let i = 0; i < 5; i++) await through();
    const directTimes: number[] = [];
    const floorTimes: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      directTimes.push(await direct());
      floorTimes.push(await through());
    }
    return median(floorTimes) - median(directTimes);
  } finally {
    await floor.dispose();
  }
}

export async function measureTtft({ baseUrl, mockUrl, cookie }: RunningApp): Promise<BenchResult[]> {
  await resetOpenAI(mockUrl);
  // Short answers (8 tokens): every sample runs to its end quickly.
  await configureOpenAI(mockUrl, { tokenDelayMs: TOKEN_DELAY_MS, firstTokenDelayMs: 0, responseTokens: ANSWER_TOKENS });

  // The direct call sends the stand-in exactly what the app sent it (system prompt included,
  // replayed from the stand-in's record once the app has made one), so the difference between the
  // two paths is the app's alone, not the stand-in's work on a bigger request.
  let directBody: RecordedChatRequest = {
    model: "bench",
    stream: true,
    messages: [{ role: "user", content: "Generate World description.\n\nGenre: noir" }],
  };
  const direct = async () => {
    const start = performance.now();
    const response = await fetch(`${mockUrl}/v1/chat/completions`, {
      method: "POST",
      headers: { Authorization: "Bearer bench", "Content-Type": "application/json" },
      body: JSON.stringify(directBody),
    });
    return timeToMarker(response, '"content"', start);
  };
  const serverTimings: Record<string, number[]> = {};
  const throughApp = async () => {
    const start = performance.now();
    const response = await fetch(`${baseUrl}/api/generate`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseUrl, Cookie: cookie },
      body: JSON.stringify({ kind: "initial", tool: "prose", element: "world", fields: { genre: "noir" } }),
    });
    if (!response.ok) throw new Error(`generate answered ${response.status}: ${await response.text()}`);
    const elapsed = await timeToMarker(response, '"type":"delta"', start);
    for (const entry of (response.headers.get("Server-Timing") ?? "").split(",")) {
      const match = /^\s*([\w-]+);dur=([\d.]+)/.exec(entry);
      if (match) (serverTimings[match[1]!] ??= []).push(Number(match[2]));
    }
    return elapsed;
  };

  // Warm both paths (isolate start, JIT, connection pools), then interleave samples.
  for (let i = 0; i < 5; i++) {
    await direct();
    await throughApp();
  }
  const { lastRequest } = await openAIState(mockUrl);
  if (!lastRequest?.messages?.length) throw new Error("the stand-in recorded no request from the app");
  directBody = lastRequest;
  await direct();
  const directTimes: number[] = [];
  const appTimes: number[] = [];
  // Also the Worker's CPU for the sampled generations (whole: request, stream, settling), which
  // wall time's noise does not reach; the direct calls run in this process, not in workerd.
  // (The generation rate limit, 30 a minute, leaves no room for more samples.)
  const cpuBefore = workerdCpuMs();
  for (let i = 0; i < SAMPLES; i++) {
    directTimes.push(await direct());
    appTimes.push(await throughApp());
  }
  const cpuAfter = workerdCpuMs();
  // The floors: a Worker that only forwards the same request, and one that only reads the model
  // through the AI SDK as the app does (forwarding-worker.ts).
  const forwarding = await floorOverhead(() => startForwardingWorker(`${mockUrl}/v1/chat/completions`), direct, {
    marker: '"content"',
    body: directBody,
  });
  const readerOnly = await floorOverhead(() => startModelReaderWorker(`${mockUrl}/v1`), direct, {
    marker: '"type":"delta"',
    body: directBody,
  });
  await resetOpenAI(mockUrl);
  const overhead = median(appTimes) - median(directTimes);
  return [
    {
      name: `time to first token, stand-in direct (median of ${SAMPLES})`,
      value: `${median(directTimes).toFixed(1)} ms`,
      ok: true,
    },
    {
      name: `time to first token through the app (median of ${SAMPLES})`,
      value: `${median(appTimes).toFixed(1)} ms`,
      ok: true,
    },
    {
      name: "  of which inside the Worker (Server-Timing medians)",
      value: Object.entries(serverTimings)
        .map(([name, values]) => `${name} ${median(values).toFixed(1)}`)
        .join(", "),
      ok: true,
    },
    {
      name: `  workerd CPU per whole generation (mean of ${SAMPLES}, /proc, 10 ms ticks)`,
      value: cpuBefore === null || cpuAfter === null ? "n/a" : `${((cpuAfter - cpuBefore) / SAMPLES).toFixed(1)} ms`,
      ok: true,
    },
    {
      name: `  floor on this machine: a Worker that only forwards the request, under Miniflare (median of ${SAMPLES})`,
      value: `${forwarding.toFixed(1)} ms over the stand-in`,
      ok: true,
    },
    {
      name: `  floor with the AI SDK: a Worker that only reads the model through the app's model reader (median of ${SAMPLES})`,
      value: `${readerOnly.toFixed(1)} ms over the stand-in, before any check or database round trip`,
      ok: true,
    },
    {
      name: "app overhead on time to first token",
      value: `${overhead.toFixed(1)} ms`,
      budget: `≤ ${TTFT_OVERHEAD_BUDGET_MS} ms median`,
      ok: overhead <= TTFT_OVERHEAD_BUDGET_MS,
    },
  ];
}
