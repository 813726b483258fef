/**
 * `/api/generate`, served by the Worker entry ahead of React Router: the streaming endpoint
 * needs no route tree, loaders or flash toasts, only the session — so a writer's first words
 * arrive without the page router's work in front of them (decision 009).
 */
import { resolveSession, withSessionCookie } from "~/auth/session.server";
import { generationErrors, generationToasts } from "~/messages/tools";
import { generate } from "./generate.server";

export const GENERATE_PATH = "/api/generate";

export async function handleGenerateEndpoint(request: Request, ctx: ExecutionContext): Promise<Response> {
  if (request.method !== "POST") {
    return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  }
  try {
    return await handleGenerate(request, ctx);
  } catch (error) {
    // What React Router's error handling did for this route: log it, answer in the protocol.
    console.error("generate failed", error);
    return Response.json(
      { error: generationErrors.notConfigured, title: generationToasts.generationError.title },
      { status: 500, headers: { "Cache-Control": "no-store" } },
    );
  }
}

async function handleGenerate(request: Request, ctx: ExecutionContext): Promise<Response> {
  const { state, pendingCookie } = await resolveSession(request);
  if (state.status !== "valid") {
    const refusal = Response.json(
      { error: generationErrors.notSignedIn, title: generationToasts.authenticationError.title },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
    return withSessionCookie(request, refusal, pendingCookie);
  }
  const response = await generate({
    request,
    userId: state.user.id,
    waitUntil: (promise) => ctx.waitUntil(promise),
  });
  return withSessionCookie(request, response, pendingCookie);
}
