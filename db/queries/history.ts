/**
 * The history pages: one writer's conversations in one section, newest first, a keyset page at
 * a time (the same cost for the first page of 5 entries or of 5,000), optionally narrowed by a
 * full-text search over every turn. Every read and the delete are scoped to the owner: another
 * writer's entry id simply does not exist here.
 */
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { queryHistory, queryMessages } from "../schema";
import { readThread } from "./conversations";

// Bounds on what reaches FTS5 and on the tokenizing work, whatever a caller passes; the app's
// search field has its own, smaller cap.
const MAX_SEARCH_WORDS = 12;
const MAX_WORD_CHARS = 64;
const MAX_SEARCH_INPUT = MAX_SEARCH_WORDS * (MAX_WORD_CHARS + 1);

export type HistoryCursor = { createdAt: number; id: string };

export function encodeCursor(cursor: HistoryCursor): string {
  return `${cursor.createdAt}_${cursor.id}`;
}

/** `null` for anything that is not a cursor this module wrote. */
export function decodeCursor(value: string | null | undefined): HistoryCursor | null {
  if (!value) return null;
  const match = /^(\d{1,16})_([\w-]{1,64})$/.exec(value);
  if (!match) return null;
  return { createdAt: Number(match[1]), id: match[2]! };
}

/**
 * The writer's words as FTS5 prefix terms (`"dragon"*`): letters and digits only, so nothing a
 * writer types can be read as query syntax. Empty when there is nothing to search for.
 */
export function searchTerms(input: string): string[] {
  const words = input.slice(0, MAX_SEARCH_INPUT).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS).map((word) => `"${word.slice(0, MAX_WORD_CHARS)}"*`);
}

export type HistoryListEntry = {
  id: string;
  queryType: string;
  element: string | null;
  conversationId: string;
  /** The first `previewChars` characters of the prompt; `previewCut` says whether there was more. */
  preview: string;
  previewCut: boolean;
  turns: number;
  createdAt: Date;
  updatedAt: Date;
};

export async function listHistoryPage({
  db,
  userId,
  queryTypes,
  cursor,
  search,
  limit,
  previewChars,
}: {
  db: Database;
  userId: string;
  queryTypes: readonly string[];
  cursor?: HistoryCursor | null;
  search?: string;
  limit: number;
  previewChars: number;
}): Promise<{ entries: HistoryListEntry[]; nextCursor: string | null }> {
  if (queryTypes.length === 0) return { entries: [], nextCursor: null };
  const conditions: SQL[] = [eq(queryHistory.userId, userId), inArray(queryHistory.queryType, [...queryTypes])];
  if (cursor) {
    conditions.push(sql`(${queryHistory.createdAt}, ${queryHistory.id}) < (${cursor.createdAt}, ${cursor.id})`);
  }
  // Every word must occur somewhere in the conversation (prompt, any answer or follow-up).
  for (const term of searchTerms(search ?? "")) {
    conditions.push(sql`${queryHistory.conversationId} in (
      select m.conversation_id from query_messages_fts f join query_messages m on m.seq = f.rowid
      where query_messages_fts match ${term})`);
  }
  const rows = await db
    .select({
      id: queryHistory.id,
      queryType: queryHistory.queryType,
      element: queryHistory.element,
      conversationId: queryHistory.conversationId,
      preview: sql<string>`substr(${queryHistory.queryText}, 1, ${previewChars + 1})`,
      // Qualified by hand: inside a sub-select drizzle would leave the outer column bare.
      messages: sql<number>`(select count(*) from query_messages m where m.conversation_id = "query_history"."conversation_id" and m.chosen = 1)`,
      createdAt: queryHistory.createdAt,
      updatedAt: queryHistory.updatedAt,
    })
    .from(queryHistory)
    .where(and(...conditions))
    .orderBy(desc(queryHistory.createdAt), desc(queryHistory.id))
    .limit(limit + 1);

  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    entries: page.map(({ messages, preview, ...row }) => ({
      ...row,
      preview: preview.slice(0, previewChars),
      previewCut: preview.length > previewChars,
      turns: Math.max(1, Math.ceil(messages / 2)),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt.getTime(), id: last.id }) : null,
  };
}

/** One entry with its whole thread, or `undefined` when the writer has no such entry. */
export async function getHistoryEntry({ db, userId, id }: { db: Database; userId: string; id: string }) {
  const [entry] = await db
    .select({
      id: queryHistory.id,
      queryType: queryHistory.queryType,
      element: queryHistory.element,
      conversationId: queryHistory.conversationId,
      createdAt: queryHistory.createdAt,
      updatedAt: queryHistory.updatedAt,
    })
    .from(queryHistory)
    .where(and(eq(queryHistory.id, id), eq(queryHistory.userId, userId)))
    .limit(1);
  if (!entry) return undefined;
  return { ...entry, turns: await readThread({ db, userId, conversationId: entry.conversationId }) };
}

/**
 * Deletes one entry and all its turns in one atomic batch, only if it belongs to the writer.
 * Returns whether anything was deleted.
 */
export async function deleteHistoryEntry({ db, userId, id }: { db: Database; userId: string; id: string }) {
  const owned = db
    .select({ conversationId: queryHistory.conversationId })
    .from(queryHistory)
    .where(and(eq(queryHistory.id, id), eq(queryHistory.userId, userId)));
  const [, deleted] = await db.batch([
    db.delete(queryMessages).where(inArray(queryMessages.conversationId, owned)),
    db
      .delete(queryHistory)
      .where(and(eq(queryHistory.id, id), eq(queryHistory.userId, userId)))
      .returning({ id: queryHistory.id }),
  ]);
  return deleted.length > 0;
}
