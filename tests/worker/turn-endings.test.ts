/**
 * The turn lifecycle's table (app/generation/turn-endings.ts, decision 010), one test per row:
 * for every way a turn can end, with and without text, what the writer receives, the rows saved,
 * the quota, the usage event, and whether the app aborted the model call. Each test aims the
 * stand-in's behaviour at its own marker, so the files can run in parallel.
 */
import { describe, expect, it } from "vitest";
import { generationErrors } from "../../app/messages/tools";
import type { OpenAIFault } from "../mocks/openai-control";
import { signUp } from "./support/accounts";
import { counters, historyOf, turnsOf, usageEventsOf, type UsageEventRow } from "./support/db";
import {
  configureStandIn,
  eventReader,
  failedBeforeText,
  generateOk,
  modelAborts,
  modelRequests,
  postGenerate,
  readGeneration,
  standInTokens,
  uniqueMarker,
  type GenerateEvent,
} from "./support/generation";
import { eventually } from "./support/wait";

const request = (marker: string) => ({ kind: "initial" as const, tool: "poetry", element: "imagery", fields: { premise: marker } });

async function writer() {
  return { ...(await signUp()), marker: uniqueMarker() };
}

async function writerWithFault(fault: OpenAIFault) {
  const signedUp = await writer();
  await configureStandIn({ faults: [{ ...fault, match: signedUp.marker, times: 1 }] });
  return signedUp;
}

async function usageEvent(userId: string): Promise<UsageEventRow> {
  const [event] = await eventually(async () => {
    const rows = await usageEventsOf(userId);
    return rows.length > 0 && rows;
  });
  return event!;
}

/** The turn left nothing behind: no history, the trial conversation given back. */
async function expectNothingKept(userId: string, outcome: "stopped" | "failed") {
  expect(await usageEvent(userId)).toMatchObject({ outcome, query_type: "poetry" });
  expect(await counters(userId)).toEqual({ remaining: 5, used: 0 });
  expect(await historyOf(userId)).toEqual([]);
}

/** The turn was saved as `status` with exactly `text`, and stays charged. */
async function expectKept(userId: string, conversationId: string, text: string, status: string, outcome: string) {
  expect(await usageEvent(userId)).toMatchObject({ outcome, query_type: "poetry" });
  const turns = await turnsOf(conversationId);
  expect(turns.map(({ role, status: s }) => ({ role, status: s }))).toEqual([
    { role: "user", status: "complete" },
    { role: "assistant", status },
  ]);
  expect(turns[1]!.content).toBe(text);
  expect(await counters(userId)).toEqual({ remaining: 4, used: 1 });
}

/** Reads events until the text so far satisfies `enough`, then the writer leaves (two ways). */
async function leaveAfter(response: Response, enough: (text: string) => boolean, how: "abort" | "cancel", controller: AbortController) {
  const reader = eventReader(response);
  const events: GenerateEvent[] = [];
  let text = "";
  while (!enough(text)) {
    const event = await reader.next();
    if (!event) throw new Error(`stream ended early: ${JSON.stringify(events)}`);
    events.push(event);
    if (event.type === "delta") text += event.text;
  }
  if (how === "abort") controller.abort();
  else await reader.cancel();
  return { events, text };
}

describe("finished", () => {
  it("with text: saved complete, charged, the call ran to its end", async () => {
    const { browser, userId, marker } = await writer();
    const generation = await generateOk(browser, request(marker));
    expect(generation.last).toEqual({ type: "done", finishReason: "stop" });
    await expectKept(userId, generation.conversationId, generation.text, "complete", "complete");
    expect(await modelAborts(marker)).toBe(0);
  });

  it("with nothing readable ('# '): the answer is withdrawn, refunded, nothing saved", async () => {
    const { browser, userId, marker } = await writerWithFault({ kind: "reply", text: "# " });
    const generation = await readGeneration(await postGenerate(browser, request(marker)));
    expect(generation.events.slice(1)).toEqual([
      { type: "delta", text: "# " },
      { type: "error", message: generationErrors.modelEmpty, kept: false },
    ]);
    await expectNothingKept(userId, "failed");
    expect(await modelAborts(marker)).toBe(0);
  });

  it("with no text at all: an error before any answer, refunded, nothing saved", async () => {
    const { browser, userId, marker } = await writerWithFault({ kind: "reply", text: "" });
    expect(await failedBeforeText(await postGenerate(browser, request(marker)))).toBe(generationErrors.modelEmpty);
    await expectNothingKept(userId, "failed");
  });
});

