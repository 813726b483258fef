/**
 * One conversation of a project as a Markdown file of the bundle: front matter saying what it is
 * (title, tool, element, date, starred, project), then the same Markdown the history page's
 * download writes (app/history/export.ts), so the two never drift apart.
 */
import { toolForQueryType } from "~/catalog/history";
import { markdownFileContent } from "~/history/export";
import type { HistoryThread } from "~/history/types";
import { bundleTexts } from "~/messages/bundle";
import { safeStem, uniquePath } from "./file-names";
import { writeFrontMatter } from "./front-matter";

export type BundleConversation = Pick<HistoryThread, "queryType" | "label" | "title" | "starred" | "createdAt" | "turns">;

export function conversationMarkdown(
  conversation: BundleConversation,
  { projectTitle, timeZone }: { projectTitle: string | null; timeZone?: string },
): string {
  const tool = toolForQueryType(conversation.queryType);
  const front = writeFrontMatter({
    title: conversation.title,
    tool: tool?.cardLabel ?? conversation.queryType,
    element: conversation.label,
    created: conversation.createdAt,
    starred: conversation.starred,
    project: projectTitle,
  });
  return `${front}\n${markdownFileContent(conversation, "en-US", timeZone)}`;
}

/** `conversations/<section>/<date>-<title>.md`: the tool's history section, the day it started (UTC). */
export function conversationPath(conversation: BundleConversation, used: Set<string>): string {
  const section = toolForQueryType(conversation.queryType)?.historySection ?? bundleTexts.otherFolder;
  const day = conversation.createdAt.slice(0, 10);
  return uniquePath(used, `${bundleTexts.conversationsFolder}/${section}`, `${day}-${safeStem(conversation.title)}`, "md");
}
