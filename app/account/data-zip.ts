/**
 * "Download all my data" (issue 14): one .zip with a README, `account.json`, every conversation
 * as Markdown (the same file a project export or a history download writes) and as JSON beside
 * it, and every project's bible as `projects/<title>/bible.md` (the importable format).
 */
import { strToU8, zipSync, type Zippable } from "fflate";
import { accountZipTexts as texts } from "~/messages/account-data";
import { bundleTexts } from "~/messages/bundle";
import type { BundleBible } from "~/projects/bundle/bible-format";
import { bibleToMarkdown } from "~/projects/bundle/bible-markdown";
import { conversationMarkdown, conversationPath, type BundleConversation } from "~/projects/bundle/conversation-file";
import { safeStem } from "~/projects/bundle/file-names";

export type DataConversation = BundleConversation & { projectTitle: string | null; details: Record<string, string> };

export type AccountData = {
  account: Record<string, unknown> & { email: string };
  conversations: readonly DataConversation[];
  bibles: readonly BundleBible[];
};

const COMPRESSION_LEVEL = 6;

/** `projects/<title>`, or `projects/<title>-2` (-3, …) when another project has that title. */
function projectFolder(used: Set<string>, title: string): string {
  for (let n = 1; ; n++) {
    const stem = safeStem(title);
    const path = `${texts.projectsFolder}/${n === 1 ? stem : `${stem}-${n}`}`;
    if (!used.has(path.toLowerCase())) {
      used.add(path.toLowerCase());
      return path;
    }
  }
}
const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

export function accountZip({ account, conversations, bibles }: AccountData, exportedAt: Date): Uint8Array<ArrayBuffer> {
  const files: Zippable = {};
  files[texts.readmeFile] = strToU8(
    texts.readme({
      email: account.email,
      exportedAt: exportedAt.toLocaleString("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }) + " UTC",
      conversations: conversations.length,
      projects: bibles.length,
    }),
  );
  files[texts.accountFile] = json({ ...account, exportedAt: exportedAt.toISOString() });
  const used = new Set<string>();
  for (const conversation of conversations) {
    const markdownPath = conversationPath(conversation, used);
    files[markdownPath] = strToU8(conversationMarkdown(conversation, { projectTitle: conversation.projectTitle }));
    files[markdownPath.replace(/\.md$/, ".json")] = json(conversation);
  }
  for (const bible of bibles) {
    files[`${projectFolder(used, bible.project.title)}/${bundleTexts.bibleFile}`] = strToU8(bibleToMarkdown(bible));
  }
  return zipSync(files, { level: COMPRESSION_LEVEL, mtime: exportedAt });
}
