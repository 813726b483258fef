/**
 * Conversations: one `query_history` row per conversation (the first request and answer, as
 * the history list shows them) and every turn in `query_messages`. All reads and writes are
 * scoped to the owner: another user's conversation id simply does not exist.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { queryHistory, queryMessages } from "../schema";

export type TurnStatus = "complete" | "stopped" | "interrupted";

export async function findConversation({
  db,
  userId,
  conversationId,
}: {
  db: Database;
  userId: string;
  conversationId: string;
}) {
  const rows = await db
    .select({
      id: queryHistory.id,
      queryType: queryHistory.queryType,
      element: queryHistory.element,
      conversationId: queryHistory.conversationId,
    })
    .from(queryHistory)
    .where(and(eq(queryHistory.conversationId, conversationId), eq(queryHistory.userId, userId)))
    .limit(1);
  return rows[0];
}

export async function listConversationMessages({
  db,
  userId,
  conversationId,
}: {
  db: Database;
  userId: string;
  conversationId: string;
}) {
  const turns = await db
    .select({ role: queryMessages.role, content: queryMessages.content, status: queryMessages.status })
    .from(queryMessages)
    .innerJoin(queryHistory, eq(queryHistory.conversationId, queryMessages.conversationId))
    .where(and(eq(queryMessages.conversationId, conversationId), eq(queryHistory.userId, userId)))
    .orderBy(asc(queryMessages.createdAt), asc(queryMessages.seq));
  if (turns.length > 0) return turns;
  // A conversation saved without turns (only its query_history row, as the original app saved
  // it): its one exchange is the row's prompt and response.
  const [row] = await db
    .select({ queryText: queryHistory.queryText, responseText: queryHistory.responseText })
    .from(queryHistory)
    .where(and(eq(queryHistory.conversationId, conversationId), eq(queryHistory.userId, userId)))
    .limit(1);
  if (!row) return [];
  return [
    { role: "user" as const, content: row.queryText, status: "complete" as const },
    { role: "assistant" as const, content: row.responseText, status: "complete" as const },
  ];
}

/** The two `query_messages` rows of one exchange: the writer's turn and the answer. */
function exchangeRows(x: {
  conversationId: string;
  userText: string;
  responseText: string;
  status: TurnStatus;
  startedAt: Date;
  finishedAt: Date;
}) {
  return [
    { id: crypto.randomUUID(), conversationId: x.conversationId, role: "user" as const, content: x.userText, createdAt: x.startedAt },
    {
      id: crypto.randomUUID(),
      conversationId: x.conversationId,
      role: "assistant" as const,
      content: x.responseText,
      status: x.status,
      createdAt: x.finishedAt,
    },
  ];
}

/** A new conversation with its first exchange, written in one batch. */
export async function saveNewConversation({
  db,
  conversation,
}: {
  db: Database;
  conversation: {
    userId: string;
    conversationId: string;
    queryType: string;
    element: string;
    requestText: string;
    responseText: string;
    status: TurnStatus;
    startedAt: Date;
    finishedAt: Date;
  };
}) {
  const c = conversation;
  await db.batch([
    db.insert(queryHistory).values({
      id: crypto.randomUUID(),
      userId: c.userId,
      queryType: c.queryType,
      element: c.element,
      queryText: c.requestText,
      responseText: c.responseText,
      conversationId: c.conversationId,
      createdAt: c.startedAt,
      updatedAt: c.finishedAt,
    }),
    db.insert(queryMessages).values(exchangeRows({ ...c, userText: c.requestText })),
  ]);
}

/** A follow-up exchange appended under the same conversation id. */
export async function appendTurn({
  db,
  turn,
}: {
  db: Database;
  turn: {
    userId: string;
    conversationId: string;
    userText: string;
    responseText: string;
    status: TurnStatus;
    startedAt: Date;
    finishedAt: Date;
  };
}) {
  const t = turn;
  await db.batch([
    // A conversation saved without turns gets its first exchange as turns first (as migration
    // 0003 did for older rows), so the follow-up does not leave it out of the thread.
    // (`insert … select` in a batch; the select gives every column in the table's order:
    // seq, id, conversation_id, role, content, status, created_at.)
    db.insert(queryMessages).select(sql`
      select null, lower(hex(randomblob(16))), x.conversation_id, x.role, x.content, 'complete', x.created_at from (
        select h.conversation_id, 'user' as role, h.query_text as content, h.created_at, 0 as part from query_history h
        where h.conversation_id = ${t.conversationId} and h.user_id = ${t.userId}
          and not exists (select 1 from query_messages m where m.conversation_id = h.conversation_id)
        union all
        select h.conversation_id, 'assistant', h.response_text, max(h.updated_at, h.created_at + 1), 1 from query_history h
        where h.conversation_id = ${t.conversationId} and h.user_id = ${t.userId}
          and not exists (select 1 from query_messages m where m.conversation_id = h.conversation_id)
      ) x order by x.part`),
    db.insert(queryMessages).values(exchangeRows(t)),
    db
      .update(queryHistory)
      .set({ updatedAt: t.finishedAt })
      .where(and(eq(queryHistory.conversationId, t.conversationId), eq(queryHistory.userId, t.userId))),
  ]);
}
