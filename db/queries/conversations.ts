/**
 * Conversations: one `query_history` row per conversation (the first request and answer, as
 * the history list shows them) and every turn in `query_messages`. All reads and writes are
 * scoped to the owner: another user's conversation id simply does not exist.
 *
 * Every conversation has its turns in `query_messages`: the app saves them with the row, and
 * migration 0003 gave the older rows theirs (decision 010), so the thread is read from one place.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../client";
import { queryHistory, queryMessages } from "../schema";

export type TurnStatus = "complete" | "stopped" | "interrupted";

/** One exchange from the writer's request to its saved rows. */
export type TurnRecord = {
  userId: string;
  conversationId: string;
  /** What the writer sent: the request text built from their choices, or their follow-up. */
  userText: string;
  startedAt: Date;
} & ({ kind: "initial"; queryType: string; element: string } | { kind: "follow-up" });

/** The answer a turn ended with. */
export type TurnAnswer = { text: string; status: TurnStatus; finishedAt: Date };

export type ThreadTurn = { role: "user" | "assistant"; content: string; status: TurnStatus };

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
      trialFollowUpsUsed: queryHistory.trialFollowUpsUsed,
    })
    .from(queryHistory)
    .where(and(eq(queryHistory.conversationId, conversationId), eq(queryHistory.userId, userId)))
    .limit(1);
  return rows[0];
}

/** Every turn of the writer's conversation, oldest first ([] for anyone else's). */
export async function readThread({
  db,
  userId,
  conversationId,
}: {
  db: Database;
  userId: string;
  conversationId: string;
}): Promise<ThreadTurn[]> {
  const turns = await db
    .select({ role: queryMessages.role, content: queryMessages.content, status: queryMessages.status })
    .from(queryMessages)
    .innerJoin(queryHistory, eq(queryHistory.conversationId, queryMessages.conversationId))
    .where(and(eq(queryMessages.conversationId, conversationId), eq(queryHistory.userId, userId)))
    .orderBy(asc(queryMessages.createdAt), asc(queryMessages.seq));
  return turns.filter((turn): turn is ThreadTurn => turn.role !== "system");
}

/** The two `query_messages` rows of one exchange: the writer's turn and the answer. */
function exchangeRows(turn: TurnRecord, answer: TurnAnswer) {
  return [
    {
      id: crypto.randomUUID(),
      conversationId: turn.conversationId,
      role: "user" as const,
      content: turn.userText,
      createdAt: turn.startedAt,
    },
    {
      id: crypto.randomUUID(),
      conversationId: turn.conversationId,
      role: "assistant" as const,
      content: answer.text,
      status: answer.status,
      createdAt: answer.finishedAt,
    },
  ];
}

/**
 * Saves one exchange in one batch: a new conversation with its first exchange, or a follow-up
 * appended under the same conversation id. A conversation started with a trial query gets the
 * trial's follow-up allowance (`trialConversation`).
 */
export async function saveTurn({
  db,
  turn,
  answer,
  trialConversation,
}: {
  db: Database;
  turn: TurnRecord;
  answer: TurnAnswer;
  trialConversation: boolean;
}) {
  if (turn.kind === "initial") {
    await db.batch([
      db.insert(queryHistory).values({
        id: crypto.randomUUID(),
        userId: turn.userId,
        queryType: turn.queryType,
        element: turn.element,
        queryText: turn.userText,
        responseText: answer.text,
        conversationId: turn.conversationId,
        trialFollowUpsUsed: trialConversation ? 0 : null,
        createdAt: turn.startedAt,
        updatedAt: answer.finishedAt,
      }),
      db.insert(queryMessages).values(exchangeRows(turn, answer)),
    ]);
    return;
  }
  await db.batch([
    db.insert(queryMessages).values(exchangeRows(turn, answer)),
    db
      .update(queryHistory)
      .set({ updatedAt: answer.finishedAt })
      .where(and(eq(queryHistory.conversationId, turn.conversationId), eq(queryHistory.userId, turn.userId))),
  ]);
}
