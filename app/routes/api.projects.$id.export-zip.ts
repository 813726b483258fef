import type { Route } from "./+types/api.projects.$id.export-zip";
import { bundleTexts } from "~/messages/bundle";
import { projectNotFound, projectsUser } from "~/projects/api.server";
import { readProjectBundle } from "~/projects/bundle/bundle.server";
import { downloadHeaders } from "~/projects/bundle/download-headers";
import { safeStem } from "~/projects/bundle/file-names";
import { projectZip, ZIP_MIME } from "~/projects/bundle/project-zip";
import { timeZoneParam } from "~/projects/bundle/time-zone";

/**
 * GET /api/projects/:id/export.zip[?tz=Europe/Berlin] — the project bundle: README.md, bible.md
 * and every conversation as a Markdown file with front matter (dates in `tz`, else UTC).
 * Another writer's project id is a 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = projectsUser(context);
  const bundle = await readProjectBundle({ userId: user.id, projectId: params.id });
  if (!bundle) return projectNotFound();
  const zip = projectZip({ ...bundle, exportedAt: new Date(), timeZone: timeZoneParam(new URL(request.url)) });
  const name = bundleTexts.zipName(safeStem(bundle.bible.project.title));
  return new Response(zip, { headers: downloadHeaders(ZIP_MIME, name, zip.byteLength) });
}
