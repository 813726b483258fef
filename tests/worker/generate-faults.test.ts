/**
 * Upstream faults before any output (ARCHITECTURE §7): each ends the turn with one error event
 * in words a writer understands (shown as 'Generation Error'), never the provider's own; the
 * reservation is refunded and nothing is saved, and the app keeps serving afterwards. What a
 * fault after some output does is in turn-endings.test.ts. Faults are aimed at one request by a
 * marker (`match`).
 */
import { describe, expect, it } from "vitest";
import type { OpenAIFault } from "../mocks/openai-control";
import { signUp } from "./support/accounts";
import { counters, historyOf, usageEventsOf } from "./support/db";
import { configureStandIn, failedBeforeText, generateOk, modelRequests, postGenerate, uniqueMarker } from "./support/generation";
import { eventually } from "./support/wait";

const request = (marker: string) => ({ kind: "initial" as const, tool: "nonfiction", element: "research", fields: { topic: marker } });

type BeforeOutput = {
  name: string;
  fault: OpenAIFault;
  /** Requests that reach the stand-in (the SDK retries 429/5xx once: maxRetries 1). */
  attempts: number;
  message: string;
};

const BEFORE_OUTPUT: BeforeOutput[] = [
  {
    name: "HTTP 401 (bad key)",
    fault: { kind: "status", status: 401, times: 1 },
    attempts: 1,
    message: "The writing model refused our credentials. We have been alerted; please try again later.",
  },
  {
    name: "HTTP 429 (rate limited), on the first try and the retry",
    fault: { kind: "status", status: 429, times: 2 },
    attempts: 2,
    message: "The writing model is busy right now. Please wait a moment and try again.",
  },
  {
    name: "HTTP 500, on the first try and the retry",
    fault: { kind: "status", status: 500, times: 2 },
    attempts: 2,
    message: "The writing model ran into a problem. Please try again in a moment.",
  },
  {
    name: "an unreachable model (connection dropped)",
    fault: { kind: "unreachable", times: 1 },
    attempts: 1,
    message: "We could not reach the writing model. Please check back in a moment.",
  },
  {
    name: "a model that never sends a token (timeout)",
    fault: { kind: "stall", afterTokens: 0, times: 1 },
    attempts: 1,
    message: "The writing model took too long to answer. Please try again.",
  },
  {
    name: "a connection dropped before the first token",
    fault: { kind: "cut", afterTokens: 0, times: 1 },
    attempts: 1,
    message: "The writing model ran into a problem. Please try again in a moment.",
  },
];

describe.concurrent("a fault before any output: one error event, refunded, nothing saved", () => {
  it.each(BEFORE_OUTPUT)("$name", async ({ fault, attempts, message }) => {
    const { browser, userId } = await signUp();
    const marker = uniqueMarker();
    await configureStandIn({ faults: [{ ...fault, match: marker }] });

    const error = await failedBeforeText(await postGenerate(browser, request(marker)));
    expect(error).toBe(message);
    // Never the provider's own words.
    expect(error).not.toMatch(/API key|Rate limit|server had an error|Stand-in|openai/i);
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
