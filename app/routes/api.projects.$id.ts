import type { Route } from "./+types/api.projects.$id";
import { projectErrorTexts } from "~/messages/projects";
import {
  MAX_PROJECT_BODY_BYTES,
  badRequest,
  getDb,
  json,
  methodNotAllowed,
  projectNotFound,
  projectsUser,
  readJsonBody,
} from "~/projects/api.server";
import { checkProjectChanges, deleteChoice } from "~/projects/validation";
import { deleteProject, readProject, updateProject } from "~db/queries/projects";

/** GET /api/projects/:id — the project with its bible entries; another writer's id is a 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = projectsUser(context);
  const project = await readProject({ db: getDb(), userId: user.id, id: params.id });
  return project ? json(project) : projectNotFound();
}

/** PATCH: `{title?, logline?, kind?, synopsis?, genreTone?, setting?, styleNotes?, styleSample?, archived?}`. */
async function patchProject(request: Request, userId: string, id: string) {
  const read = await readJsonBody(request, MAX_PROJECT_BODY_BYTES);
  if (read instanceof Response) return read;
  const changes = checkProjectChanges(read.body);
  if (!changes.ok) return badRequest(changes.error);
  const project = await updateProject({ db: getDb(), userId, id, changes: changes.value });
  return project ? json(project) : projectNotFound();
}

/**
 * PATCH /api/projects/:id changes the project (rename, bible sections, archive);
 * DELETE /api/projects/:id?conversations=detach|delete deletes it with its bible, its
 * conversations kept with no project (detach) or deleted. The writer's own only: a 404 otherwise.
 */
export async function action({ request, context, params, url }: Route.ActionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed("GET, PATCH, DELETE");
  const user = projectsUser(context);
  if (request.method === "PATCH") return patchProject(request, user.id, params.id);
  const conversations = deleteChoice(url.searchParams.get("conversations"));
  if (!conversations) return badRequest(projectErrorTexts.deleteChoice);
  const deleted = await deleteProject({ db: getDb(), userId: user.id, id: params.id, conversations });
  return deleted ? json({ ok: true }) : projectNotFound();
}
