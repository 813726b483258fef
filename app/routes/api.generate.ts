import type { Route } from "./+types/api.generate";
import { authContext } from "~/auth/session.server";
import { generate } from "~/generation/generate.server";
import { executionContext } from "~/lib/execution-context.server";
import { generationErrors, generationToasts } from "~/messages/tools";

/** POST /api/generate — streams one generation turn (see app/generation/generate.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(authContext);
  if (auth.status !== "valid") {
    return Response.json(
      { error: generationErrors.notSignedIn, title: generationToasts.authenticationError.title },
      { status: 401 },
    );
  }
  const ctx = context.get(executionContext);
  return generate({ request, userId: auth.user.id, waitUntil: (promise) => ctx.waitUntil(promise) });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
