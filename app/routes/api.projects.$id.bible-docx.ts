import type { Route } from "./+types/api.projects.$id.bible-docx";
import { requireApiUser } from "~/auth/guards.server";
import { authContext } from "~/auth/session.server";
import { apiError } from "~/lib/api-error";
import { bundleTexts } from "~/messages/bundle";
import { projectErrorTexts } from "~/messages/projects";
import { readBundleBible } from "~/projects/bundle/bundle.server";
import { downloadHeaders } from "~/projects/bundle/download-headers";
import { safeStem } from "~/projects/bundle/file-names";

/** The Word converter (and `docx`) is loaded only when a .docx is asked for, not with every request. */
const loadDocx = () => import("~/projects/bundle/bible-docx");

/** GET /api/projects/:id/bible.docx — the story bible as a Word document; another writer's id is a 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireApiUser(context.get(authContext), { error: projectErrorTexts.signedOut });
  const bible = await readBundleBible({ userId: user.id, projectId: params.id });
  if (!bible) return apiError(404, projectErrorTexts.notFound);
  const { bibleDocx, DOCX_MIME } = await loadDocx();
  const bytes = await bibleDocx(bible);
  const name = bundleTexts.bibleDocxName(safeStem(bible.project.title));
  return new Response(bytes, { headers: downloadHeaders(DOCX_MIME, name, bytes.byteLength) });
}
