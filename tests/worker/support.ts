/**
 * Helpers for worker tests: requests against the built Worker (`exports.default`), a cookie
 * jar per simulated browser, sign-up with unique e-mails and client IPs (the auth rate
 * limiters key on `CF-Connecting-IP` and the account), direct D1 reads for assertions, and an
 * outbound e-mail interceptor.
 */
import { env, exports } from "cloudflare:workers";
import { expect, vi } from "vitest";
import {
  configureOpenAI,
  contentText,
  openAIState,
  type OpenAIControlUpdate,
  type RecordedChatRequest,
} from "../mocks/openai-control";

export const ORIGIN = "http://localhost";

let counter = 0;
const runId = Math.random().toString(36).slice(2, 8);

/** A fresh e-mail address nobody else in this run uses. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${runId}-${counter}@example.com`;
}

let ipCounter = 0;
/** A fresh client IP (10.x.y.z), so per-IP rate limits never leak between tests. */
export function uniqueIp(): string {
  ipCounter += 1;
  const n = ipCounter + Math.floor(Math.random() * 1000) * 1000;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** SHA-256 hex, as the app stores session and reset token ids. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export type ParsedCookie = { name: string; value: string; attributes: Map<string, string> };

export function parseSetCookie(header: string): ParsedCookie {
  const [pair = "", ...rest] = header.split(";");
  const index = pair.indexOf("=");
  const attributes = new Map<string, string>();
  for (const part of rest) {
    const eq = part.indexOf("=");
    const key = (eq === -1 ? part : part.slice(0, eq)).trim().toLowerCase();
    attributes.set(key, eq === -1 ? "" : part.slice(eq + 1).trim());
  }
  return {
    name: pair.slice(0, index).trim(),
    value: decodeURIComponent(pair.slice(index + 1).trim()),
    attributes,
  };
}

/** Every Set-Cookie of a response, by cookie name (the last one wins). */
export function setCookies(response: Response): Map<string, ParsedCookie> {
  const cookies = new Map<string, ParsedCookie>();
  for (const header of response.headers.getSetCookie()) {
    const cookie = parseSetCookie(header);
    cookies.set(cookie.name, cookie);
  }
  return cookies;
}

/** The flash toast a response sets (`tws_toast` cookie), if any. */
export type FlashToast = { title: string; description?: string; variant?: "default" | "destructive" };

export function flashToast(response: Response): FlashToast | null {
  const cookie = setCookies(response).get("tws_toast");
  if (!cookie || !cookie.value || cookie.attributes.get("max-age") === "0") return null;
  return JSON.parse(cookie.value) as FlashToast;
}

export const SESSION_EXPIRED: FlashToast = {
  title: "Session Expired",
  description: "Your session has expired. Please sign in again.",
  variant: "destructive",
};

/** The response sends the browser to `/` with the "Session Expired" toast and clears the cookie. */
export function expectSessionExpired(response: Response) {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/");
  expect(flashToast(response)).toEqual(SESSION_EXPIRED);
  expect(setCookies(response).get("tws_session")?.attributes.get("max-age")).toBe("0");
}

export class CookieJar {
  readonly cookies = new Map<string, string>();

  store(response: Response) {
    for (const cookie of setCookies(response).values()) {
      if (cookie.attributes.get("max-age") === "0" || cookie.value === "") this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
  }

  get(name: string) {
    return this.cookies.get(name);
  }
}

export type FormFields = Record<string, string>;

type RequestOptions = {
  headers?: Record<string, string>;
  /** Keep cookies from the response (default true). */
  remember?: boolean;
};

/** One simulated browser: its own cookie jar and client IP. Redirects are never followed. */
export class Browser {
  readonly jar: CookieJar;
  readonly ip: string;

  constructor({ jar = new CookieJar(), ip = uniqueIp() }: { jar?: CookieJar; ip?: string } = {}) {
    this.jar = jar;
    this.ip = ip;
  }

  async request(path: string, init: RequestInit = {}, options: RequestOptions = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("CF-Connecting-IP", this.ip);
    const cookie = this.jar.header();
    if (cookie && !headers.has("Cookie")) headers.set("Cookie", cookie);
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    const response = await exports.default.fetch(new URL(path, ORIGIN), {
      ...init,
      headers,
      redirect: "manual",
    });
    if (options.remember !== false) this.jar.store(response);
    return response;
  }

  get(path: string, options: RequestOptions = {}): Promise<Response> {
    return this.request(path, { method: "GET", headers: { Accept: "text/html" } }, options);
  }

  /** A classic HTML form post (document request) from our own origin. */
  post(path: string, fields: FormFields, options: RequestOptions = {}): Promise<Response> {
    return this.request(
      path,
      {
        method: "POST",
        headers: {
          Accept: "text/html",
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: ORIGIN,
        },
        body: new URLSearchParams(fields).toString(),
      },
      options,
    );
  }

  /** A raw POST with any body and headers (for wrong-type and oversize cases). */
  postRaw(path: string, body: BodyInit | null, headers: Record<string, string>, options: RequestOptions = {}) {
    return this.request(path, { method: "POST", headers: { Origin: ORIGIN, ...headers }, body }, options);
  }

  sessionToken(): string | undefined {
    return this.jar.get("tws_session");
  }
}

/**
 * The rate limiters count in fixed one-minute windows aligned to the clock. A test that must
 * see a limit hit waits, if needed, so its burst cannot straddle a window boundary.
 */
export async function startOfQuietRateLimitWindow(burstMs: number) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < burstMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

export const DEFAULT_PASSWORD = "correct horse 1";

export type SignedUpUser = { email: string; password: string; browser: Browser; userId: string };

/** Signs a new user up through POST /signup and returns their signed-in browser. */
export async function signUp({
  email = uniqueEmail(),
  password = DEFAULT_PASSWORD,
}: { email?: string; password?: string } = {}): Promise<SignedUpUser> {
  const browser = new Browser();
  const response = await browser.post("/signup", { email, password, confirmPassword: password });
  if (response.status !== 302) {
    throw new Error(`sign-up of ${email} failed: ${response.status} ${await response.text()}`);
  }
  const user = await findUser(email.trim().toLowerCase());
  if (!user) throw new Error(`sign-up of ${email} wrote no user`);
  return { email: user.email, password, browser, userId: user.id };
}

/** Signs in through the landing page action in a fresh browser (a second device). */
export async function signIn(email: string, password: string): Promise<{ browser: Browser; response: Response }> {
  const browser = new Browser();
  const response = await browser.post("/?index", { intent: "signin", email, password });
  return { browser, response };
}

// ---- Direct D1 access for assertions -------------------------------------------------------

export type UserRow = { id: string; email: string; password_hash: string };
export type SessionRow = { id: string; user_id: string; expires_at: number; created_at: number };
export type SubscriptionRow = {
  user_id: string;
  is_admin: number;
  is_subscribed: number;
  queries_remaining: number;
  queries_used: number;
  trial_end_date: number | null;
  subscription_end_date: number | null;
};

export function findUser(email: string) {
  return env.DB.prepare("SELECT id, email, password_hash FROM users WHERE email = ?").bind(email).first<UserRow>();
}

export async function sessionsOf(userId: string) {
  const { results } = await env.DB.prepare("SELECT * FROM sessions WHERE user_id = ? ORDER BY created_at")
    .bind(userId)
    .all<SessionRow>();
  return results;
}

export function sessionById(id: string) {
  return env.DB.prepare("SELECT * FROM sessions WHERE id = ?").bind(id).first<SessionRow>();
}

export function subscriptionOf(userId: string) {
  return env.DB.prepare("SELECT * FROM user_subscriptions WHERE user_id = ?").bind(userId).first<SubscriptionRow>();
}

export async function countRows(table: "users" | "sessions" | "user_subscriptions" | "password_reset_tokens") {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>();
  return row?.n ?? 0;
}

/** Row counts of every account table, to prove that a rejected request wrote nothing. */
export async function snapshotCounts() {
  return {
    users: await countRows("users"),
    sessions: await countRows("sessions"),
    user_subscriptions: await countRows("user_subscriptions"),
    password_reset_tokens: await countRows("password_reset_tokens"),
  };
}

export async function execute(sql: string, ...params: unknown[]) {
  await env.DB.prepare(sql)
    .bind(...params)
    .run();
}

// ---- Outbound e-mail ------------------------------------------------------------------------

export type SentEmail = { to: string[]; from: string; subject: string; text: string; html: string };

/**
 * Intercepts the app's calls to `${EMAIL_API_BASE}/emails` (the Worker runs in this isolate,
 * so it shares `globalThis.fetch`). Anything else outbound fails the test loudly.
 */
export function interceptEmail({ status = 200 }: { status?: number } = {}) {
  const sent: SentEmail[] = [];
  const authorizations: (string | null)[] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url !== `${env.EMAIL_API_BASE}/emails` || request.method !== "POST") {
      throw new Error(`unexpected outbound request ${request.method} ${request.url}`);
    }
    authorizations.push(request.headers.get("Authorization"));
    sent.push((await request.json()) as SentEmail);
    return Response.json({ id: crypto.randomUUID() }, { status });
  });
  return { sent, authorizations, restore: () => spy.mockRestore() };
}

