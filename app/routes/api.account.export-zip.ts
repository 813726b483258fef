import { readAccountExport } from "~/account/data-export.server";
import { accountZipStream } from "~/account/data-zip";
import { apiRoute, method } from "~/lib/api-route.server";
import { fail, found } from "~/lib/api-failure";
import { accountPageTexts, accountZipTexts } from "~/messages/account-data";
import { downloadHeaders } from "~/projects/bundle/download-headers";
import { ZIP_MIME } from "~/projects/bundle/project-zip";

const route = apiRoute(
  {
    /**
     * GET /api/account/export.zip — "Download all my data": the signed-in writer's account, plan,
     * every conversation (Markdown and JSON) and every project's bible. Their own data only. The
     * archive is streamed as it is written (no Content-Length), a page of conversations at a time.
     */
    GET: method({
      who: "writer",
      handle: async ({ user }) => {
        const data = found(await readAccountExport(user.id), () => fail("not-found", "Not Found"));
        const exportedAt = new Date();
        const body = accountZipStream(data.head, data.pages, exportedAt);
        return new Response(body, { headers: downloadHeaders(ZIP_MIME, accountZipTexts.zipName(exportedAt.toISOString().slice(0, 10))) });
      },
    }),
  },
  { signedOut: { error: accountPageTexts.signedOut } },
);

export const loader = route.loader;
export const action = route.action;
