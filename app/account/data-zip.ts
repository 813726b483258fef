/**
 * "Download all my data" (issue 14): one .zip with a README, `account.json`, every conversation
 * as Markdown (the same file a project export or a history download writes) and as JSON beside
 * it, and every project's bible as `projects/<title>/bible.md` (the importable format).
 *
 * Written as a stream (issue 31): the conversations arrive a page at a time and each page is
 * compressed and sent before the next is read, so the largest account a writer can build never
 * sits in memory whole (2,000 conversations made 16 MB held at once before).
 */
import { strToU8, Zip, ZipDeflate } from "fflate";
import { accountZipTexts as texts } from "~/messages/account-data";
import { bundleTexts } from "~/messages/bundle";
import type { BundleBible } from "~/projects/bundle/bible-format";
import { bibleToMarkdown } from "~/projects/bundle/bible-markdown";
import { conversationMarkdown, conversationPath, type BundleConversation } from "~/projects/bundle/conversation-file";
import { safeStem } from "~/projects/bundle/file-names";

export type DataConversation = BundleConversation & { projectTitle: string | null; details: Record<string, string> };

/** Everything but the conversations, which come as `pages`. */
export type AccountHead = {
  account: Record<string, unknown> & { email: string };
  conversationCount: number;
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

function addFile(zip: Zip, path: string, bytes: Uint8Array, mtime: Date) {
  const file = new ZipDeflate(path, { level: COMPRESSION_LEVEL });
  file.mtime = mtime;
  zip.add(file);
  file.push(bytes, true);
}

/** The files that come before the conversations: the README, account.json and each bible. */
function writeHead(zip: Zip, { account, conversationCount, bibles }: AccountHead, used: Set<string>, exportedAt: Date) {
  const readme = texts.readme({
    email: account.email,
    exportedAt: exportedAt.toLocaleString("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }) + " UTC",
    conversations: conversationCount,
    projects: bibles.length,
  });
  addFile(zip, texts.readmeFile, strToU8(readme), exportedAt);
  addFile(zip, texts.accountFile, json({ ...account, exportedAt: exportedAt.toISOString() }), exportedAt);
  for (const bible of bibles) {
    addFile(zip, `${projectFolder(used, bible.project.title)}/${bundleTexts.bibleFile}`, strToU8(bibleToMarkdown(bible)), exportedAt);
  }
}

/**
 * The account's .zip as a byte stream: the head at once, then one page of `pages` each time the
 * reader wants more. A failure while reading a page errors the stream (the download breaks off
 * rather than ending as a valid but incomplete archive).
 */
export function accountZipStream(head: AccountHead, pages: AsyncIterator<readonly DataConversation[]>, exportedAt: Date): ReadableStream<Uint8Array> {
  const used = new Set<string>();
  let zip: Zip;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      writeHead(zip, head, used, exportedAt);
    },
    async pull() {
      const page = await pages.next();
      if (page.done) return zip.end();
      for (const conversation of page.value) {
        const markdownPath = conversationPath(conversation, used);
        addFile(zip, markdownPath, strToU8(conversationMarkdown(conversation, { projectTitle: conversation.projectTitle })), exportedAt);
        addFile(zip, markdownPath.replace(/\.md$/, ".json"), json(conversation), exportedAt);
      }
    },
    async cancel() {
      await pages.return?.();
    },
  });
}