/** The reset link in an e-mail's text, as a path with query. */
export function resetLinkFrom(email: SentEmail): { path: string; token: string } {
  const match = /(https?:\/\/[^\s"<>]+\/password-reset\?token=[A-Za-z0-9]+)/.exec(email.text);
  if (!match?.[1]) throw new Error(`no reset link in e-mail: ${email.text}`);
  const url = new URL(match[1]);
  return { path: `${url.pathname}${url.search}`, token: url.searchParams.get("token") ?? "" };
}

// ---- HTML -----------------------------------------------------------------------------------

export function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'");
}

/** The page's text as a reader sees it: no scripts, styles, comments or tags; entities decoded. */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, " ")
    .replace(/<style[\s\S]*?<\/style>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

export type RouterData = {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
};

/**
 * The loader/action data React Router serialised into a document response (turbo-stream in
 * `streamController.enqueue(...)`), decoded for plain objects, arrays, primitives and dates.
 */
export function routerData(html: string): RouterData {
  const chunks = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)].map(
    (match) => JSON.parse(match[1] ?? '""') as string,
  );
  const firstLine = chunks.join("").split("\n")[0];
  if (!firstLine) throw new Error("no router data in the document");
  return decodeTurboStream(firstLine) as RouterData;
}

/** Decodes one turbo-stream line (plain objects, arrays, primitives, dates). */
export function decodeTurboStream(line: string): unknown {
  const values = JSON.parse(line) as unknown[];
  const decode = (index: number): unknown => {
    if (index === -5) return null;
    if (index === -7) return undefined;
    if (index < 0) throw new Error(`unsupported turbo-stream marker ${index}`);
    const value = values[index];
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) {
      if (value[0] === "D") return new Date(value[1] as number);
      if (typeof value[0] === "string") throw new Error(`unsupported turbo-stream type ${value[0]}`);
      return value.map((item) => decode(item as number));
    }
    const object: Record<string, unknown> = {};
    for (const [key, valueIndex] of Object.entries(value as Record<string, number>)) {
      object[values[Number(key.slice(1))] as string] = decode(valueIndex);
    }
    return object;
  };
  return decode(0);
}

