/**
 * Generation through POST /api/generate, and the OpenAI stand-in behind it. The wire types are
 * the app's own (app/generation/protocol.ts).
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { GenerateEvent, GenerateRefusal, GenerateRequestBody } from "../../../app/generation/protocol";
import {
  configureOpenAI,
  contentText,
  openAIState,
  type OpenAIControlUpdate,
  type RecordedChatRequest,
} from "../../mocks/openai-control";
import { ORIGIN, type Browser } from "./browser";
import { conversationRow, type HistoryRow } from "./db";
import { runId } from "./ids";
import { eventually } from "./wait";

/** The stand-in's base URL (vitest.config.ts points OPENAI_BASE_URL at `${url}/v1`). */
export const STAND_IN_URL = env.OPENAI_BASE_URL.replace(/\/v1\/?$/, "");

let markerCounter = 0;

/**
 * A marker no other request in this run contains (test files share one stand-in and run in
 * parallel): put it in a field value or follow-up text, then target faults (`match`) and read
 * what the app sent (`modelRequests`) by it.
 */
export function uniqueMarker(prefix = "MK"): string {
  markerCounter += 1;
  return `${prefix}${runId}Q${markerCounter}Z${Math.floor(Math.random() * 1e6)}`;
}

/** Adds faults or settings on the shared stand-in. Target faults with `match` and `times`. */
export function configureStandIn(update: OpenAIControlUpdate) {
  return configureOpenAI(STAND_IN_URL, update);
}

/** Every chat request the stand-in received whose messages contain `marker`, oldest first. */
export async function modelRequests(marker: string): Promise<RecordedChatRequest[]> {
  return (await openAIState(STAND_IN_URL, { match: marker })).recentRequests;
}

/** The one chat request containing `marker` (fails when there is none or more than one). */
export async function modelRequest(marker: string): Promise<RecordedChatRequest> {
  const requests = await modelRequests(marker);
  expect(requests, `requests to the model containing ${marker}`).toHaveLength(1);
  return requests[0]!;
}

/** A recorded request's messages as `{ role, text }`. */
export function messagesOf(request: RecordedChatRequest): { role: string; text: string }[] {
  return (request.messages ?? []).map((message) => ({ role: message.role, text: contentText(message.content) }));
}

export type InitialRequest = Extract<GenerateRequestBody, { kind: "initial" }>;

export type FollowUpRequest = Extract<GenerateRequestBody, { kind: "follow-up" }>;

/** POSTs a JSON body to /api/generate as the tool page does (same origin, JSON). */
export function postGenerate(
  browser: Browser,
  body: InitialRequest | FollowUpRequest | Record<string, unknown>,
  init: { signal?: AbortSignal } = {},
): Promise<Response> {
  return browser.request("/api/generate", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN },
    body: JSON.stringify(body),
    signal: init.signal,
  });
}

export type { GenerateEvent, GenerateRefusal };

/** A finished generation stream, read to its end. */
export type Generation = {
  status: number;
  events: GenerateEvent[];
  /** Every delta, concatenated. */
  text: string;
  conversationId: string;
  queriesRemaining: number | null;
  followUpsLeft: number | null;
  /** The last event (`done` or `error`). */
  last: GenerateEvent | undefined;
};

/** Every event of an NDJSON generation stream, read to its end (keep-alive newlines skipped). */
export async function readEvents(response: Response): Promise<GenerateEvent[]> {
  expect(response.status, "a generation stream").toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/x-ndjson/);
  const body = new TextDecoder().decode(await response.arrayBuffer());
  expect(body.endsWith("\n"), "the stream ends with a complete line").toBe(true);
  return body
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as GenerateEvent);
}

/** Reads a generation stream that started an answer (its first event is `start`). */
export async function readGeneration(response: Response): Promise<Generation> {
  const events = await readEvents(response);
  const start = events[0];
  if (start?.type !== "start") throw new Error(`stream does not begin with a start event: ${JSON.stringify(events)}`);
  return {
    status: response.status,
    events,
    text: events.map((event) => (event.type === "delta" ? event.text : "")).join(""),
    conversationId: start.conversationId,
    queriesRemaining: start.queriesRemaining,
    followUpsLeft: start.followUpsLeft,
    last: events.at(-1),
  };
}

/**
 * A turn that ended before any text: the stream carries one `error` event with `kept: false`
 * (nothing saved, nothing charged) and no `start`. Returns its message.
 */
export async function failedBeforeText(response: Response): Promise<string> {
  const events = await readEvents(response);
  expect(events).toHaveLength(1);
  const [event] = events;
  if (event?.type !== "error") throw new Error(`expected an error event, got ${JSON.stringify(events)}`);
  expect(event.kept).toBe(false);
  return event.message;
}

/** How many of the model calls carrying `marker` the app aborted (the stand-in saw its client go). */
export async function modelAborts(marker: string): Promise<number> {
  return (await openAIState(STAND_IN_URL, { match: marker })).abortedRequests.length;
}

/** Generates and reads the whole stream; fails unless it ended with `done`. */
export async function generateOk(browser: Browser, body: InitialRequest | FollowUpRequest): Promise<Generation> {
  const response = await postGenerate(browser, body);
  if (response.status !== 200) {
    throw new Error(`generation refused: ${response.status} ${await response.text()}`);
  }
  const generation = await readGeneration(response);
  expect(generation.last).toEqual({ type: "done", finishReason: "stop" });
  return generation;
}

/** Incremental reader of a generation stream: one event at a time. */
export function eventReader(response: Response) {
  if (!response.body) throw new Error("no body");
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  return {
    async next(): Promise<GenerateEvent | null> {
      for (;;) {
        const newline = buffer.indexOf("\n");
        if (newline !== -1) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line) return JSON.parse(line) as GenerateEvent;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) return null;
        buffer += value;
      }
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}


/** A JSON refusal (no stream): its status and body. */
export async function refusal(response: Response): Promise<{ status: number } & GenerateRefusal> {
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  const body = (await response.json()) as GenerateRefusal;
  expect(Object.keys(body).sort()).toEqual(["error", "title"]);
  return { status: response.status, ...body };
}

/** The stand-in's tokenisation (tests/mocks/openai.ts `tokenize`): a word and the whitespace after it. */
export function standInTokens(text: string): string[] {
  return text.match(/\s+|\S+\s*/g) ?? [];
}

/** The prompt token count the stand-in reports: 4 per message plus its tokens. */
export function standInPromptTokens(request: RecordedChatRequest): number {
  return messagesOf(request).reduce((sum, message) => sum + 4 + standInTokens(message.text).length, 0);
}

/** A signed-up trial user's first conversation: one initial generation, saved. */
export async function startConversation(
  browser: Browser,
  request: InitialRequest,
): Promise<Generation & { row: HistoryRow }> {
  const generation = await generateOk(browser, request);
  const row = await eventually(() => conversationRow(generation.conversationId));
  return { ...generation, row };
}
