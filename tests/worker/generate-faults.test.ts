/**
 * Upstream faults (ARCHITECTURE §7): each ends with 'Generation Error' and a message a writer
 * understands. Before any output the reservation is refunded and nothing is saved; after some
 * output the partial answer is kept (status 'interrupted') and the query stays charged. The
 * app keeps serving afterwards. Faults are aimed at one request by a marker (`match`).
 */
import { describe, expect, it } from "vitest";
import type { OpenAIFault } from "../mocks/openai-control";
import {
  configureStandIn,
  conversationRow,
  counters,
  eventually,
  generateOk,
  historyOf,
  modelRequests,
  postGenerate,
  readGeneration,
  refusal,
  signUp,
  standInTokens,
  turnsOf,
  uniqueMarker,
  usageEventsOf,
} from "./support";

const request = (marker: string) => ({ kind: "initial" as const, tool: "nonfiction", element: "research", fields: { topic: marker } });

type BeforeOutput = {
  name: string;
  fault: OpenAIFault;
  /** Requests that reach the stand-in (the SDK retries 429/5xx once: maxRetries 1). */
  attempts: number;
  status: number;
  message: string;
};

const BEFORE_OUTPUT: BeforeOutput[] = [
  {
    name: "HTTP 401 (bad key)",
    fault: { kind: "status", status: 401, times: 1 },
    attempts: 1,
    status: 502,
    message: "The writing model refused our credentials. We have been alerted; please try again later.",
  },
  {
    name: "HTTP 429 (rate limited), on the first try and the retry",
    fault: { kind: "status", status: 429, times: 2 },
    attempts: 2,
    status: 503,
    message: "The writing model is busy right now. Please wait a moment and try again.",
  },
  {
    name: "HTTP 500, on the first try and the retry",
    fault: { kind: "status", status: 500, times: 2 },
    attempts: 2,
    status: 502,
    message: "The writing model ran into a problem. Please try again in a moment.",
  },
  {
    name: "an unreachable model (connection dropped)",
    fault: { kind: "unreachable", times: 1 },
    attempts: 1,
    status: 502,
    message: "We could not reach the writing model. Please check back in a moment.",
  },
  {
    name: "a model that never sends a token (timeout)",
    fault: { kind: "stall", afterTokens: 0, times: 1 },
    attempts: 1,
    status: 504,
    message: "The writing model took too long to answer. Please try again.",
  },
  {
    name: "a stream cut before the first token",
    fault: { kind: "cut", afterTokens: 0, times: 1 },
    attempts: 1,
    status: 502,
    message: "The writing model ran into a problem. Please try again in a moment.",
  },
];

describe.concurrent("a fault before any output: refused, refunded, nothing saved", () => {
  it.each(BEFORE_OUTPUT)("$name", async ({ fault, attempts, status, message }) => {
    const { browser, userId } = await signUp();
    const marker = uniqueMarker();
    await configureStandIn({ faults: [{ ...fault, match: marker }] });

    const response = await postGenerate(browser, request(marker));
    const body = await refusal(response);
    expect(body.status).toBe(status);
    expect(body.title).toBe("Generation Error");
    expect(body.error).toBe(message);
    // Never the provider's own words.
    expect(body.error).not.toMatch(/API key|Rate limit|server had an error|Stand-in|openai/i);
    expect(await modelRequests(marker)).toHaveLength(attempts);

    // Refunded: the reservation was given back.
    expect(await counters(userId)).toEqual({ remaining: 5, used: 0 });
    const [event] = await eventually(async () => {
      const events = await usageEventsOf(userId);
      return events.length > 0 && events;
    });
    expect(event).toMatchObject({ outcome: "failed", query_type: "nonfiction", model: "test-model", output_tokens: null });
    expect(event!.latency_ms).toBeGreaterThanOrEqual(0);
    expect(await historyOf(userId)).toEqual([]);

    // The app keeps serving: the same writer's next request goes through and is charged.
    const next = await generateOk(browser, request(uniqueMarker()));
    expect(next.queriesRemaining).toBe(4);
    expect(await counters(userId)).toEqual({ remaining: 4, used: 1 });
  });
});

describe.concurrent("a fault after some output: the partial answer is kept and charged", () => {
  it.each([
    { name: "the stream is cut after 7 tokens", kind: "cut" as const, message: "The answer was cut off mid-way. What arrived so far is kept." },
    { name: "the model stalls after 7 tokens (timeout)", kind: "stall" as const, message: "The writing model took too long to answer. Please try again." },
  ])("$name", async ({ kind, message }) => {
    const { browser, userId } = await signUp();
    const marker = uniqueMarker();
    await configureStandIn({ faults: [{ kind, afterTokens: 7, match: marker, times: 1 }] });

    const generation = await readGeneration(await postGenerate(browser, request(marker)));
    const deltas = generation.events.filter((event) => event.type === "delta");
    expect(standInTokens(generation.text)).toHaveLength(7);
    expect(deltas.length).toBeGreaterThan(0);
    expect(generation.last).toEqual({ type: "error", message, kept: true });
    expect(generation.events.filter((event) => event.type === "done")).toEqual([]);

    // The same request again (fault used up) gives the whole answer: the partial is its start.
    const whole = await generateOk(browser, request(marker));
    expect(whole.text.startsWith(generation.text)).toBe(true);
    expect(whole.text.length).toBeGreaterThan(generation.text.length);

    const row = await eventually(() => conversationRow(generation.conversationId));
    expect(row).toMatchObject({ user_id: userId, response_text: generation.text, query_type: "nonfiction" });
    const turns = await turnsOf(generation.conversationId);
    expect(turns.map(({ role, content, status }) => ({ role, content, status }))).toEqual([
      { role: "user", content: `Generate Fact-checked research summary.\n\nTopic: ${marker}`, status: "complete" },
      { role: "assistant", content: generation.text, status: "interrupted" },
    ]);
    // Charged for both turns: the interrupted one is not refunded.
    expect(generation.queriesRemaining).toBe(4);
    expect(await counters(userId)).toEqual({ remaining: 3, used: 2 });
    const outcomes = await eventually(async () => {
      const events = await usageEventsOf(userId);
      return events.length === 2 && events.map((event) => event.outcome).sort();
    });
    expect(outcomes).toEqual(["complete", "interrupted"]);
  });
});
