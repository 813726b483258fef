import type { Route } from "./+types/api.account.export-zip";
import { readAccountExport } from "~/account/data-export.server";
import { accountZipStream } from "~/account/data-zip";
import { requireApiUser } from "~/auth/guards.server";
import { authContext } from "~/auth/session.server";
import { apiError } from "~/lib/api-error";
import { accountPageTexts, accountZipTexts } from "~/messages/account-data";
import { downloadHeaders } from "~/projects/bundle/download-headers";
import { ZIP_MIME } from "~/projects/bundle/project-zip";

/**
 * GET /api/account/export.zip — "Download all my data": the signed-in writer's account, plan,
 * every conversation (Markdown and JSON) and every project's bible. Their own data only. The
 * archive is streamed as it is written (no Content-Length), a page of conversations at a time.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireApiUser(context.get(authContext), { error: accountPageTexts.signedOut });
  const data = await readAccountExport(user.id);
  if (!data) return apiError(404, "Not Found");
  const exportedAt = new Date();
  const body = accountZipStream(data.head, data.pages, exportedAt);
  return new Response(body, { headers: downloadHeaders(ZIP_MIME, accountZipTexts.zipName(exportedAt.toISOString().slice(0, 10))) });
}
