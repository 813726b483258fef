/**
 * The one way an `/api/*` route is declared (issue 32). A route names, per HTTP method, who may
 * call it and what its body is; every route then checks in the same order:
 *   1. the method (405 naming the allowed ones; HEAD is GET) — the same-origin check of every
 *      write runs before any route, in the Worker entry (lib/origin.server.ts);
 *   2. who: "public", "writer" (a signed-in writer, else 401 in the route's words) or "admin"
 *      (a verified admin, read fresh; anyone else gets 404: the console's API does not exist
 *      for them);
 *   3. the body: its media type (415), its size by Content-Length and by counting (413), text
 *      that is not well-formed Unicode (400), JSON that does not parse (400), then the route's
 *      zod schema (400 with the schema's own message for a rule of ours, else the route's words);
 *   4. the handler, which returns the answer's JSON (200, or `created` for 201) or a Response
 *      (a file, a stream), and throws `fail(code, words)` for anything it refuses.
 * Every refusal leaves through `failureResponse`: status, `{ error, title }`, `no-store`. A fault
 * nobody foresaw is logged and answered 500 in the same shape.
 */
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { authContext, type AuthState, type SessionUser } from "~/lib/auth-context";
import { requestTexts } from "~/messages/requests";
import { isVerifiedAdmin } from "~db/queries/admins";
import { ApiFailure, fail, failureResponse } from "./api-failure";
import { getDb } from "./db.server";
import { mediaTypeOf } from "./media-type";
import { BodyError, readJson, readText } from "./request-body.server";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Params = Record<string, string | undefined>;
type SignedOut = { error: string; title?: string };
export type Who = "public" | "writer" | "admin";

const NO_STORE = { "Cache-Control": "private, no-store" } as const;

/** A JSON body checked by a zod schema; `raw` is also handed over for what the schema cannot keep. */
type JsonBody<S extends z.ZodType> = { kind: "json"; schema: S; maxBytes: number };
/** A text body of one of `types` (a Markdown import, a webhook's signed payload). */
type TextBody = { kind: "text"; types: readonly string[]; maxBytes: number };
type BodySpec = JsonBody<z.ZodType> | TextBody;

type BodyOf<B> = B extends JsonBody<infer S> ? z.output<S> : B extends TextBody ? string : undefined;
type UserOf<W extends Who> = W extends "public" ? SessionUser | null : SessionUser;

export type ApiInput<W extends Who, B> = {
  request: Request;
  params: Params;
  url: URL;
  context: Readonly<RouterContextProvider>;
  user: UserOf<W>;
  body: BodyOf<B>;
  /** The parsed JSON as sent, before the schema (its own keys, for instance). */
  raw: unknown;
  /** The route's one 401, for a handler that finds the session dead itself (`sessionInHandler`). */
  unauthorized: (headers?: Record<string, string>) => ApiFailure;
};

/**
 * How a writer's method knows its writer when not from the session middleware: the one route that
 * must reach the model after a single database round trip (/api/generate, decision 009) reads the
 * session in its handler's own batch. The pipeline then checks only that a session cookie is
 * there, and — should the body be refused — that its session is alive, so a signed-out caller
 * always hears 401 first. `resolve` answers whether it is, and the cookie to set (a cleared one).
 */
export type SessionInHandler = {
  present: (request: Request) => boolean;
  resolve: (request: Request) => Promise<{ alive: boolean; cookie?: string }>;
};

export type MethodSpec<W extends Who = Who, B extends BodySpec | undefined = BodySpec | undefined> = {
  who: W;
  body?: B;
  /** Only with `who: "writer"`: the handler resolves the session itself (then `user` is null). */
  sessionInHandler?: SessionInHandler;
  handle: (input: ApiInput<W, B>) => Promise<unknown>;
};

/** The words of the route's refusals that are not the handler's own. */
export type RouteTexts = {
  /** What a signed-out caller of a writer's route is told (401); a route of several paths may say it per path. */
  signedOut?: SignedOut | ((params: Params) => SignedOut);
  /** A body that cannot be read or does not fit the schema (400/415), when the schema has no words of its own. */
  invalid?: string;
  /** A body over the route's size (413). */
  tooLarge?: string;
  /** A body of another media type (415), when the route says it apart from `invalid`. */
  wrongType?: string;
  /** The title of the route's refusals, where one does not name its own (the toast's title; "Error" else). */
  title?: string;
};

/** An answer with a status other than 200: `return created(project)`. */
export class Answer {
  constructor(
    readonly body: unknown,
    readonly status: number,
  ) {}
}
export const created = (body: unknown) => new Answer(body, 201);

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

function allowed(methods: Partial<Record<Method, unknown>>): string {
  return (Object.keys(methods) as Method[]).join(", ");
}

/** The one 401 of every API route, in the route's words. */
function unauthorized(texts: RouteTexts, params: Params, headers?: Record<string, string>): ApiFailure {
  const words = (typeof texts.signedOut === "function" ? texts.signedOut(params) : texts.signedOut) ?? { error: requestTexts.signedOut };
  return fail("unauthorized", words.error, { title: words.title, headers });
}

async function caller(who: Who, auth: AuthState, texts: RouteTexts, params: Params): Promise<SessionUser | null> {
  if (who === "public") return auth.user;
  if (who === "writer") {
    if (auth.status === "valid") return auth.user;
    throw unauthorized(texts, params);
  }
  if (auth.status === "valid" && (await isVerifiedAdmin({ db: getDb(), userId: auth.user.id }))) return auth.user;
  throw fail("not-found", "Not Found");
}

