import type { Route } from "./+types/api.projects.$id.entries.$entryId";
import { projectErrorTexts } from "~/messages/projects";
import {
  MAX_ENTRY_BODY_BYTES,
  badRequest,
  entryNotFound,
  getDb,
  json,
  methodNotAllowed,
  projectsUser,
  readJsonBody,
} from "~/projects/api.server";
import { MAX_DESCRIPTION_CHARS } from "~/projects/limits";
import { checkEntryChanges } from "~/projects/validation";
import { deleteEntry, updateEntry } from "~db/queries/bible-entries";

/** An entry is read with its project (GET /api/projects/:id). */
export function loader() {
  return methodNotAllowed("PATCH, DELETE");
}

/** PATCH: `{name?, kind?, aliases?, description?, notes?, alwaysInclude?, appendDescription?}`. */
async function patchEntry(request: Request, userId: string, projectId: string, entryId: string) {
  const read = await readJsonBody(request, MAX_ENTRY_BODY_BYTES);
  if (read instanceof Response) return read;
  const changes = checkEntryChanges(read.body);
  if (!changes.ok) return badRequest(changes.error);
  const entry = await updateEntry({
    db: getDb(),
    userId,
    projectId,
    entryId,
    changes: changes.value,
    maxDescriptionChars: MAX_DESCRIPTION_CHARS,
  });
  if (entry === "limit") return badRequest(projectErrorTexts.descriptionLimit(MAX_DESCRIPTION_CHARS));
  return entry ? json(entry) : entryNotFound();
}

/**
 * PATCH /api/projects/:id/entries/:entryId changes one entry ("Save to bible" appends with
 * `appendDescription`); DELETE deletes it. An entry of another project, or another writer's, is a 404.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed("PATCH, DELETE");
  const user = projectsUser(context);
  if (request.method === "PATCH") return patchEntry(request, user.id, params.id, params.entryId);
  const deleted = await deleteEntry({ db: getDb(), userId: user.id, projectId: params.id, entryId: params.entryId });
  return deleted ? json({ ok: true }) : entryNotFound();
}
