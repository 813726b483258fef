/**
 * The project bundle (issue 13, "Export and import"): one .zip with `README.md` (what is inside
 * and how to edit and import it), `bible.md` (bible-markdown.ts) and every conversation of the
 * project as `conversations/<section>/<date>-<title>.md` (conversation-file.ts).
 */
import { strToU8, zipSync, type Zippable } from "fflate";
import { bundleTexts } from "~/messages/bundle";
import type { BundleBible } from "./bible-format";
import { bibleToMarkdown } from "./bible-markdown";
import { conversationMarkdown, conversationPath, type BundleConversation } from "./conversation-file";

export const ZIP_MIME = "application/zip";

/** Markdown compresses about fourfold at this level, at a fraction of the time of the highest. */
const COMPRESSION_LEVEL = 6;

export function projectZip({
  bible,
  conversations,
  exportedAt,
  timeZone,
}: {
  bible: BundleBible;
  conversations: readonly BundleConversation[];
  exportedAt: Date;
  /** The writer's time zone for the dates in the files (UTC when not given). */
  timeZone?: string;
}): Uint8Array<ArrayBuffer> {
  const files: Zippable = {};
  const used = new Set([bundleTexts.readmeFile, bundleTexts.bibleFile].map((name) => name.toLowerCase()));
  const projectTitle = bible.project.title;
  files[bundleTexts.readmeFile] = strToU8(
    bundleTexts.readme({
      title: projectTitle,
      exportedAt: exportedAt.toLocaleString("en-US", { dateStyle: "long", timeStyle: "short", timeZone }),
      entries: bible.entries.length,
      conversations: conversations.length,
    }),
  );
  files[bundleTexts.bibleFile] = strToU8(bibleToMarkdown(bible));
  for (const conversation of conversations) {
    files[conversationPath(conversation, used)] = strToU8(conversationMarkdown(conversation, { projectTitle, timeZone }));
  }
  return zipSync(files, { level: COMPRESSION_LEVEL, mtime: exportedAt });
}
