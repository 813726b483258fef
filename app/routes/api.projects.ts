import type { Route } from "./+types/api.projects";
import { projectErrorTexts } from "~/messages/projects";
import {
  MAX_PROJECT_BODY_BYTES,
  badRequest,
  conflict,
  getDb,
  json,
  methodNotAllowed,
  projectsUser,
  readJsonBody,
} from "~/projects/api.server";
import { MAX_PROJECTS_PER_WRITER } from "~/projects/limits";
import { checkNewProject } from "~/projects/validation";
import { createProject, listProjects, readActiveProject } from "~db/queries/projects";

/**
 * GET /api/projects — the writer's projects, archived ones too (each says `archivedAt`), most
 * recently changed first, and the active one's id (null: "No project").
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = projectsUser(context);
  const db = getDb();
  const [projects, active] = await Promise.all([
    listProjects({ db, userId: user.id, includeArchived: true }),
    readActiveProject({ db, userId: user.id }),
  ]);
  return json({ projects, activeProjectId: active?.id ?? null });
}

/** POST /api/projects — `{title, logline?, kind?}` → 201 and the project; 409 past the limit. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = projectsUser(context);
  const read = await readJsonBody(request, MAX_PROJECT_BODY_BYTES);
  if (read instanceof Response) return read;
  const input = checkNewProject(read.body);
  if (!input.ok) return badRequest(input.error);
  const project = await createProject({ db: getDb(), userId: user.id, ...input.value, limit: MAX_PROJECTS_PER_WRITER });
  if (project === "limit") return conflict(projectErrorTexts.projectLimit(MAX_PROJECTS_PER_WRITER));
  return json(project, 201);
}
