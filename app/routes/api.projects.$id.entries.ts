import type { Route } from "./+types/api.projects.$id.entries";
import { projectErrorTexts } from "~/messages/projects";
import {
  MAX_ENTRIES_BODY_BYTES,
  badRequest,
  conflict,
  getDb,
  json,
  methodNotAllowed,
  projectNotFound,
  projectsUser,
  readJsonBody,
} from "~/projects/api.server";
import { MAX_ENTRIES_PER_PROJECT } from "~/projects/limits";
import { checkNewEntries } from "~/projects/validation";
import { createEntries } from "~db/queries/bible-entries";

/** Entries are read with their project (GET /api/projects/:id). */
export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/projects/:id/entries — `{entries: NewEntry[]}` (1–50): all added, in order (201), or
 * none: 400 for bad input, 409 past the project's limit, 404 for another writer's project.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = projectsUser(context);
  const read = await readJsonBody(request, MAX_ENTRIES_BODY_BYTES);
  if (read instanceof Response) return read;
  const input = checkNewEntries(read.body);
  if (!input.ok) return badRequest(input.error);
  const entries = await createEntries({
    db: getDb(),
    userId: user.id,
    projectId: params.id,
    entries: input.value.entries,
    limit: MAX_ENTRIES_PER_PROJECT,
  });
  if (entries === null) return projectNotFound();
  if (entries === "limit") return conflict(projectErrorTexts.entryLimit(MAX_ENTRIES_PER_PROJECT));
  return json({ entries }, 201);
}