/** The body of a single-fetch data response (what the app's fetchers receive). */
export async function dataResponse(response: Response): Promise<Record<string, unknown>> {
  const firstLine = (await response.text()).split("\n")[0] ?? "";
  return decodeTurboStream(firstLine) as Record<string, unknown>;
}

/** The `error` an action returned for a route (e.g. "routes/signup"), from a document response. */
export async function actionError(response: Response, routeId: string): Promise<string | undefined> {
  const data = routerData(await response.text());
  const forRoute = data.actionData?.[routeId] as { error?: string } | undefined;
  return forRoute?.error;
}

// ---- Generation (POST /api/generate) and the OpenAI stand-in ------------------------------

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

export type InitialRequest = { kind: "initial"; tool: string; element: string; fields?: Record<string, unknown> };
export type FollowUpRequest = { kind: "follow-up"; tool: string; conversationId: string; text: string };

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

export type GenerateEvent =
  | { type: "start"; conversationId: string; queriesRemaining: number | null }
  | { type: "delta"; text: string }
  | { type: "done"; finishReason: string }
  | { type: "error"; message: string; kept: boolean };

/** A finished generation stream, read to its end. */
export type Generation = {
  status: number;
  events: GenerateEvent[];
  /** Every delta, concatenated. */
  text: string;
  conversationId: string;
  queriesRemaining: number | null;
  /** The last event (`done` or `error`). */
  last: GenerateEvent | undefined;
};

