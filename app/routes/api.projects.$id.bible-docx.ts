import type { Route } from "./+types/api.projects.$id.bible-docx";
import { bundleTexts } from "~/messages/bundle";
import { projectNotFound, projectsUser } from "~/projects/api.server";
import { readBundleBible } from "~/projects/bundle/bundle.server";
import { downloadHeaders } from "~/projects/bundle/download-headers";
import { safeStem } from "~/projects/bundle/file-names";

/** The Word converter (and `docx`) is loaded only when a .docx is asked for, not with every request. */
const loadDocx = () => import("~/projects/bundle/bible-docx");

/** GET /api/projects/:id/bible.docx — the story bible as a Word document; another writer's id is a 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = projectsUser(context);
  const bible = await readBundleBible({ userId: user.id, projectId: params.id });
  if (!bible) return projectNotFound();
  const { bibleDocx, DOCX_MIME } = await loadDocx();
  const bytes = await bibleDocx(bible);
  const name = bundleTexts.bibleDocxName(safeStem(bible.project.title));
  return new Response(bytes, { headers: downloadHeaders(DOCX_MIME, name, bytes.byteLength) });
}
