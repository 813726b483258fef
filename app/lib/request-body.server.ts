/**
 * The one place request bodies are read (issue 31): forms, JSON and raw uploads alike. A body is
 * refused when it is too large — by its Content-Length, or by counting what arrives when there is
 * none — when it cannot be read or parsed, and when any text in it is not well-formed Unicode (a
 * lone UTF-16 surrogate, which JSON's `\ud800` escapes can carry and SQLite would store as
 * invalid UTF-8). Callers turn a `BodyError` into their answer with its `status`: 413 or 400.
 */
import { requestTexts } from "~/messages/requests";
import { mediaTypeOf } from "./media-type";

/** `unsupported`: a form that is not a form (another media type). */
export type BodyProblem = "too-large" | "unreadable" | "ill-formed" | "unsupported";

export class BodyError extends Error {
  constructor(readonly problem: BodyProblem) {
    super(problem);
    this.name = "BodyError";
  }

  get status(): 413 | 400 {
    return this.problem === "too-large" ? 413 : 400;
  }

  /** The writer's words for an ill-formed text; the others, each caller says in its own. */
  get illFormed(): string | null {
    return this.problem === "ill-formed" ? requestTexts.illFormed : null;
  }
}

/**
 * Past this, a body nobody read is left unread (the connection may then be dropped). Below it,
 * it is read and thrown away before the answer goes out: answering while a client is still
 * sending made some clients see a broken connection (EPIPE) instead of the 413 or 401.
 */
const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;

async function drain(body: ReadableStream<Uint8Array>, already = 0) {
  const reader = body.getReader();
  let seen = already;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
      if (seen > DRAIN_LIMIT_BYTES) break;
    }
  } catch {
    return; // the client went away: nothing to answer
  }
  await reader.cancel().catch(() => {});
}

/**
 * Called by the Worker entry for every request once its answer is ready: a body the route never
 * read (refused by its length, or before it was needed: a 401, a 405, a cross-site 403) is read
 * and dropped first, up to DRAIN_LIMIT_BYTES as its Content-Length declares.
 */
export async function drainUnreadBody(request: Request) {
  if (!request.body || request.bodyUsed) return;
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > DRAIN_LIMIT_BYTES) return;
  await drain(request.body);
}

/** The body's bytes, at most `limit` of them. */
export async function readBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(0);
  const declared = request.headers.get("Content-Length");
  if (declared !== null && /^\d+$/.test(declared)) {
    // Refused unread: the Worker entry reads it away before answering (drainUnreadBody).
    if (Number(declared) > limit) throw new BodyError("too-large");
    // The HTTP layer delivers exactly the declared length: read it natively in one go (a
    // JavaScript read loop costs about a millisecond of CPU per request in workerd).
    try {
      return new Uint8Array(await request.arrayBuffer());
    } catch {
      throw new BodyError("unreadable");
    }
  }
  return readCounting(request.body, limit);
}

/** No length declared (a chunked upload): the cap is enforced on the bytes actually read. */
async function readCounting(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      throw new BodyError("unreadable");
    });
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      reader.releaseLock();
      await drain(body, total);
      throw new BodyError("too-large");
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Whether every string in `value` (keys included, at any depth) is well-formed Unicode. */
export function isWellFormedDeep(value: unknown): boolean {
  if (typeof value === "string") return value.isWellFormed();
  if (Array.isArray(value)) return value.every(isWellFormedDeep);
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).every(([key, item]) => key.isWellFormed() && isWellFormedDeep(item));
  }
  return true;
}

/** The body as text: valid UTF-8 only (a stray byte is refused, never replaced). */
export async function readText(request: Request, limit: number): Promise<string> {
  const bytes = await readBody(request, limit);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new BodyError("ill-formed");
  }
}

/** A JSON body (the caller checks its media type first), parsed and checked for well-formed text. */
export async function readJson(request: Request, limit: number): Promise<unknown> {
  const text = await readText(request, limit);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BodyError("unreadable");
  }
  if (!isWellFormedDeep(body)) throw new BodyError("ill-formed");
  return body;
}

/** A posted form (urlencoded or multipart), with every text value checked like JSON's. */
export async function readFormBody(request: Request, limit: number): Promise<FormData> {
  const mediaType = mediaTypeOf(request);
  if (mediaType !== "application/x-www-form-urlencoded" && mediaType !== "multipart/form-data") throw new BodyError("unsupported");
  const bytes = await readBody(request, limit);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    throw new BodyError("unreadable");
  }
  for (const [name, value] of form) {
    if (!name.isWellFormed() || (typeof value === "string" && !value.isWellFormed())) throw new BodyError("ill-formed");
  }
  return form;
}
