/**
 * Types and small fetch helpers for the OpenAI stand-in's control API (`/__control/openai`).
 * No Node imports: tests in Node, in workerd and in Playwright can all use it.
 *
 *   await configureOpenAI(mockUrl, { tokenDelayMs: 0, faults: [{ kind: "status", status: 429, match: "noir", times: 1 }] });
 *   const { requests, lastRequest } = await openAIState(mockUrl, { match: "noir" });
 *   await resetOpenAI(mockUrl);
 */

/** Narrows a fault to requests whose message text contains `match`, and to the next `times` of them. */
export type OpenAIFaultTarget = {
  /** Apply only when some message's text contains this substring (case-sensitive). */
  match?: string;
  /** Apply to the next N matching requests, then expire. Unlimited when absent. */
  times?: number;
};

export type OpenAIFault = OpenAIFaultTarget &
  (
    | { kind: "status"; status: number; message?: string }
    | { kind: "cut"; afterTokens: number }
    | { kind: "stall"; afterTokens: number }
    /** The stream ends cleanly after N tokens, with no finish reason (a truncating proxy). */
    | { kind: "end"; afterTokens: number }
    /** The answer is exactly this text, then a normal finish. */
    | { kind: "reply"; text: string }
    | { kind: "unreachable" }
    /** The answer streams normally, at this pace instead of the shared `tokenDelayMs`. */
    | { kind: "slow"; tokenDelayMs: number }
  );

export type OpenAISettings = {
  /** Delay between tokens, in ms (default 15). */
  tokenDelayMs: number;
  /** Delay before the first token, in ms, after the response headers (default 0). */
  firstTokenDelayMs: number;
  /** Pad or trim every answer to exactly this many tokens (null: natural length). */
  responseTokens: number | null;
  faults: OpenAIFault[];
};

/** Body of `POST /__control/openai`: merged into the current settings; `faults` are appended. */
export type OpenAIControlUpdate = Partial<Omit<OpenAISettings, "faults">> & {
  faults?: OpenAIFault[];
  /** Drop all current faults before appending `faults`. */
  clearFaults?: boolean;
};

/** A chat completion request body exactly as the stand-in received it. */
export type RecordedChatRequest = {
  model?: string;
  messages?: { role: string; content: unknown }[];
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  [key: string]: unknown;
};

/** Response of `GET /__control/openai` (and of POST / DELETE). */
export type OpenAIState = OpenAISettings & {
  /** Chat completion requests received since the last reset (faulted ones included). */
  requests: number;
  /** Requests being answered right now. */
  activeRequests: number;
  /** Requests whose client went away before the answer was complete. */
  clientAborts: number;
  /** Newest request (or, with `?match=`, the newest one whose messages contain the text). */
  lastRequest: RecordedChatRequest | null;
  /** Up to the last 50 requests, oldest first (filtered by `?match=` when given). */
  recentRequests: RecordedChatRequest[];
  /** Of those, the ones whose client went away before the answer was complete. */
  abortedRequests: RecordedChatRequest[];
};

async function control(mockUrl: string, method: string, body?: unknown, query = ""): Promise<OpenAIState> {
  const response = await fetch(`${mockUrl}/__control/openai${query}`, {
    method,
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`OpenAI stand-in control ${method}: ${response.status} ${await response.text()}`);
  return (await response.json()) as OpenAIState;
}

export const configureOpenAI = (mockUrl: string, update: OpenAIControlUpdate) => control(mockUrl, "POST", update);

export const resetOpenAI = (mockUrl: string) => control(mockUrl, "DELETE");

export const openAIState = (mockUrl: string, { match }: { match?: string } = {}) =>
  control(mockUrl, "GET", undefined, match ? `?match=${encodeURIComponent(match)}` : "");

/** The text of a message's content, whether a string or an array of `{ type: "text", text }` parts. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part) =>
        part && typeof part === "object" && "text" in part && typeof part.text === "string" ? part.text : "",
      )
      .join("");
  }
  return "";
}
