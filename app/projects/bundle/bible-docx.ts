/**
 * The story bible as a Word document: the same document as bible.md without its front matter,
 * through the answers' Markdown → .docx converter (sections as Heading 2, entries as Heading 3,
 * private notes as Heading 4). Built in the browser, loaded only when the writer asks for it.
 */
import { docxBytes, markdownToDocx } from "~/exports/markdown-to-docx";
import type { BundleBible } from "./bible-format";
import { bibleBodyBlocks } from "./bible-markdown";

export { DOCX_MIME } from "~/exports/markdown-to-docx";

export function bibleDocx(bible: BundleBible): Promise<ArrayBuffer> {
  return docxBytes(markdownToDocx(bibleBodyBlocks(bible).join("\n\n"), { title: bible.project.title }));
}
