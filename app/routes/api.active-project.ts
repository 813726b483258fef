import { apiRoute, jsonBody, method } from "~/lib/api-route.server";
import { fail, found } from "~/lib/api-failure";
import { getDb } from "~/lib/db.server";
import { projectErrorTexts } from "~/messages/projects";
import { MAX_PROJECT_BODY_BYTES, PROJECT_API_TEXTS } from "~/projects/api.server";
import { activeProjectSchema } from "~/projects/validation";
import { setActiveProject } from "~db/queries/projects";

/** The active project is read with the list (GET /api/projects). */
const route = apiRoute(
  {
    /**
     * PUT /api/active-project — `{projectId: string | null}`: the project the writer works in from
     * now on, on every device (null: "No project"). Another writer's, or an archived one, is a 404.
     */
    PUT: method({
      who: "writer",
      body: jsonBody(activeProjectSchema, MAX_PROJECT_BODY_BYTES),
      handle: async ({ user, body }) => {
        found(await setActiveProject({ db: getDb(), userId: user.id, projectId: body.projectId }), () => fail("not-found", projectErrorTexts.activeUnavailable));
        return { activeProjectId: body.projectId };
      },
    }),
  },
  PROJECT_API_TEXTS,
);

export const loader = route.loader;
export const action = route.action;
