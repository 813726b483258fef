import type { Route } from "./+types/api.history.$id";
import { requireApiUser } from "~/auth/guards.server";
import { authContext } from "~/auth/session.server";
import { readHistoryThread, removeHistoryEntry } from "~/history/history.server";
import { apiError } from "~/lib/api-error";
import { historyTexts } from "~/messages/history";

const noStore = { "Cache-Control": "private, no-store" };
const signedOut = { error: historyTexts.signedOutApi };
const notFound = () => apiError(404, historyTexts.notFound);

/** GET /api/history/:id — one entry with its whole thread; another writer's id is a 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireApiUser(context.get(authContext), signedOut);
  const thread = await readHistoryThread({ userId: user.id, id: params.id });
  return thread ? Response.json(thread, { headers: noStore }) : notFound();
}

/** DELETE /api/history/:id — removes the entry and all its turns, for its owner only. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") {
    return apiError(405, "Method Not Allowed", { headers: { Allow: "GET, DELETE" } });
  }
  const user = requireApiUser(context.get(authContext), signedOut);
  const deleted = await removeHistoryEntry({ userId: user.id, id: params.id });
  return deleted ? Response.json({ ok: true }, { headers: noStore }) : notFound();
}
