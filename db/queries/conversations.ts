/**
 * Conversations: one `query_history` row per conversation (the first request and answer, as
 * the history list shows them) and every turn in `query_messages`. All reads and writes are
 * scoped to the owner: another user's conversation id simply does not exist.
 */
import { and, asc, eq } from "drizzle-orm";
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
  return db
    .select({ role: queryMessages.role, content: queryMessages.content, status: queryMessages.status })
    .from(queryMessages)
    .innerJoin(queryHistory, eq(queryHistory.conversationId, queryMessages.conversationId))
    .where(and(eq(queryMessages.conversationId, conversationId), eq(queryHistory.userId, userId)))
    .orderBy(asc(queryMessages.createdAt), asc(queryMessages.seq));
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
    db.insert(queryMessages).values(exchangeRows(t)),
    db
      .update(queryHistory)
      .set({ updatedAt: t.finishedAt })
      .where(and(eq(queryHistory.conversationId, t.conversationId), eq(queryHistory.userId, t.userId))),
  ]);
}
