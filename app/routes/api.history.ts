import type { Route } from "./+types/api.history";
import { requireApiUser } from "~/auth/guards.server";
import { authContext } from "~/auth/session.server";
import { normalizeSearch, readHistoryPage } from "~/history/history.server";
import { apiError } from "~/lib/api-error";
import { historyTexts } from "~/messages/history";

const noStore = { "Cache-Control": "private, no-store" };

/** GET /api/history?section=&q=&cursor= — the next page of a section's history (Load more). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireApiUser(context.get(authContext), { error: historyTexts.signedOutApi });
  const section = url.searchParams.get("section") ?? "";
  const started = performance.now();
  const page = await readHistoryPage({
    userId: user.id,
    section,
    search: normalizeSearch(url.searchParams.get("q")),
    cursor: url.searchParams.get("cursor"),
  });
  return Response.json(page, {
    headers: { ...noStore, "Server-Timing": `db;dur=${(performance.now() - started).toFixed(1)}` },
  });
}

/** Pages are only read here: any other method is a 405 naming the one allowed. */
export function action() {
  return apiError(405, "Method Not Allowed", { headers: { Allow: "GET" } });
}
