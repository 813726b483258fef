import type { Route } from "./+types/api.active-project";
import { apiError } from "~/lib/api-error";
import { projectErrorTexts } from "~/messages/projects";
import { MAX_PROJECT_BODY_BYTES, badRequest, getDb, json, methodNotAllowed, projectsUser, readJsonBody } from "~/projects/api.server";
import { checkActiveProject } from "~/projects/validation";
import { setActiveProject } from "~db/queries/projects";

/** The active project is read with the list (GET /api/projects). */
export function loader() {
  return methodNotAllowed("PUT");
}

/**
 * PUT /api/active-project — `{projectId: string | null}`: the project the writer works in from
 * now on, on every device (null: "No project"). Another writer's, or an archived one, is a 404.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const user = projectsUser(context);
  const read = await readJsonBody(request, MAX_PROJECT_BODY_BYTES);
  if (read instanceof Response) return read;
  const input = checkActiveProject(read.body);
  if (!input.ok) return badRequest(input.error);
  const { projectId } = input.value;
  const set = await setActiveProject({ db: getDb(), userId: user.id, projectId });
  return set ? json({ activeProjectId: projectId }) : apiError(404, projectErrorTexts.activeUnavailable);
}
