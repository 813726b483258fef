/**
 * The history pages: one writer's conversations in one section (or in all six, for the
 * dashboard's search), newest first, a keyset page at a time (the same cost for the first page
 * of 5 entries or of 5,000), optionally narrowed to starred ones and by a full-text search over
 * every turn; renaming and starring an entry. Every read and write is scoped to the owner:
 * another writer's entry id simply does not exist here.
 */
import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { queryHistory, queryMessages } from "../schema";
import { readThread } from "./conversations";

// Bounds on what reaches FTS5 and on the tokenizing work, whatever a caller passes; the app's
// search field has its own, smaller cap.
const MAX_SEARCH_WORDS = 12;
const MAX_WORD_CHARS = 64;
const MAX_SEARCH_INPUT = MAX_SEARCH_WORDS * (MAX_WORD_CHARS + 1);

/** Characters of the first answer read to find its first heading (it opens the answer). */
const HEADING_SOURCE_CHARS = 1_000;

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
  /** The writer's own name for it (null: derived, see app/history/titles.ts). */
  title: string | null;
  starred: boolean;
  /** The filled details as stored (JSON; null on rows older than migration 0007). */
  details: string | null;
  mode: "generate" | "draft";
  /**
   * The start of the first answer, for a derived title from its first heading: only read when
   * the title cannot come from a rename or a filled detail (null otherwise).
   */
  headingSource: string | null;
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
  starred = false,
  projectId,
  limit,
  previewChars,
}: {
  db: Database;
  userId: string;
  queryTypes: readonly string[];
  cursor?: HistoryCursor | null;
  search?: string;
  /** Only the conversations the writer starred. */
  starred?: boolean;
  /** Only the conversations of one project, or ("none") of no project; every one when absent. */
  projectId?: string | "none";
  limit: number;
  previewChars: number;
}): Promise<{ entries: HistoryListEntry[]; nextCursor: string | null }> {
  if (queryTypes.length === 0) return { entries: [], nextCursor: null };
  const conditions: SQL[] = [eq(queryHistory.userId, userId), inArray(queryHistory.queryType, [...queryTypes])];
  if (starred) conditions.push(eq(queryHistory.starred, true));
  if (projectId !== undefined) {
    conditions.push(projectId === "none" ? isNull(queryHistory.projectId) : eq(queryHistory.projectId, projectId));
  }
  if (cursor) {
    conditions.push(sql`(${queryHistory.createdAt}, ${queryHistory.id}) < (${cursor.createdAt}, ${cursor.id})`);
  }
  // Every word must occur somewhere in the conversation (prompt, any answer or follow-up), in
// the versions it shows (decision 012: history reads chosen rows only).
  for (const term of searchTerms(search ?? "")) {
    conditions.push(sql`${queryHistory.conversationId} in (
      select m.conversation_id from query_messages_fts f join query_messages m on m.seq = f.rowid
      where query_messages_fts match ${term} and m.chosen = 1)`);
  }
  const rows = await db
    .select({
      id: queryHistory.id,
      queryType: queryHistory.queryType,
      element: queryHistory.element,
      conversationId: queryHistory.conversationId,
      title: queryHistory.title,
      starred: queryHistory.starred,
      details: queryHistory.details,
      mode: queryHistory.mode,
      headingSource: headingSource(),
      // A draft's prompt is the action's instruction, the same on every card: show the passage.
      preview: sql<string>`substr(case when ${queryHistory.mode} = 'draft'
        then ifnull(json_extract(${queryHistory.details}, '$.passage'), ${queryHistory.queryText})
        else ${queryHistory.queryText} end, 1, ${previewChars + 1})`,
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

/** The start of the first answer when a derived title may need its heading, else NULL. */
function headingSource(chars = HEADING_SOURCE_CHARS) {
  return sql<string | null>`case when ${queryHistory.title} is null and ifnull(${queryHistory.details}, '{}') = '{}'
    then substr(${queryHistory.responseText}, 1, ${chars}) end`;
}

/** One entry with its whole thread, or `undefined` when the writer has no such entry. */
export async function getHistoryEntry({ db, userId, id }: { db: Database; userId: string; id: string }) {
  const [entry] = await db
    .select({
      id: queryHistory.id,
      queryType: queryHistory.queryType,
      element: queryHistory.element,
      conversationId: queryHistory.conversationId,
      title: queryHistory.title,
      starred: queryHistory.starred,
      details: queryHistory.details,
      mode: queryHistory.mode,
      projectId: queryHistory.projectId,
      headingSource: headingSource(),
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

/**
 * Renames (`title`: a name, or null for the derived title again) and/or stars the writer's
 * entry, and returns what its title is made from afterwards; `undefined` when the writer has
 * no such entry.
 */
export async function updateHistoryEntry({
  db,
  userId,
  id,
  changes,
}: {
  db: Database;
  userId: string;
  id: string;
  changes: { title: string | null; starred?: boolean } | { title?: string | null; starred: boolean };
}) {
  const [row] = await db
    .update(queryHistory)
    .set({ title: changes.title, starred: changes.starred })
    .where(and(eq(queryHistory.id, id), eq(queryHistory.userId, userId)))
    .returning({
      id: queryHistory.id,
      queryType: queryHistory.queryType,
      element: queryHistory.element,
      title: queryHistory.title,
      starred: queryHistory.starred,
      details: queryHistory.details,
      headingSource: headingSource(),
    });
  return row;
}

/**
 * What a conversation was started with — its element, the details filled (JSON) and its mode —
 * for 'Continue in tool'; `undefined` when the writer has no such conversation.
 */
export async function findConversationSetup({
  db,
  userId,
  conversationId,
}: {
  db: Database;
  userId: string;
  conversationId: string;
}) {
  const [row] = await db
    .select({ element: queryHistory.element, details: queryHistory.details, mode: queryHistory.mode })
    .from(queryHistory)
    .where(and(eq(queryHistory.conversationId, conversationId), eq(queryHistory.userId, userId)))
    .limit(1);
  return row;
}

export type LatestConversation = {
  queryType: string;
  element: string | null;
  title: string | null;
  details: string | null;
  headingSource: string | null;
  updatedAt: Date;
};

/**
 * The dashboard's "recent work": for each `query_type` the writer has used, their most recently
 * updated conversation (what its title is made from, and when). One statement: a window over the
 * writer's rows (query_history_user_created_idx narrows them to this writer).
 */
export async function latestConversationPerType({ db, userId }: { db: Database; userId: string }): Promise<LatestConversation[]> {
  const ranked = db
    .select({
      queryType: queryHistory.queryType,
      element: queryHistory.element,
      title: queryHistory.title,
      details: queryHistory.details,
      headingSource: headingSource().as("heading_source"),
      updatedAt: queryHistory.updatedAt,
      place: sql<number>`row_number() over (partition by ${queryHistory.queryType} order by ${queryHistory.updatedAt} desc, ${queryHistory.id} desc)`.as("place"),
    })
    .from(queryHistory)
    .where(eq(queryHistory.userId, userId))
    .as("ranked");
  const rows = await db
    .select({
      queryType: ranked.queryType,
      element: ranked.element,
      title: ranked.title,
      details: ranked.details,
      headingSource: ranked.headingSource,
      updatedAt: ranked.updatedAt,
    })
    .from(ranked)
    .where(eq(ranked.place, 1));
  return rows;
}
