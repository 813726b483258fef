import type { Route } from "./+types/api.admin.writers.$id.$action";
import { requireAdminApi } from "~/admin/guard.server";
import { runWriterAction } from "~/admin/writer-actions.server";
import { apiError } from "~/lib/api-error";
import { backgroundOf } from "~/lib/execution-context.server";
import { adminErrors } from "~/messages/admin";
import { readJsonRequest } from "~/lib/request-body.server";
import { adminRequestTexts } from "~/messages/admin";

/**
 * POST /api/admin/writers/:id/:action, JSON `{amount?}` — a console action on a writer (see
 * writer-actions.server.ts). Anyone but a verified admin gets a 404 and nothing changes.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminApi(context);
  if (request.method !== "POST") return apiError(405, "Method Not Allowed", { headers: { Allow: "POST" } });
  const read = await readJsonRequest(request, 1024, adminRequestTexts);
  if (read instanceof Response) return read;
  const body = (read.body ?? {}) as { amount?: unknown };
  if (typeof body !== "object") return apiError(400, adminErrors.unknownAction);
  return runWriterAction({ admin, writerId: params.id, action: params.action, amount: body.amount, background: backgroundOf(context) });
}

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdminApi(context);
  return apiError(405, "Method Not Allowed", { headers: { Allow: "POST" } });
}
