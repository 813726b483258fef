import type { Route } from "./+types/api.admin.settings.model";
import { requireAdminApi } from "~/admin/guard.server";
import { checkModelSettings } from "~/admin/model-settings";
import { loadModelSettings, modelConnection as connection, saveModelSettings } from "~/admin/model-settings.server";
import { badRequest, json, methodNotAllowed, readJsonBody } from "~/projects/api.server";

const MAX_BODY_BYTES = 16 * 1024;

/** GET /api/admin/settings/model — the model settings in force and the connection's state. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireAdminApi(context);
  return json({ settings: await loadModelSettings(), connection: connection() });
}

/** POST /api/admin/settings/model — replaces the model settings (validated, audited). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminApi(context);
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const read = await readJsonBody(request, MAX_BODY_BYTES);
  if (read instanceof Response) return read;
  const checked = checkModelSettings(read.body);
  if (!checked.ok) return badRequest(checked.error);
  const before = await saveModelSettings(admin, checked.value);
  return json({ settings: checked.value, before });
}
