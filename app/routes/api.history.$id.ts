import { apiRoute, jsonBody, method, type RouteTexts } from "~/lib/api-route.server";
import { fail, found } from "~/lib/api-failure";
import { historyChangesSchema, type EntryChanges } from "~/history/entry-changes.server";
import { changeHistoryEntry, readHistoryThread, removeHistoryEntry } from "~/history/history.server";
import { historyTexts } from "~/messages/history";

/** A title of 120 characters in any script, with room for the JSON around it. */
const MAX_PATCH_BYTES = 4 * 1024;
const TEXTS: RouteTexts = { signedOut: { error: historyTexts.signedOutApi }, invalid: historyTexts.changesInvalid, tooLarge: historyTexts.changesInvalid };
const notFound = () => fail("not-found", historyTexts.notFound);

/** One entry of the writer's history; another writer's id is a 404, and cross-site writes are refused before here. */
const route = apiRoute(
  {
    /** GET /api/history/:id — the entry with its whole thread. */
    GET: method({ who: "writer", handle: async ({ user, params }) => found(await readHistoryThread({ userId: user.id, id: params.id! }), notFound) }),
    /** PATCH /api/history/:id — `{title?, starred?}`: renames ("" = the derived title again) and/or stars it. */
    PATCH: method({
      who: "writer",
      body: jsonBody(historyChangesSchema, MAX_PATCH_BYTES),
      handle: async ({ user, params, body }) => found(await changeHistoryEntry({ userId: user.id, id: params.id!, changes: body as EntryChanges }), notFound),
    }),
    /** DELETE /api/history/:id — removes the entry and all its turns. */
    DELETE: method({
      who: "writer",
      handle: async ({ user, params }) => {
        found(await removeHistoryEntry({ userId: user.id, id: params.id! }), notFound);
        return { ok: true };
      },
    }),
  },
  TEXTS,
);

export const loader = route.loader;
export const action = route.action;
