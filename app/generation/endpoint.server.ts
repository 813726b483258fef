/**
 * `/api/generate`, served by the Worker entry ahead of React Router: the streaming endpoint
 * needs no route tree, loaders or flash toasts, only the session — so a writer's first words
 * arrive without the page router's work in front of them (decision 009).
 */
import { requireApiUser } from "~/auth/guards.server";
import { resolveSession, withSessionCookie } from "~/auth/session.server";
import { apiError } from "~/lib/api-error";
import { generationErrors, generationToasts } from "~/messages/tools";
import { generate } from "./generate.server";

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

async function handleGenerate(request: Request, ctx: ExecutionContext): Promise<Response> {
  const { state, pendingCookie } = await resolveSession(request);
  let response: Response;
  try {
    const user = requireApiUser(state, {
      error: generationErrors.notSignedIn,
      title: generationToasts.authenticationError.title,
    });
    response = await generate({ request, userId: user.id, waitUntil: (promise) => ctx.waitUntil(promise) });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  return withSessionCookie(request, response, pendingCookie);
}
