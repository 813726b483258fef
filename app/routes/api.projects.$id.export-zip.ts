import { apiRoute, method } from "~/lib/api-route.server";
import { fail, found } from "~/lib/api-failure";
import { bundleTexts } from "~/messages/bundle";
import { projectErrorTexts } from "~/messages/projects";
import { PROJECT_API_TEXTS } from "~/projects/api.server";
import { readProjectBundle } from "~/projects/bundle/bundle.server";
import { downloadHeaders } from "~/projects/bundle/download-headers";
import { safeStem } from "~/projects/bundle/file-names";
import { projectZip, ZIP_MIME } from "~/projects/bundle/project-zip";
import { timeZoneParam } from "~/projects/bundle/time-zone";

const route = apiRoute(
  {
    /**
     * GET /api/projects/:id/export.zip[?tz=Europe/Berlin] — the project bundle: README.md, bible.md
     * and every conversation as a Markdown file with front matter (dates in `tz`, else UTC).
     * Another writer's project id is a 404.
     */
    GET: method({
      who: "writer",
      handle: async ({ user, params, url }) => {
        const bundle = found(await readProjectBundle({ userId: user.id, projectId: params.id! }), () => fail("not-found", projectErrorTexts.notFound));
        const zip = projectZip({ ...bundle, exportedAt: new Date(), timeZone: timeZoneParam(url) });
        const name = bundleTexts.zipName(safeStem(bundle.bible.project.title));
        return new Response(zip, { headers: downloadHeaders(ZIP_MIME, name, zip.byteLength) });
      },
    }),
  },
  PROJECT_API_TEXTS,
);

export const loader = route.loader;
export const action = route.action;
