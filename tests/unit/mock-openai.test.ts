/**
 * The OpenAI stand-in (tests/mocks/openai.ts), exercised through the real AI SDK
 * (`@ai-sdk/openai` chat model + `streamText`), the same way the app's server calls it.
 */
import { createOpenAI } from "@ai-sdk/openai";
import { APICallError, generateText, streamText, type TextStreamPart, type ToolSet } from "ai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  configureOpenAI,
  openAIState,
  resetOpenAI,
  type OpenAIControlUpdate,
} from "../mocks/openai-control.ts";
import { characterEntries } from "~/projects/answer-to-entries";
import { tokenize } from "../mocks/openai.ts";
import { startMockServer, type MockServer } from "../mocks/server.ts";

let mock: MockServer;
const model = () => createOpenAI({ baseURL: `${mock.url}/v1`, apiKey: "x" }).chat("demo-model");

const SYSTEM = "You are an expert fiction editor. Write vivid, structured markdown.";
const REQUEST = "Generate World description.\n\nGenre: noir\nSetting: a rainy port city";

beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
});
afterAll(async () => {
  await mock.close();
});
beforeEach(async () => {
  await resetOpenAI(mock.url);
  await configureOpenAI(mock.url, { tokenDelayMs: 0 });
});

type Outcome = {
  text: string;
  parts: TextStreamPart<ToolSet>[];
  errors: unknown[];
  thrown: unknown;
};

/** Runs streamText to the end, collecting text, stream parts, onError errors and a thrown error. */
async function run(options: {
  prompt?: string;
  messages?: { role: "user" | "assistant"; content: string }[];
  maxRetries?: number;
  maxOutputTokens?: number;
  abortSignal?: AbortSignal;
}): Promise<Outcome & { result: ReturnType<typeof streamText> }> {
  const errors: unknown[] = [];
  const { prompt, messages, ...rest } = options;
  const result = streamText({
    model: model(),
    instructions: SYSTEM,
    temperature: 0.7,
    maxOutputTokens: 2000,
    ...(messages ? { messages } : { prompt: prompt ?? REQUEST }),
    ...rest,
    onError: ({ error }) => {
      errors.push(error);
    },
  });
  const parts: TextStreamPart<ToolSet>[] = [];
  let text = "";
  let thrown: unknown;
  try {
    for await (const part of result.fullStream) {
      parts.push(part);
      if (part.type === "text-delta") text += part.text;
    }
  } catch (error) {
    thrown = error;
  }
  return { result, text, parts, errors, thrown };
}

const partTypes = (parts: TextStreamPart<ToolSet>[]) => parts.map((part) => part.type);

