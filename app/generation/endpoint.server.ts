/**
 * `POST /api/generate`, declared like every API route (lib/api-route.server.ts) and served by the
 * Worker entry ahead of React Router: the streaming endpoint needs no route tree, loaders or
 * flash toasts — so a writer's first words arrive after one database round trip (decision 009).
 *
 * The handler reads top to bottom (decision 010): the request → the rate limit → the turn's one
 * batch (session, renewal, reservation, thread, bible) → the checks that may still refuse it →
 * the stream, which settles the turn when it ends (turn.server.ts).
 */
import { RouterContextProvider } from "react-router";
import { resolveSession, sessionCookieName, withSessionCookie } from "~/auth/session.server";
import { hashToken } from "~/auth/tokens.server";
import { ApiFailure } from "~/lib/api-failure";
import { jsonBody, method, runApi, type ApiInput, type RouteTexts, type SessionInHandler } from "~/lib/api-route.server";
import { readCookie } from "~/lib/cookies.server";
import { executionContext } from "~/lib/execution-context.server";
import { generationErrors, generationToasts } from "~/messages/tools";
import { configuredModel, limitGenerations, readyTurn } from "./generate.server";
import { openGeneration } from "./opening.server";
import { generateRequestSchema } from "./protocol";
import { afterTurnBefore, draftOf, MAX_GENERATE_BODY_BYTES, rawFieldNames } from "./turn-request.server";
import { streamTurn } from "./turn.server";

export const GENERATE_PATH = "/api/generate";

const TEXTS: RouteTexts = {
  signedOut: { error: generationErrors.notSignedIn, title: generationToasts.authenticationError.title },
  invalid: generationErrors.badRequest,
  tooLarge: generationErrors.badRequest,
  title: generationToasts.generationError.title,
};

/** The session is read in the turn's own batch; the pipeline only asks whether there is one. */
const sessionInBatch: SessionInHandler = {
  present: (request) => Boolean(readCookie(request, sessionCookieName(request))),
  resolve: async (request) => {
    const { state, pendingCookie } = await resolveSession(request);
    return { alive: state.status === "valid", cookie: pendingCookie };
  },
};

type Input = ApiInput<"writer", ReturnType<typeof jsonBody<typeof generateRequestSchema>>>;

/** One turn, initial or later: see the module's comment for the order. */
async function generateTurn({ request, body, raw, context, unauthorized }: Input): Promise<Response> {
  const parseStart = performance.now();
  const draft = draftOf(body, rawFieldNames(raw), new Date());
  const parseMs = performance.now() - parseStart;
  const model = configuredModel();
  const token = readCookie(request, sessionCookieName(request))!;
  const sessionId = await hashToken(token);
  const limitStart = performance.now();
  await limitGenerations(sessionId);
  const limitMs = performance.now() - limitStart;
  // The conversation a later turn builds on: the turn before it settles first (turns-in-flight).
  await afterTurnBefore(draft);
  const opened = await openGeneration({ request, token, sessionId, draft });
  const cookie = opened.pendingCookie ? { "Set-Cookie": opened.pendingCookie } : undefined;
  if (!opened.writer) throw unauthorized(cookie);
  try {
    const checksStart = performance.now();
    const ready = await readyTurn({ draft, opened, writer: opened.writer, model });
    const response = await streamTurn({
      ...ready,
      signal: request.signal,
      waitUntil: (promise) => context.get(executionContext).waitUntil(promise),
      headers: {
        "Server-Timing": [
          `parse;dur=${parseMs.toFixed(1)}`,
          `limit;dur=${limitMs.toFixed(1)}`,
          `batch;dur=${opened.batchMs.toFixed(1)}`,
          `checks;dur=${(opened.batchMs + performance.now() - checksStart).toFixed(1)}`,
        ].join(", "),
      },
    });
    return withSessionCookie(request, response, opened.pendingCookie);
  } catch (refusal) {
    // A refusal after the batch still carries the session's renewed or cleared cookie.
    if (refusal instanceof ApiFailure && cookie) throw new ApiFailure(refusal.code, refusal.error, { ...refusal.options, headers: { ...refusal.options.headers, ...cookie } });
    throw refusal;
  }
}

const GENERATE = {
  POST: method({ who: "writer", sessionInHandler: sessionInBatch, body: jsonBody(generateRequestSchema, MAX_GENERATE_BODY_BYTES), handle: generateTurn }),
};

/** Called by the Worker entry for GENERATE_PATH, with the request's execution context. */
export function handleGenerateEndpoint(request: Request, ctx: ExecutionContext): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(executionContext, ctx);
  return runApi(GENERATE, TEXTS, { request, params: {}, context });
}
