import type { Route } from "./+types/api.history.$id";
import { requireApiUser } from "~/auth/guards.server";
import { authContext } from "~/auth/session.server";
import { readEntryChanges } from "~/history/entry-changes.server";
import { changeHistoryEntry, readHistoryThread, removeHistoryEntry } from "~/history/history.server";
import { apiError } from "~/lib/api-error";
import { readJsonRequest } from "~/lib/request-body.server";
import { historyTexts } from "~/messages/history";

const noStore = { "Cache-Control": "private, no-store" };
const signedOut = { error: historyTexts.signedOutApi };
const notFound = () => apiError(404, historyTexts.notFound);
/** A title of 120 characters in any script, with room for the JSON around it. */
const MAX_PATCH_BYTES = 4 * 1024;

/** GET /api/history/:id — one entry with its whole thread; another writer's id is a 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireApiUser(context.get(authContext), signedOut);
  const thread = await readHistoryThread({ userId: user.id, id: params.id });
  return thread ? Response.json(thread, { headers: noStore }) : notFound();
}

/** PATCH /api/history/:id — `{title?, starred?}`: renames ("" = derived title again) and/or stars. */
async function patchEntry(request: Request, userId: string, id: string) {
  const read = await readJsonRequest(request, MAX_PATCH_BYTES, { invalid: historyTexts.changesInvalid, tooLarge: historyTexts.changesInvalid });
  if (read instanceof Response) return read;
  const changes = readEntryChanges(read.body);
  if (!changes.ok) return apiError(400, changes.error);
  const state = await changeHistoryEntry({ userId, id, changes: changes.changes });
  return state ? Response.json(state, { headers: noStore }) : notFound();
}

/**
 * DELETE /api/history/:id — removes the entry and all its turns; PATCH renames or stars it.
 * For its owner only (another writer's id is a 404); cross-site writes are refused before here.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "DELETE" && request.method !== "PATCH") {
    return apiError(405, "Method Not Allowed", { headers: { Allow: "GET, PATCH, DELETE" } });
  }
  const user = requireApiUser(context.get(authContext), signedOut);
  if (request.method === "PATCH") return patchEntry(request, user.id, params.id);
  const deleted = await removeHistoryEntry({ userId: user.id, id: params.id });
  return deleted ? Response.json({ ok: true }, { headers: noStore }) : notFound();
}