/** Reads an NDJSON generation stream to its end (bytes decoded as UTF-8). */
export async function readGeneration(response: Response): Promise<Generation> {
  expect(response.status, "a generation stream").toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/x-ndjson/);
  const body = new TextDecoder().decode(await response.arrayBuffer());
  expect(body.endsWith("\n"), "the stream ends with a complete line").toBe(true);
  const events = body
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as GenerateEvent);
  const start = events[0];
  if (start?.type !== "start") throw new Error(`stream does not begin with a start event: ${body.slice(0, 200)}`);
  return {
    status: response.status,
    events,
    text: events.map((event) => (event.type === "delta" ? event.text : "")).join(""),
    conversationId: start.conversationId,
    queriesRemaining: start.queriesRemaining,
    last: events.at(-1),
  };
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

export type GenerateRefusal = { error: string; title: string };

/** A JSON refusal (no stream): its status and body. */
export async function refusal(response: Response): Promise<{ status: number } & GenerateRefusal> {
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  const body = (await response.json()) as GenerateRefusal;
  expect(Object.keys(body).sort()).toEqual(["error", "title"]);
  return { status: response.status, ...body };
}

/** Polls until `check` returns a value other than undefined/null/false (or fails after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The stand-in's tokenisation (tests/mocks/openai.ts `tokenize`): a word and the whitespace after it. */
export function standInTokens(text: string): string[] {
  return text.match(/\s+|\S+\s*/g) ?? [];
}

/** The prompt token count the stand-in reports: 4 per message plus its tokens. */
export function standInPromptTokens(request: RecordedChatRequest): number {
  return messagesOf(request).reduce((sum, message) => sum + 4 + standInTokens(message.text).length, 0);
}

export type HistoryRow = {
  id: string;
  user_id: string;
  query_type: string;
  element: string | null;
  query_text: string;
  response_text: string;
  conversation_id: string;
  created_at: number;
  updated_at: number;
};
export type MessageRow = { id: string; conversation_id: string; role: string; content: string; status: string; created_at: number };
export type UsageEventRow = {
  id: string;
  user_id: string;
  query_type: string;
  model: string;
  input_tokens: number | null;
  output_tokens: number | null;
  latency_ms: number | null;
  outcome: string;
  created_at: number;
};

export async function historyOf(userId: string): Promise<HistoryRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM query_history WHERE user_id = ? ORDER BY created_at, id")
    .bind(userId)
    .all<HistoryRow>();
  return results;
}

export function conversationRow(conversationId: string) {
  return env.DB.prepare("SELECT * FROM query_history WHERE conversation_id = ?").bind(conversationId).first<HistoryRow>();
}

export async function turnsOf(conversationId: string): Promise<MessageRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT * FROM query_messages WHERE conversation_id = ? ORDER BY created_at, rowid",
  )
    .bind(conversationId)
    .all<MessageRow>();
  return results;
}

export async function usageEventsOf(userId: string): Promise<UsageEventRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM usage_events WHERE user_id = ? ORDER BY created_at, rowid")
    .bind(userId)
    .all<UsageEventRow>();
  return results;
}

export async function systemPromptText(key: string): Promise<string> {
  const row = await env.DB.prepare("SELECT prompt_text FROM system_prompts WHERE query_type = ?")
    .bind(key)
    .first<{ prompt_text: string }>();
  if (!row) throw new Error(`no system prompt ${key}`);
  return row.prompt_text;
}

/**
 * Waits until the user has `count` usage events (written after the turn is saved, which is
 * after the stream has closed) and returns them.
 */
export function usageReaches(userId: string, count: number): Promise<UsageEventRow[]> {
  return eventually(async () => {
    const events = await usageEventsOf(userId);
    return events.length === count && events;
  });
}

/** Makes a signed-up user an active subscriber (never charged). */
export function makeSubscriber(userId: string) {
  return execute("UPDATE user_subscriptions SET is_subscribed = 1 WHERE user_id = ?", userId);
}

/** The metering counters of a user. */
export async function counters(userId: string): Promise<{ remaining: number; used: number }> {
  const row = await subscriptionOf(userId);
  if (!row) throw new Error(`no subscription row for ${userId}`);
  return { remaining: row.queries_remaining, used: row.queries_used };
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
