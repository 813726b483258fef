import type { Route } from "./+types/api.admin.settings.trial-guard";
import { requireAdminApi } from "~/admin/guard.server";
import { checkTrialGuard, loadTrialGuard, saveTrialGuard } from "~/admin/trial-guard.server";
import { badRequest, json, methodNotAllowed, readJsonBody } from "~/projects/api.server";

/** GET /api/admin/settings/trial-guard — the sign-up limits in force. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireAdminApi(context);
  return json({ guard: await loadTrialGuard() });
}

/** POST /api/admin/settings/trial-guard — `{signupsPerIpHour, dailyNewTrials (null: no cap)}`, audited. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminApi(context);
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const read = await readJsonBody(request, 4 * 1024);
  if (read instanceof Response) return read;
  const checked = checkTrialGuard(read.body);
  if (!checked.ok) return badRequest(checked.error);
  const before = await saveTrialGuard(admin, checked.value);
  return json({ guard: checked.value, before });
}
