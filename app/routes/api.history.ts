import type { Route } from "./+types/api.history";
import { requireApiUser } from "~/auth/guards.server";
import { authContext } from "~/auth/session.server";
import { EVERY_SECTION, normalizeSearch, projectFilterFound, projectParam, readHistoryPage, starredParam } from "~/history/history.server";
import { ALL_SECTIONS } from "~/history/limits";
import { apiError } from "~/lib/api-error";
import { historyTexts } from "~/messages/history";
import { projectErrorTexts } from "~/messages/projects";

const noStore = { "Cache-Control": "private, no-store" };

/**
 * GET /api/history?section=&q=&starred=1&project=&cursor= — the next page of a section's history
 * (Load more); `section=all` is every tool's section (the dashboard's search), `search=` is `q=`'s
 * other name (decision 012), `starred=1` only the starred entries, `project=<id>` only one
 * project's conversations (another writer's project is a 404) and `project=none` those of none.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireApiUser(context.get(authContext), { error: historyTexts.signedOutApi });
  const params = url.searchParams;
  const section = params.get("section") ?? "";
  const project = projectParam(params.get("project"));
  const started = performance.now();
  if (!(await projectFilterFound(user.id, project))) return apiError(404, projectErrorTexts.notFound);
  const page = await readHistoryPage({
    userId: user.id,
    section: section === ALL_SECTIONS ? EVERY_SECTION : section,
    search: normalizeSearch(params.get("q") ?? params.get("search")),
    starred: starredParam(params.get("starred")),
    project,
    cursor: params.get("cursor"),
  });
  return Response.json(page, {
    headers: { ...noStore, "Server-Timing": `db;dur=${(performance.now() - started).toFixed(1)}` },
  });
}

/** Pages are only read here: any other method is a 405 naming the one allowed. */
export function action() {
  return apiError(405, "Method Not Allowed", { headers: { Allow: "GET" } });
}
