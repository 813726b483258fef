/**
 * Server side of the history pages: reads pages and threads for the signed-in writer and turns
 * database rows into what the browser gets. Every call is scoped to the writer's id.
 */
import { historyEntryLabel, historySectionAliases, resolveHistorySection, toolForQueryType } from "~/catalog/history";
import { getDb } from "~/lib/db.server";
import {
  decodeCursor,
  deleteHistoryEntry,
  getHistoryEntry,
  listHistoryPage,
  MAX_SEARCH_CHARS,
} from "~db/queries/history";
import type { HistoryItem, HistoryPage, HistoryThread } from "./types";

function continuePath(queryType: string, conversationId: string): string | null {
  const tool = toolForQueryType(queryType);
  return tool ? `${tool.path}?conversation=${encodeURIComponent(conversationId)}` : null;
}

export function normalizeSearch(value: string | null): string {
  return (value ?? "").trim().slice(0, MAX_SEARCH_CHARS);
}

export async function readHistoryPage({
  userId,
  section,
  search,
  cursor,
}: {
  userId: string;
  section: string;
  search: string;
  cursor: string | null;
}): Promise<HistoryPage> {
  // The API takes the old section names too, as the page does (it redirects them).
  const { queryTypes } = resolveHistorySection(historySectionAliases[section] ?? section);
  const page = await listHistoryPage({
    db: getDb(),
    userId,
    queryTypes,
    search,
    cursor: decodeCursor(cursor),
  });
  return {
    nextCursor: page.nextCursor,
    entries: page.entries.map(
      (entry): HistoryItem => ({
        id: entry.id,
        queryType: entry.queryType,
        label: historyEntryLabel(entry.queryType, entry.element),
        preview: entry.preview,
        previewCut: entry.previewCut,
        turns: entry.turns,
        createdAt: entry.createdAt.toISOString(),
        updatedAt: entry.updatedAt.toISOString(),
        continuePath: continuePath(entry.queryType, entry.conversationId),
      }),
    ),
  };
}

export async function readHistoryThread({ userId, id }: { userId: string; id: string }): Promise<HistoryThread | null> {
  const entry = await getHistoryEntry({ db: getDb(), userId, id });
  if (!entry) return null;
  // Entries saved before turns were kept have their one exchange in the row itself.
  const turns =
    entry.turns.length > 0
      ? entry.turns.map(({ role, content, status }) => ({ role, content, status }))
      : [
          { role: "user" as const, content: entry.queryText, status: "complete" },
          { role: "assistant" as const, content: entry.responseText, status: "complete" },
        ];
  return {
    id: entry.id,
    queryType: entry.queryType,
    label: historyEntryLabel(entry.queryType, entry.element),
    createdAt: entry.createdAt.toISOString(),
    continuePath: continuePath(entry.queryType, entry.conversationId),
    turns,
  };
}

export function removeHistoryEntry({ userId, id }: { userId: string; id: string }): Promise<boolean> {
  return deleteHistoryEntry({ db: getDb(), userId, id });
}