/** Raw call without the SDK, to look at the wire format. */
function post(body: Record<string, unknown>, headers: Record<string, string> = { authorization: "Bearer test" }) {
  return fetch(`${mock.url}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

type Chunk = {
  id: string;
  object: string;
  model: string;
  choices: { index: number; delta: { role?: string; content?: string }; finish_reason: string | null }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
};

async function sse(response: Response): Promise<{ chunks: Chunk[]; done: boolean }> {
  const events = (await response.text()).split("\n\n").filter(Boolean);
  const done = events.at(-1) === "data: [DONE]";
  const chunks = events.filter((e) => e !== "data: [DONE]").map((e) => JSON.parse(e.replace(/^data: /, "")) as Chunk);
  return { chunks, done };
}

const chat = (content: string, extra: Record<string, unknown> = {}) => ({
  model: "demo-model",
  stream: true,
  stream_options: { include_usage: true },
  messages: [{ role: "user", content }],
  ...extra,
});

describe("answers through the AI SDK", () => {
  it("streams markdown that reflects the element, the details and the system prompt", async () => {
    const { result, text, errors } = await run({});
    expect(errors).toEqual([]);
    expect(text.startsWith("# World description\n\n")).toBe(true);
    expect(text).toContain("## Your details\n\n- **Genre:** noir\n- **Setting:** a rainy port city\n");
    expect(text).toContain("## Shaping the world");
    expect(text).toContain(`_System prompt: "${SYSTEM.slice(0, 40).trim()}"_`);
    expect(text.trimEnd().endsWith("_Demo response from the local stand-in model._")).toBe(true);
    expect(await result.finishReason).toBe("stop");
    const usage = await result.usage;
    expect(usage.outputTokens).toBe(tokenize(text).length);
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.totalTokens).toBe(usage.inputTokens! + usage.outputTokens!);
  });

  it("records what the app sent", async () => {
    await run({});
    const { requests, lastRequest } = await openAIState(mock.url);
    expect(requests).toBe(1);
    expect(lastRequest).toMatchObject({
      model: "demo-model",
      temperature: 0.7,
      max_tokens: 2000,
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: "system", content: SYSTEM },
        { role: "user", content: REQUEST },
      ],
    });
  });

  it("lists a character list's cast, the named characters first, so the app can offer one entry per character", async () => {
    const { text } = await run({ prompt: "Generate Character list / dramatis personae.\n\nGenre: gothic\nCharacter: Agnes Pell, Tom Reed and **Ivo Marsh**" });
    const cast = text.slice(text.indexOf("## Characters\n\n"), text.indexOf("\n\n## ", text.indexOf("## Characters") + 1));
    expect(cast.split("\n").slice(2).map((line) => /^- \*\*(.+?)\*\* — \S/.exec(line)?.[1])).toEqual(["Agnes Pell", "Tom Reed", "Ivo Marsh", "Hester Quill"]);
    expect(characterEntries(text).map((entry) => entry.name)).toEqual(["Agnes Pell", "Tom Reed", "Ivo Marsh", "Hester Quill"]);
    // Other elements have no cast.
    expect((await run({ prompt: "Generate Story outline.\n\nCharacter: Agnes Pell" })).text).not.toContain("## Characters");
  });

  it("says when no details were given", async () => {
    const { text } = await run({ prompt: "Generate Poem." });
    expect(text.startsWith("# Poem\n\n")).toBe(true);
    expect(text).toContain("## Your details\n\nNo details were given");
    expect(text).toContain("## Sound and image");
  });

  it("answers a follow-up with a revision that quotes it and counts earlier turns", async () => {
    const { text } = await run({
      messages: [
        { role: "user", content: "Generate Characters.\n\nGenre: noir" },
        { role: "assistant", content: "# Characters\n\n..." },
        { role: "user", content: "Give the detective a secret." },
        { role: "assistant", content: "# Revision\n\n..." },
        { role: "user", content: "Make it darker\nand shorter." },
      ],
    });
    expect(text.startsWith("# Revision\n\n> Make it darker\n> and shorter.\n\n")).toBe(true);
    expect(text).toContain("This revision takes 2 earlier turns into account and keeps working on the characters.");
    expect(text).toContain("## Bringing the characters to life, revised");
  });

  it("asked the same thing again, answers differently under the same headings (Another version)", async () => {
    const first = (await run({})).text;
    const second = (await run({})).text;
    const third = (await run({})).text;
    expect(first).toContain("Here is a first take on the world description");
    expect(second).toContain("Here is another take on the world description");
    expect(second).toContain("## Another angle");
    expect(third).not.toBe(second);
    const headings = (text: string) => text.split("\n").filter((line) => /^## (?!Another angle)/.test(line));
    expect(headings(second)).toEqual(headings(first));
    await resetOpenAI(mock.url);
    await configureOpenAI(mock.url, { tokenDelayMs: 0 });
    expect((await run({})).text).toBe(first);
  });

  it("on the server's Continue instruction, carries a stopped answer on from where it ended", async () => {
    const whole = (await run({})).text;
    const sofar = whole.slice(0, 120).trimEnd();
    const { text } = await run({
      messages: [
        { role: "user", content: REQUEST },
        { role: "assistant", content: sofar },
        { role: "user", content: "Continue your previous answer exactly where it stopped. Do not repeat anything." },
      ],
    });
    expect(sofar + text).toBe(whole);
  });

  it("answers without streaming too", async () => {
    const result = await generateText({ model: model(), prompt: REQUEST, maxRetries: 0 });
    expect(result.text.startsWith("# World description")).toBe(true);
    expect(result.finishReason).toBe("stop");
    expect(result.usage.outputTokens).toBe(tokenize(result.text).length);
    expect(result.text).toContain("_System prompt: none_");
  });

  it("stops at max tokens with finish reason length", async () => {
    const { result, text } = await run({ maxOutputTokens: 10 });
    expect(tokenize(text)).toHaveLength(10);
    expect(await result.finishReason).toBe("length");
    expect((await result.usage).outputTokens).toBe(10);
  });

  it("pads the answer to exactly responseTokens tokens", async () => {
    await configureOpenAI(mock.url, { responseTokens: 2000 });
    const { result, text } = await run({});
    expect(tokenize(text)).toHaveLength(2000);
    expect(text.startsWith("# World description")).toBe(true);
    expect(text.trimEnd().endsWith("_Demo response from the local stand-in model._")).toBe(true);
    expect(await result.finishReason).toBe("stop");
    expect((await result.usage).outputTokens).toBe(2000);
  });

  it("serves many concurrent streams", async () => {
    await configureOpenAI(mock.url, { tokenDelayMs: 2 });
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => run({ prompt: `Generate Poem.\n\nTheme: number ${i}` })),
    );
    outcomes.forEach(({ text, errors }, i) => {
      expect(errors).toEqual([]);
      expect(text).toContain(`- **Theme:** number ${i}\n`);
    });
    const state = await openAIState(mock.url);
    expect(state.requests).toBe(40);
    expect(state.activeRequests).toBe(0);
  });
});

describe("wire format", () => {
  it("streams OpenAI chunks: role first, then finish, usage and [DONE]", async () => {
    const response = await post(chat("Generate Poem.\n\nTheme: rain"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const { chunks, done } = await sse(response);
    expect(done).toBe(true);
    const [first, ...rest] = chunks;
    expect(first).toMatchObject({ object: "chat.completion.chunk", model: "demo-model" });
    expect(first!.choices[0]!.delta).toEqual({ role: "assistant", content: "# " });
    const usageChunk = rest.at(-1)!;
    const finishChunk = rest.at(-2)!;
    expect(finishChunk.choices).toEqual([{ index: 0, delta: {}, logprobs: null, finish_reason: "stop" }]);
    expect(usageChunk.choices).toEqual([]);
    const contentChunks = chunks.slice(0, -2);
    expect(contentChunks.every((c) => c.choices[0]!.finish_reason === null && c.id === first!.id)).toBe(true);
    expect(usageChunk.usage).toEqual({
      prompt_tokens: expect.any(Number),
      completion_tokens: contentChunks.length,
      total_tokens: usageChunk.usage!.prompt_tokens + contentChunks.length,
    });
  });

  it("sends no usage chunk unless asked", async () => {
    const { chunks, done } = await sse(await post(chat("Generate Poem.", { stream_options: undefined })));
    expect(done).toBe(true);
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe("stop");
    expect(chunks.some((c) => c.usage)).toBe(false);
  });

  it("accepts content as an array of text parts and max_completion_tokens", async () => {
    const { chunks } = await sse(
      await post({
        ...chat(""),
        max_completion_tokens: 2000,
        messages: [
          { role: "developer", content: [{ type: "text", text: "Be brief." }] },
          { role: "user", content: [{ type: "text", text: "Generate Poem.\n\n" }, { type: "text", text: "Mood: wistful" }] },
        ],
      }),
    );
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? "").join("");
    expect(text).toContain("- **Mood:** wistful");
    expect(text).toContain('_System prompt: "Be brief."_');
  });

  it("returns a whole chat.completion when not streaming", async () => {
    const response = await post({ model: "demo-model", messages: [{ role: "user", content: "Generate Poem." }], max_tokens: 5 });
    const body = await response.json();
    expect(body).toMatchObject({
      object: "chat.completion",
      model: "demo-model",
      choices: [{ index: 0, message: { role: "assistant" }, finish_reason: "length" }],
      usage: { completion_tokens: 5 },
    });
    expect(tokenize(body.choices[0].message.content)).toHaveLength(5);
  });

  it("requires a bearer key and non-empty messages, answering in OpenAI's error shape", async () => {
    const unauthorised = await post(chat("hi"), {});
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.json()).toEqual({
      error: { message: expect.stringContaining("API key"), type: "invalid_request_error", param: null, code: null },
    });
    const empty = await post({ model: "demo-model", messages: [] });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: { type: "invalid_request_error", code: "empty_array", param: "messages" } });
  });

  it("paces tokens by the configured delays", async () => {
    await configureOpenAI(mock.url, { tokenDelayMs: 10, firstTokenDelayMs: 100, responseTokens: 21 });
    const started = performance.now();
    const response = await post(chat("Generate Poem."));
    const reader = response.body!.getReader();
    await reader.read();
    const firstChunkAt = performance.now() - started;
    while (!(await reader.read()).done) {
      /* drain */
    }
    const total = performance.now() - started;
    expect(firstChunkAt).toBeGreaterThanOrEqual(90);
    expect(total).toBeGreaterThanOrEqual(100 + 20 * 10 - 10);
  });

  it("slow: matching requests stream at their own pace, the others keep the shared one", async () => {
    await configureOpenAI(mock.url, { responseTokens: 21, faults: [{ kind: "slow", tokenDelayMs: 10, match: "slow-7", times: 1 }] });
    const timed = async (content: string) => {
      const started = performance.now();
      const text = await (await post(chat(content))).text();
      return { ms: performance.now() - started, done: text.includes("[DONE]") };
    };
    const slow = await timed("Generate Poem.\n\nTheme: slow-7");
    expect(slow.done).toBe(true);
    expect(slow.ms).toBeGreaterThanOrEqual(20 * 10 - 10);
    const fast = await timed("Generate Poem.\n\nTheme: slow-7");
    expect(fast.done).toBe(true);
    expect(fast.ms).toBeLessThan(slow.ms);
    await expect(configureOpenAI(mock.url, { faults: [{ kind: "slow", tokenDelayMs: -1 } as never] })).rejects.toThrow(/tokenDelayMs/);
  });
});

describe("faults, as the AI SDK sees them", () => {
  const fault = (update: OpenAIControlUpdate) => configureOpenAI(mock.url, update);

  it.each([
    [401, false],
    [429, true],
    [500, true],
  ])("HTTP %i surfaces as an APICallError (retryable: %s)", async (status, retryable) => {
    await fault({ faults: [{ kind: "status", status }] });
    const { result, text, parts, errors, thrown } = await run({ maxRetries: 0 });
    expect(thrown).toBeUndefined();
    expect(text).toBe("");
    expect(errors).toHaveLength(1);
    const error = errors[0];
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(status);
    expect((error as APICallError).isRetryable).toBe(retryable);
    expect(partTypes(parts)).toContain("error");
    expect(partTypes(parts)).not.toContain("finish");
    await expect(result.finishReason).rejects.toThrow(/No output generated/);
  });

  it("sets retry-after on 429 and uses a custom message", async () => {
    await fault({ faults: [{ kind: "status", status: 429, message: "Slow down, please." }] });
    const response = await post(chat("hi"));
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(await response.json()).toEqual({
      error: { message: "Slow down, please.", type: "requests", param: null, code: "rate_limit_exceeded" },
    });
  });

  it("is retried by the SDK by default: a single 429 is absorbed after retry-after", async () => {
    await fault({ faults: [{ kind: "status", status: 429, times: 1 }] });
    const { result, text, errors } = await run({});
    expect(errors).toEqual([]);
    expect(text.startsWith("# World description")).toBe(true);
    expect(await result.finishReason).toBe("stop");
    expect((await openAIState(mock.url)).requests).toBe(2);
  });

  it("cut: the stream breaks off after N tokens without a finish", async () => {
    await fault({ faults: [{ kind: "cut", afterTokens: 5 }] });
    const { result, text, parts, errors, thrown } = await run({ maxRetries: 0 });
    expect(tokenize(text)).toHaveLength(5);
    expect(partTypes(parts)).not.toContain("finish");
    // Mid-stream, the SDK rejects the iteration instead of emitting an error part or calling onError.
    expect(APICallError.isInstance(thrown)).toBe(true);
    expect((thrown as APICallError).message).toBe("Failed to process successful response");
    expect(errors).toEqual([]);
    await expect(result.finishReason).rejects.toThrow();
  });

  it("cut before any token: an error part, no text", async () => {
    await fault({ faults: [{ kind: "cut", afterTokens: 0 }] });
    const { text, parts, errors, thrown } = await run({ maxRetries: 0 });
    expect(thrown).toBeUndefined();
    expect(text).toBe("");
    expect(partTypes(parts)).toContain("error");
    expect(APICallError.isInstance(errors[0])).toBe(true);
  });

  it("end after 3 tokens: the stream simply ends, and the SDK reports the finish as interrupted", async () => {
    await fault({ faults: [{ kind: "end", afterTokens: 3 }] });
    const { text, parts, errors, thrown } = await run({ maxRetries: 0 });
    expect(tokenize(text)).toHaveLength(3);
    expect(errors).toEqual([]);
    expect(thrown).toBeUndefined();
    const finish = parts.find((part) => part.type === "finish");
    expect(finish && "finishReason" in finish ? finish.finishReason : null).toBe("interrupted");
  });

  it("reply: the answer is exactly the given text, then a normal finish", async () => {
    await fault({ faults: [{ kind: "reply", text: "# " }] });
    const { text, parts } = await run({ maxRetries: 0 });
    expect(text).toBe("# ");
    const finish = parts.find((part) => part.type === "finish");
    expect(finish && "finishReason" in finish ? finish.finishReason : null).toBe("stop");
  });

  it.each([0, 5])("stall after %i tokens: the stream waits until the caller aborts", async (afterTokens) => {
    await fault({ faults: [{ kind: "stall", afterTokens }] });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 300);
    const started = performance.now();
    const { text, parts, errors } = await run({ maxRetries: 0, abortSignal: controller.signal });
    clearTimeout(timer);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(tokenize(text)).toHaveLength(afterTokens);
    expect(partTypes(parts)).toContain("abort");
    expect(partTypes(parts)).not.toContain("finish");
    expect(errors).toEqual([]);
    await expect.poll(async () => (await openAIState(mock.url)).activeRequests).toBe(0);
    const after = await openAIState(mock.url);
    expect(after.clientAborts).toBe(1);
    // Which request was aborted is recorded too, so a test can ask about its own.
    expect(after.abortedRequests).toEqual([after.lastRequest]);
  });

  it("unreachable: the connection drops with no response", async () => {
    await fault({ faults: [{ kind: "unreachable" }] });
    const { text, errors, thrown } = await run({ maxRetries: 0 });
    expect(thrown).toBeUndefined();
    expect(text).toBe("");
    expect(APICallError.isInstance(errors[0])).toBe(true);
    expect((errors[0] as APICallError).message).toMatch(/^Cannot connect to API/);
    expect((errors[0] as APICallError).isRetryable).toBe(true);
  });

  it("a client that goes away mid-stream stops the stream on the server", async () => {
    await configureOpenAI(mock.url, { tokenDelayMs: 20 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const { text, parts } = await run({ maxRetries: 0, abortSignal: controller.signal });
    expect(text.length).toBeGreaterThan(0);
    expect(partTypes(parts)).toContain("abort");
    await expect.poll(async () => (await openAIState(mock.url)).activeRequests).toBe(0);
    expect((await openAIState(mock.url)).clientAborts).toBe(1);
  });
});

describe("fault targeting", () => {
  it("applies a fault only to requests that match, and only `times` times", async () => {
    await configureOpenAI(mock.url, { faults: [{ kind: "status", status: 500, match: "alpha-42", times: 2 }] });
    const statusOf = async (content: string) => (await post(chat(content))).status;
    expect(await statusOf("Generate Poem.\n\nTheme: beta")).toBe(200);
    expect(await statusOf("Generate Poem.\n\nTheme: alpha-42")).toBe(500);
    expect((await openAIState(mock.url)).faults).toEqual([
      { kind: "status", status: 500, match: "alpha-42", times: 1 },
    ]);
    expect(await statusOf("Generate Poem.\n\nTheme: alpha-42")).toBe(500);
    expect(await statusOf("Generate Poem.\n\nTheme: alpha-42")).toBe(200);
    expect((await openAIState(mock.url)).faults).toEqual([]);
  });

  it("matches any message, including the system prompt, and takes the first matching fault", async () => {
    await configureOpenAI(mock.url, {
      faults: [
        { kind: "status", status: 503, match: "expert fiction" },
        { kind: "status", status: 401 },
      ],
    });
    const { errors } = await run({ maxRetries: 0 });
    expect((errors[0] as APICallError).statusCode).toBe(503);
    expect((await post(chat("no system prompt here"))).status).toBe(401);
  });

  it("filters the recorded requests by match", async () => {
    await post(chat("Generate Poem.\n\nTheme: gamma"));
    await post(chat("Generate Poem.\n\nTheme: delta"));
    const state = await openAIState(mock.url, { match: "gamma" });
    expect(state.requests).toBe(2);
    expect(state.recentRequests).toHaveLength(1);
    expect(state.lastRequest?.messages?.[0]?.content).toContain("gamma");
    expect((await openAIState(mock.url)).lastRequest?.messages?.[0]?.content).toContain("delta");
  });
});

describe("control API", () => {
  it("merges settings, appends faults, and resets", async () => {
    await configureOpenAI(mock.url, { tokenDelayMs: 7, faults: [{ kind: "cut", afterTokens: 3 }] });
    let state = await configureOpenAI(mock.url, { firstTokenDelayMs: 50, faults: [{ kind: "unreachable", match: "x" }] });
    expect(state).toMatchObject({
      tokenDelayMs: 7,
      firstTokenDelayMs: 50,
      responseTokens: null,
      faults: [{ kind: "cut", afterTokens: 3 }, { kind: "unreachable", match: "x" }],
    });
    state = await configureOpenAI(mock.url, { clearFaults: true });
    expect(state.faults).toEqual([]);
    state = await resetOpenAI(mock.url);
    expect(state).toEqual({
      tokenDelayMs: 15,
      firstTokenDelayMs: 0,
      responseTokens: null,
      faults: [],
      requests: 0,
      activeRequests: 0,
      clientAborts: 0,
      lastRequest: null,
      recentRequests: [],
      abortedRequests: [],
    });
  });

  it.each([
    [{ tokenDelay: 5 }, /Unknown setting/],
    [{ tokenDelayMs: -1 }, /tokenDelayMs/],
    [{ responseTokens: 1.5 }, /responseTokens/],
    [{ faults: [{ kind: "explode" }] }, /kind/],
    [{ faults: [{ kind: "cut" }] }, /afterTokens/],
    [{ faults: [{ kind: "status", status: 200 }] }, /status/],
    [{ faults: [{ kind: "stall", afterTokens: 1, after: 2 }] }, /unknown field/],
  ])("rejects %j", async (body, message) => {
    const response = await fetch(`${mock.url}/__control/openai`, { method: "POST", body: JSON.stringify(body) });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(message);
  });
});
