/**
 * Server side of the history pages: reads pages and threads for the signed-in writer and turns
 * database rows into what the browser gets. Every call is scoped to the writer's id.
 */
import { historyEntryLabel, historySectionAliases, resolveHistorySection, toolForQueryType } from "~/catalog/history";
import { toolPath } from "~/catalog/tools";
import { getDb } from "~/lib/db.server";
import { decodeCursor, deleteHistoryEntry, getHistoryEntry, listHistoryPage } from "~db/queries/history";
import { HISTORY_PAGE_SIZE, MAX_SEARCH_CHARS, PREVIEW_CHARS } from "./limits";
import type { HistoryItem, HistoryPage, HistoryThread } from "./types";

function continuePath(queryType: string, conversationId: string): string | null {
  const tool = toolForQueryType(queryType);
  return tool ? `${toolPath(tool)}?conversation=${encodeURIComponent(conversationId)}` : null;
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
    limit: HISTORY_PAGE_SIZE,
    previewChars: PREVIEW_CHARS,
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
  return {
    id: entry.id,
    queryType: entry.queryType,
    label: historyEntryLabel(entry.queryType, entry.element),
    createdAt: entry.createdAt.toISOString(),
    continuePath: continuePath(entry.queryType, entry.conversationId),
    turns: entry.turns,
  };
}

export function removeHistoryEntry({ userId, id }: { userId: string; id: string }): Promise<boolean> {
  return deleteHistoryEntry({ db: getDb(), userId, id });
}
