import type { Route } from "./+types/api.projects.$id.import";
import { apiError } from "~/lib/api-error";
import { mediaTypeOf } from "~/lib/media-type";
import { BodyError, readText } from "~/lib/request-body.server";
import { bundleErrors, importTexts } from "~/messages/bundle";
import { badRequest, conflict, json, methodNotAllowed, projectNotFound, projectsUser } from "~/projects/api.server";
import type { LineError } from "~/projects/bundle/bible-limits";
import { importBible } from "~/projects/bundle/bundle.server";

/** A full bible at every limit is about 5.5 MB of English text; the cap leaves room for other scripts' longer UTF-8. */
const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
/** Problems listed in the error; the rest are counted. */
const LISTED_PROBLEMS = 10;
/** What a browser may send for a .md file (an empty type is not accepted: the page sets it). */
const MARKDOWN_TYPES = new Set(["text/markdown", "text/x-markdown", "text/plain"]);

function problems(errors: LineError[]): string[] {
  const listed = errors.slice(0, LISTED_PROBLEMS).map((error) => bundleErrors.atLine(error.line, error.message));
  return errors.length > LISTED_PROBLEMS ? [...listed, bundleErrors.andMore(errors.length - LISTED_PROBLEMS)] : listed;
}

/** The body as text, or the error answer. */
async function readMarkdown(request: Request): Promise<string | Response> {
  if (!MARKDOWN_TYPES.has(mediaTypeOf(request))) return apiError(415, importTexts.wrongType);
  let text: string;
  try {
    text = await readText(request, MAX_IMPORT_BYTES);
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    return apiError(error.status, error.status === 413 ? importTexts.tooLarge : importTexts.notText);
  }
  return text.trim() ? text : apiError(400, importTexts.empty);
}

/**
 * POST /api/projects/:id/import — body: a bible in the bundle's Markdown (bible.md). The sections
 * it fills replace the project's, its entries are added or (same name) updated, all in one batch.
 * Answers the project with its entries and what changed; a file with any problem → 400 listing
 * them by line, past 500 entries → 409, another writer's id → 404: nothing changes in any of them.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = projectsUser(context);
  const markdown = await readMarkdown(request);
  if (markdown instanceof Response) return markdown;
  const outcome = await importBible({ userId: user.id, projectId: params.id, markdown });
  switch (outcome.kind) {
    case "not-found":
      return projectNotFound();
    case "invalid":
      return badRequest(importTexts.invalid(problems(outcome.errors)));
    case "limit":
      return conflict(importTexts.tooManyEntries(outcome.existing, outcome.adding));
    case "imported":
      return json({ project: outcome.project, imported: outcome.summary });
  }
}
