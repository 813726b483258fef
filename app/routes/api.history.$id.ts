import type { Route } from "./+types/api.history.$id";
import { authContext } from "~/auth/session.server";
import { readHistoryThread, removeHistoryEntry } from "~/history/history.server";
import { historyTexts } from "~/messages/history";

const noStore = { "Cache-Control": "private, no-store" };

function signedOut() {
  return Response.json({ error: historyTexts.signedOutApi }, { status: 401, headers: noStore });
}

function notFound() {
  return Response.json({ error: historyTexts.notFound }, { status: 404, headers: noStore });
}

/** GET /api/history/:id — one entry with its whole thread; another writer's id is a 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  if (auth.status !== "valid") return signedOut();
  const thread = await readHistoryThread({ userId: auth.user.id, id: params.id });
  return thread ? Response.json(thread, { headers: noStore }) : notFound();
}

/** DELETE /api/history/:id — removes the entry and all its turns, for its owner only. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") {
    return Response.json({ error: "Method Not Allowed" }, { status: 405, headers: { ...noStore, Allow: "GET, DELETE" } });
  }
  const auth = context.get(authContext);
  if (auth.status !== "valid") return signedOut();
  const deleted = await removeHistoryEntry({ userId: auth.user.id, id: params.id });
  return deleted ? Response.json({ ok: true }, { headers: noStore }) : notFound();
}