/**
 * Marks a problem the schema gave no words of its own: parsed with this as the default message,
 * an issue carries the schema's message when it set one (a rule of ours, in the writer's words)
 * and this otherwise — then the route's own words are said instead of zod's.
 */
const NO_WORDS = "\u0000no words";

function schemaMessage(error: z.ZodError, fallback: string): string {
  const message = error.issues[0]?.message;
  return message && message !== NO_WORDS ? message : fallback;
}

const invalidText = (texts: RouteTexts) => texts.invalid ?? requestTexts.invalid;

function bodyFailure(error: unknown, texts: RouteTexts): ApiFailure {
  if (!(error instanceof BodyError)) throw error;
  if (error.problem === "too-large") return fail("too-large", texts.tooLarge ?? requestTexts.tooLarge);
  return fail("invalid", error.illFormed ?? invalidText(texts));
}

/** The body as the method declares it: undefined without a declaration. */
async function readBodyOf(request: Request, spec: BodySpec | undefined, texts: RouteTexts): Promise<{ body: unknown; raw: unknown }> {
  if (!spec) return { body: undefined, raw: undefined };
  if (spec.kind === "text") {
    if (!spec.types.includes(mediaTypeOf(request))) throw fail("unsupported-media-type", texts.wrongType ?? invalidText(texts));
    const text = await readText(request, spec.maxBytes).catch((error: unknown) => {
      throw bodyFailure(error, texts);
    });
    return { body: text, raw: text };
  }
  if (mediaTypeOf(request) !== "application/json") throw fail("unsupported-media-type", texts.wrongType ?? invalidText(texts));
  const raw = await readJson(request, spec.maxBytes).catch((error: unknown) => {
    throw bodyFailure(error, texts);
  });
  const parsed = spec.schema.safeParse(raw, { error: () => NO_WORDS });
  if (!parsed.success) throw fail("invalid", schemaMessage(parsed.error, invalidText(texts)));
  return { body: parsed.data, raw };
}

function answer(result: unknown): Response {
  if (result instanceof Response) return result;
  if (result instanceof Answer) return json(result.body, result.status);
  return json(result ?? { ok: true });
}

/** Steps 2 and 3: who is calling, then the body (see `SessionInHandler` for the one other order of the 401). */
async function callerAndBody(spec: MethodSpec, request: Request, texts: RouteTexts, params: Params, auth: () => AuthState) {
  const session = spec.who === "writer" ? spec.sessionInHandler : undefined;
  if (!session) {
    const user = await caller(spec.who, auth(), texts, params);
    return { user, ...(await readBodyOf(request, spec.body, texts)) };
  }
  if (!session.present(request)) throw unauthorized(texts, params);
  try {
    return { user: null, ...(await readBodyOf(request, spec.body, texts)) };
  } catch (refusal) {
    const { alive, cookie } = await session.resolve(request);
    if (!alive) throw unauthorized(texts, params, cookie ? { "Set-Cookie": cookie } : undefined);
    throw refusal;
  }
}

type RouteArgs = { request: Request; params: Params; context: Readonly<RouterContextProvider> };

/**
 * Runs one request through the checks and its method's handler. `auth` is how the caller is
 * known: the session the page router's middleware resolved, unless the route resolves it itself.
 */
export async function runApi(
  methods: Partial<Record<Method, MethodSpec>>,
  texts: RouteTexts,
  { request, params, context }: RouteArgs,
  auth: () => AuthState = () => context.get(authContext),
): Promise<Response> {
  try {
    const method = (request.method === "HEAD" ? "GET" : request.method) as Method;
    const spec = methods[method];
    if (!spec) throw fail("method-not-allowed", "Method Not Allowed", { headers: { Allow: allowed(methods) } });
    const { user, body, raw } = await callerAndBody(spec, request, texts, params, auth);
    const input = { request, params, url: new URL(request.url), context, user: user as SessionUser, body, raw, unauthorized: (headers?: Record<string, string>) => unauthorized(texts, params, headers) };
    return answer(await spec.handle(input));
  } catch (error) {
    if (error instanceof ApiFailure) return failureResponse(error.options.title || !texts.title ? error : fail(error.code, error.error, { ...error.options, title: texts.title }));
    if (error instanceof Response) throw error;
    console.error(`${request.method} ${new URL(request.url).pathname} failed`, error);
    return failureResponse(fail("server", requestTexts.unexpected));
  }
}

/**
 * A route module's `loader` and `action` from its declaration: `const route = apiRoute({ GET:
 * …, POST: … }, texts)`, then `export const loader = route.loader` and the same for `action`
 * (React Router takes these exports out of the browser's build one by one, so not destructured).
 */
export function apiRoute(methods: Partial<Record<Method, MethodSpec>>, texts: RouteTexts) {
  const handle = (args: RouteArgs) => runApi(methods, texts, args);
  return { loader: handle, action: handle };
}

/** One method's declaration, typed from its `who` and `body`. */
export function method<W extends Who, B extends BodySpec | undefined = undefined>(spec: MethodSpec<W, B>): MethodSpec {
  return spec as unknown as MethodSpec;
}

/** A JSON body checked by `schema`, at most `maxBytes`. */
export function jsonBody<S extends z.ZodType>(schema: S, maxBytes: number): JsonBody<S> {
  return { kind: "json", schema, maxBytes };
}

/** A text body of one of `types`, at most `maxBytes`. */
export function textBody(types: readonly string[], maxBytes: number): TextBody {
  return { kind: "text", types, maxBytes };
}
