/**
 * "Bible (.docx)" on the project page: the bible is read fresh from the server (what autosave
 * stored, private notes included — the file is the writer's own) and turned into a Word document
 * in the browser. The converter and `docx` load only on this click, and never ship in the Worker.
 */
import { downloadBlob } from "~/lib/download";
import { bundleTexts } from "~/messages/bundle";
import { readProject } from "~/projects/client";
import { bundleBible } from "./bundle-bible";
import { safeStem } from "./file-names";

/** A constant in the server build, which so drops the import: the Worker does not carry docx. */
const loadDocx = () => (import.meta.env.SSR ? Promise.reject(new Error("The .docx is built in the browser.")) : import("./bible-docx"));

export async function downloadBibleDocx(projectId: string): Promise<void> {
  const [project, { bibleDocx, DOCX_MIME }] = await Promise.all([readProject(projectId), loadDocx()]);
  const bytes = await bibleDocx(bundleBible(project));
  downloadBlob(bundleTexts.bibleDocxName(safeStem(project.title)), new Blob([bytes], { type: DOCX_MIME }));
}
