import { apiRoute, json, method } from "~/lib/api-route.server";
import { fail } from "~/lib/api-failure";
import { EVERY_SECTION, normalizeSearch, projectFilterFound, projectParam, readHistoryPage, starredParam } from "~/history/history.server";
import { ALL_SECTIONS } from "~/history/limits";
import { historyTexts } from "~/messages/history";
import { projectErrorTexts } from "~/messages/projects";

const route = apiRoute(
  {
    /**
     * GET /api/history?section=&q=&starred=1&project=&cursor= — the next page of a section's history
     * (Load more); `section=all` is every tool's section (the dashboard's search), `search=` is `q=`'s
     * other name (decision 012), `starred=1` only the starred entries, `project=<id>` only one
     * project's conversations (another writer's project is a 404) and `project=none` those of none.
     */
    GET: method({
      who: "writer",
      handle: async ({ user, url }) => {
        const params = url.searchParams;
        const section = params.get("section") ?? "";
        const project = projectParam(params.get("project"));
        const started = performance.now();
        if (!(await projectFilterFound(user.id, project))) throw fail("not-found", projectErrorTexts.notFound);
        const page = await readHistoryPage({
          userId: user.id,
          section: section === ALL_SECTIONS ? EVERY_SECTION : section,
          search: normalizeSearch(params.get("q") ?? params.get("search")),
          starred: starredParam(params.get("starred")),
          project,
          cursor: params.get("cursor"),
        });
        const response = json(page);
        response.headers.set("Server-Timing", `db;dur=${(performance.now() - started).toFixed(1)}`);
        return response;
      },
    }),
  },
  { signedOut: { error: historyTexts.signedOutApi }, invalid: historyTexts.unavailable },
);

export const loader = route.loader;
export const action = route.action;
