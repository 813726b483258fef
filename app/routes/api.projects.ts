import { apiRoute, created, jsonBody, method } from "~/lib/api-route.server";
import { fail } from "~/lib/api-failure";
import { getDb } from "~/lib/db.server";
import { projectErrorTexts } from "~/messages/projects";
import { MAX_PROJECT_BODY_BYTES, PROJECT_API_TEXTS } from "~/projects/api.server";
import { MAX_PROJECTS_PER_WRITER } from "~/rules/project-limits";
import { newProjectSchema } from "~/projects/validation";
import { createProject, listProjects, readActiveProject } from "~db/queries/projects";

const route = apiRoute(
  {
    /**
     * GET /api/projects — the writer's projects, archived ones too (each says `archivedAt`), most
     * recently changed first, and the active one's id (null: "No project").
     */
    GET: method({
      who: "writer",
      handle: async ({ user }) => {
        const db = getDb();
        const [projects, active] = await Promise.all([
          listProjects({ db, userId: user.id, includeArchived: true }),
          readActiveProject({ db, userId: user.id }),
        ]);
        return { projects, activeProjectId: active?.id ?? null };
      },
    }),
    /** POST /api/projects — `{title, logline?, kind?}` → 201 and the project; 409 past the limit. */
    POST: method({
      who: "writer",
      body: jsonBody(newProjectSchema, MAX_PROJECT_BODY_BYTES),
      handle: async ({ user, body }) => {
        const project = await createProject({ db: getDb(), userId: user.id, ...body, limit: MAX_PROJECTS_PER_WRITER });
        if (project === "limit") throw fail("conflict", projectErrorTexts.projectLimit(MAX_PROJECTS_PER_WRITER));
        return created(project);
      },
    }),
  },
  PROJECT_API_TEXTS,
);

export const loader = route.loader;
export const action = route.action;
