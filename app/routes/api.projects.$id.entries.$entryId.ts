import { apiRoute, jsonBody, method } from "~/lib/api-route.server";
import { fail, found } from "~/lib/api-failure";
import { getDb } from "~/lib/db.server";
import { projectErrorTexts } from "~/messages/projects";
import { MAX_ENTRY_BODY_BYTES, PROJECT_API_TEXTS } from "~/projects/api.server";
import { MAX_DESCRIPTION_CHARS } from "~/rules/project-limits";
import { entryChangesSchema } from "~/projects/validation";
import { deleteEntry, updateEntry } from "~db/queries/bible-entries";

const notFound = () => fail("not-found", projectErrorTexts.entryNotFound);

/** An entry is read with its project (GET /api/projects/:id); an entry of another project, or another writer's, is a 404. */
const route = apiRoute(
  {
    /** PATCH: `{name?, kind?, aliases?, description?, notes?, alwaysInclude?, appendDescription?}` ("Save to bible" appends). */
    PATCH: method({
      who: "writer",
      body: jsonBody(entryChangesSchema, MAX_ENTRY_BODY_BYTES),
      handle: async ({ user, params, body }) => {
        const entry = await updateEntry({
          db: getDb(),
          userId: user.id,
          projectId: params.id!,
          entryId: params.entryId!,
          changes: body,
          maxDescriptionChars: MAX_DESCRIPTION_CHARS,
        });
        if (entry === "limit") throw fail("invalid", projectErrorTexts.descriptionLimit(MAX_DESCRIPTION_CHARS));
        return found(entry, notFound);
      },
    }),
    DELETE: method({
      who: "writer",
      handle: async ({ user, params }) => {
        found(await deleteEntry({ db: getDb(), userId: user.id, projectId: params.id!, entryId: params.entryId! }), notFound);
        return { ok: true };
      },
    }),
  },
  PROJECT_API_TEXTS,
);

export const loader = route.loader;
export const action = route.action;