describe.each(["abort", "cancel"] as const)("stopped (the writer leaves by %s)", (how) => {
  it("after some text: saved stopped with exactly that text, charged, the call aborted", async () => {
    const { browser, userId, marker } = await writerWithFault({ kind: "stall", afterTokens: 6 });
    const controller = new AbortController();
    const response = await postGenerate(browser, request(marker), { signal: controller.signal });
    const { events, text } = await leaveAfter(response, (sofar) => standInTokens(sofar).length >= 6, how, controller);
    expect(events[0]).toMatchObject({ type: "start", queriesRemaining: 4, followUpsLeft: 10 });
    const [start] = events as [Extract<GenerateEvent, { type: "start" }>];
    await eventually(async () => (await turnsOf(start.conversationId)).length === 2, 2_500);
    await expectKept(userId, start.conversationId, text, "stopped", "stopped");
    // The stand-in hears its connection close a moment after the app moved on.
    await eventually(async () => (await modelAborts(marker)) === 1);
  });

  it("before any text: the call aborted, refunded, nothing saved", async () => {
    const { browser, userId, marker } = await writerWithFault({ kind: "stall", afterTokens: 0 });
    const controller = new AbortController();
    const response = await postGenerate(browser, request(marker), { signal: controller.signal });
    // The response starts at once; the model is working on the request (the query is reserved).
    expect(response.status).toBe(200);
    await eventually(async () => (await modelRequests(marker)).length === 1);
    expect(await counters(userId)).toEqual({ remaining: 4, used: 1 });
    if (how === "abort") controller.abort();
    else await response.body!.cancel();
    await eventually(async () => (await modelAborts(marker)) === 1, 2_500);
    await expectNothingKept(userId, "stopped");
  });

  it("when only Markdown syntax ('# ') had arrived: the call aborted, refunded, nothing saved", async () => {
    const { browser, userId, marker } = await writerWithFault({ kind: "stall", afterTokens: 1 });
    const controller = new AbortController();
    const response = await postGenerate(browser, request(marker), { signal: controller.signal });
    const { text } = await leaveAfter(response, (sofar) => sofar.length > 0, how, controller);
    expect(text).toBe("# ");
    await eventually(async () => (await modelAborts(marker)) === 1, 2_500);
    await expectNothingKept(userId, "stopped");
  });
});

describe("cut (the stream ends without the model finishing)", () => {
  it("after some text: saved interrupted, charged, 'cut off'", async () => {
    const { browser, userId, marker } = await writerWithFault({ kind: "end", afterTokens: 7 });
    const generation = await readGeneration(await postGenerate(browser, request(marker)));
    expect(standInTokens(generation.text)).toHaveLength(7);
    expect(generation.last).toEqual({ type: "error", message: generationErrors.cutOff, kept: true });
    await expectKept(userId, generation.conversationId, generation.text, "interrupted", "interrupted");
    expect(await modelAborts(marker)).toBe(0);
  });

  it("before any text: an error before any answer, refunded, nothing saved", async () => {
    const { browser, userId, marker } = await writerWithFault({ kind: "end", afterTokens: 0 });
    expect(await failedBeforeText(await postGenerate(browser, request(marker)))).toBe(generationErrors.modelEmpty);
    await expectNothingKept(userId, "failed");
  });
});

describe("timed out (the model stays silent past AI_TIMEOUT_MS)", () => {
  it("after some text: saved interrupted, charged, the call aborted", async () => {
    const { browser, userId, marker } = await writerWithFault({ kind: "stall", afterTokens: 7 });
    const generation = await readGeneration(await postGenerate(browser, request(marker)));
    expect(standInTokens(generation.text)).toHaveLength(7);
    expect(generation.last).toEqual({ type: "error", message: generationErrors.modelTimeout, kept: true });
    await expectKept(userId, generation.conversationId, generation.text, "interrupted", "interrupted");
    await eventually(async () => (await modelAborts(marker)) === 1);
  });

  it("before any text: an error before any answer, the call aborted, refunded", async () => {
    const { browser, userId, marker } = await writerWithFault({ kind: "stall", afterTokens: 0 });
    expect(await failedBeforeText(await postGenerate(browser, request(marker)))).toBe(generationErrors.modelTimeout);
    await expectNothingKept(userId, "failed");
    await eventually(async () => (await modelAborts(marker)) === 1);
  });
});

describe("failed (the model call reports an error)", () => {
  it("after some text (the connection drops): saved interrupted, charged, 'cut off'", async () => {
    const { browser, userId, marker } = await writerWithFault({ kind: "cut", afterTokens: 7 });
    const generation = await readGeneration(await postGenerate(browser, request(marker)));
    expect(standInTokens(generation.text)).toHaveLength(7);
    expect(generation.last).toEqual({ type: "error", message: generationErrors.cutOff, kept: true });
    await expectKept(userId, generation.conversationId, generation.text, "interrupted", "interrupted");
    expect(await modelAborts(marker)).toBe(0);
  });

  it("before any text (HTTP 500 twice): an error before any answer, refunded, nothing saved", async () => {
    const { browser, userId, marker } = await writerWithFault({ kind: "status", status: 500 });
    await configureStandIn({ faults: [{ kind: "status", status: 500, match: marker, times: 1 }] });
    expect(await failedBeforeText(await postGenerate(browser, request(marker)))).toBe(generationErrors.modelFailed);
    await expectNothingKept(userId, "failed");
    expect(await modelRequests(marker)).toHaveLength(2);
  });
});
