import { apiRoute, method, textBody } from "~/lib/api-route.server";
import { fail } from "~/lib/api-failure";
import { bundleErrors, importTexts } from "~/messages/bundle";
import { projectErrorTexts } from "~/messages/projects";
import { PROJECT_API_TEXTS } from "~/projects/api.server";
import type { LineError } from "~/projects/bundle/bible-limits";
import { importBible } from "~/projects/bundle/bundle.server";

/** A full bible at every limit is about 5.5 MB of English text; the cap leaves room for other scripts' longer UTF-8. */
const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
/** Problems listed in the error; the rest are counted. */
const LISTED_PROBLEMS = 10;
/** What a browser may send for a .md file (an empty type is not accepted: the page sets it). */
const MARKDOWN_TYPES = ["text/markdown", "text/x-markdown", "text/plain"];

function problems(errors: LineError[]): string[] {
  const listed = errors.slice(0, LISTED_PROBLEMS).map((error) => bundleErrors.atLine(error.line, error.message));
  return errors.length > LISTED_PROBLEMS ? [...listed, bundleErrors.andMore(errors.length - LISTED_PROBLEMS)] : listed;
}

const route = apiRoute(
  {
    /**
     * POST /api/projects/:id/import — body: a bible in the bundle's Markdown (bible.md). The sections
     * it fills replace the project's, its entries are added or (same name) updated, all in one batch.
     * Answers the project with its entries and what changed; a file with any problem → 400 listing
     * them by line, past 500 entries → 409, another writer's id → 404: nothing changes in any of them.
     */
    POST: method({
      who: "writer",
      body: textBody(MARKDOWN_TYPES, MAX_IMPORT_BYTES),
      handle: async ({ user, params, body }) => {
        if (!body.trim()) throw fail("invalid", importTexts.empty);
        const outcome = await importBible({ userId: user.id, projectId: params.id!, markdown: body });
        switch (outcome.kind) {
          case "not-found":
            throw fail("not-found", projectErrorTexts.notFound);
          case "invalid":
            throw fail("invalid", importTexts.invalid(problems(outcome.errors)));
          case "limit":
            throw fail("conflict", importTexts.tooManyEntries(outcome.existing, outcome.adding));
          case "imported":
            return { project: outcome.project, imported: outcome.summary };
        }
      },
    }),
  },
  // A file that is not Markdown, or over the size, is said in the import's own words.
  { ...PROJECT_API_TEXTS, invalid: importTexts.notText, tooLarge: importTexts.tooLarge, wrongType: importTexts.wrongType },
);

export const loader = route.loader;
export const action = route.action;
