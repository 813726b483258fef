import { apiRoute, created, jsonBody, method } from "~/lib/api-route.server";
import { fail, found } from "~/lib/api-failure";
import { getDb } from "~/lib/db.server";
import { projectErrorTexts } from "~/messages/projects";
import { MAX_ENTRIES_BODY_BYTES, PROJECT_API_TEXTS } from "~/projects/api.server";
import { MAX_ENTRIES_PER_PROJECT } from "~/rules/project-limits";
import { newEntriesSchema } from "~/projects/validation";
import { createEntries } from "~db/queries/bible-entries";

/** Entries are read with their project (GET /api/projects/:id). */
const route = apiRoute(
  {
    /**
     * POST /api/projects/:id/entries — `{entries: NewEntry[]}` (1–50): all added, in order (201), or
     * none: 400 for bad input, 409 past the project's limit, 404 for another writer's project.
     */
    POST: method({
      who: "writer",
      body: jsonBody(newEntriesSchema, MAX_ENTRIES_BODY_BYTES),
      handle: async ({ user, params, body }) => {
        const entries = await createEntries({ db: getDb(), userId: user.id, projectId: params.id!, entries: body.entries, limit: MAX_ENTRIES_PER_PROJECT });
        if (entries === "limit") throw fail("conflict", projectErrorTexts.entryLimit(MAX_ENTRIES_PER_PROJECT));
        return created({ entries: found(entries, () => fail("not-found", projectErrorTexts.notFound)) });
      },
    }),
  },
  PROJECT_API_TEXTS,
);

export const loader = route.loader;
export const action = route.action;
