import type { Route } from "./+types/api.history";
import { authContext } from "~/auth/session.server";
import { normalizeSearch, readHistoryPage } from "~/history/history.server";
import { historyTexts } from "~/messages/history";

const noStore = { "Cache-Control": "private, no-store" };

/** GET /api/history?section=&q=&cursor= — the next page of a section's history (Load more). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  if (auth.status !== "valid") return Response.json({ error: historyTexts.signedOutApi }, { status: 401, headers: noStore });
  const section = url.searchParams.get("section") ?? "";
  const started = performance.now();
  const page = await readHistoryPage({
    userId: auth.user.id,
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
  return Response.json({ error: "Method Not Allowed" }, { status: 405, headers: { ...noStore, Allow: "GET" } });
}
