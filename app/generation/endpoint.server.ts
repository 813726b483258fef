/**
 * `/api/generate`, served by the Worker entry ahead of React Router: the streaming endpoint
 * needs no route tree, loaders or flash toasts, only the session — so a writer's first words
 * arrive without the page router's work in front of them, and after one database round trip
 * (decision 009).
 */
import { requireApiUser } from "~/auth/guards.server";
import { resolveSession, sessionCookieName, withSessionCookie } from "~/auth/session.server";
import { apiError } from "~/lib/api-error";
import { readCookie } from "~/lib/cookies.server";
import { generationErrors, generationToasts } from "~/messages/tools";
import { configuredModel, generate } from "./generate.server";
import { openGeneration } from "./opening.server";
import { readTurnDraft } from "./turn-request.server";

export const GENERATE_PATH = "/api/generate";

export async function handleGenerateEndpoint(request: Request, ctx: ExecutionContext): Promise<Response> {
  if (request.method !== "POST") {
    return apiError(405, "Method Not Allowed", { headers: { Allow: "POST" } });
  }
  try {
    return await handleGenerate(request, ctx);
  } catch (error) {
    // What React Router's error handling did for this route: log it, answer in the protocol.
    console.error("generate failed", error);
    return apiError(500, generationErrors.notConfigured, { title: generationToasts.generationError.title });
  }
}

const signedOut = { error: generationErrors.notSignedIn, title: generationToasts.authenticationError.title };

/**
 * A request that reaches the model reads and reserves in one database round trip
 * (opening.server.ts). One that cannot — no cookie, a body or a deployment refused without the
 * database — resolves its session alone, so a signed-out writer still hears 401 first.
 */
async function handleGenerate(request: Request, ctx: ExecutionContext): Promise<Response> {
  const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise);
  const token = readCookie(request, sessionCookieName(request));
  const parseStart = performance.now();
  const draft = token ? await readTurnDraft(request) : null;
  const parseMs = performance.now() - parseStart;
  const model = draft && !(draft instanceof Response) ? configuredModel() : null;
  if (!token || !draft || draft instanceof Response || !model || model instanceof Response) {
    const refusal = draft instanceof Response ? draft : model instanceof Response ? model : null;
    return refusedWithSession(request, refusal);
  }
  const opened = await openGeneration({ request, token, draft, parseMs });
  if (!("opening" in opened)) {
    return withSessionCookie(request, thrownResponse(() => requireApiUser(opened.state, signedOut)), opened.pendingCookie);
  }
  const response = await generate({ request, opened, model, waitUntil });
  return withSessionCookie(request, response, opened.pendingCookie);
}

/** The session resolved on its own, then the request's refusal (or a 401). */
async function refusedWithSession(request: Request, refusal: Response | null): Promise<Response> {
  const { state, pendingCookie } = await resolveSession(request);
  const response = thrownResponse(() => {
    requireApiUser(state, signedOut);
    if (!refusal) throw new Error("a refused generation request without its refusal");
    return refusal;
  });
  return withSessionCookie(request, response, pendingCookie);
}

/** What a guard's thrown Response answers (anything else thrown is a fault). */
function thrownResponse(run: () => Response | unknown): Response {
  try {
    const result = run();
    if (result instanceof Response) return result;
    throw new Error("a guard let a refused request through");
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
