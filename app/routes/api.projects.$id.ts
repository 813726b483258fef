import { apiRoute, jsonBody, method } from "~/lib/api-route.server";
import { fail, found } from "~/lib/api-failure";
import { getDb } from "~/lib/db.server";
import { projectErrorTexts } from "~/messages/projects";
import { MAX_PROJECT_BODY_BYTES, PROJECT_API_TEXTS } from "~/projects/api.server";
import { deleteChoice, projectChangesSchema } from "~/projects/validation";
import { deleteProject, readProject, updateProject } from "~db/queries/projects";

const notFound = () => fail("not-found", projectErrorTexts.notFound);

const route = apiRoute(
  {
    /** GET /api/projects/:id — the project with its bible entries; another writer's id is a 404. */
    GET: method({
      who: "writer",
      handle: async ({ user, params }) => found(await readProject({ db: getDb(), userId: user.id, id: params.id! }), notFound),
    }),
    /** PATCH: `{title?, logline?, kind?, synopsis?, genreTone?, setting?, styleNotes?, styleSample?, archived?}` (rename, bible sections, archive). */
    PATCH: method({
      who: "writer",
      body: jsonBody(projectChangesSchema, MAX_PROJECT_BODY_BYTES),
      handle: async ({ user, params, body }) => found(await updateProject({ db: getDb(), userId: user.id, id: params.id!, changes: body }), notFound),
    }),
    /**
     * DELETE /api/projects/:id?conversations=detach|delete deletes it with its bible, its
     * conversations kept with no project (detach) or deleted. The writer's own only.
     */
    DELETE: method({
      who: "writer",
      handle: async ({ user, params, url }) => {
        const conversations = deleteChoice(url.searchParams.get("conversations"));
        if (!conversations) throw fail("invalid", projectErrorTexts.deleteChoice);
        found(await deleteProject({ db: getDb(), userId: user.id, id: params.id!, conversations }), notFound);
        return { ok: true };
      },
    }),
  },
  PROJECT_API_TEXTS,
);

export const loader = route.loader;
export const action = route.action;
