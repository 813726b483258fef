/**
 * Conversations: one `query_history` row per conversation (the first request and answer, as
 * the history list shows them) and every turn in `query_messages`. All reads and writes are
 * scoped to the owner: another user's conversation id simply does not exist.
 *
 * Every conversation has its turns in `query_messages`: the app saves them with the row, and
 * migration 0003 gave the older rows theirs (decision 010), so the thread is read from one place.
 */
import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { projects, queryHistory, queryMessages } from "../schema";

export type TurnStatus = "complete" | "stopped" | "interrupted";

/** What a project's story bible gave an answer: the labels used and left out (decision 013). */
export type ContextUsed = { used: string[]; leftOut: string[] };

/**
 * One exchange from the writer's request to its saved rows. Every exchange has an id (its first
 * user row's id) shared by its versions (decision 012): a new exchange is version 1; Another
 * version and Edit add a version of the last exchange; Continue extends its chosen answer.
 */
export type TurnRecord = {
  userId: string;
  conversationId: string;
  /** What the writer sent: the request text built from their choices, or their follow-up. */
  userText: string;
  startedAt: Date;
  exchangeId: string;
  /** What the project's story bible gave the answer (none: no project). */
  contextUsed?: ContextUsed | null;
} & (
  | {
      kind: "initial";
      queryType: string;
      element: string;
      details: Record<string, string>;
      mode: "generate" | "draft";
      /** The writer's project it is started in (none: no project). */
      projectId?: string | null;
    }
  | { kind: "follow-up" }
  | { kind: "version" | "edit"; version: number; first: boolean; replaces: { userRowId: string; answerRowId: string } }
  | { kind: "continue"; first: boolean; answerRowId: string; answerText: string }
);

/** The answer a turn ended with. */
export type TurnAnswer = { text: string; status: TurnStatus; finishedAt: Date };

export type ThreadTurn = {
  role: "user" | "assistant";
  content: string;
  status: TurnStatus;
  /** An answer given with a project context block: what it used (absent otherwise). */
  context?: ContextUsed;
};

/** A stored `context_used`, or undefined when there is none (or it is not one). */
function parseContextUsed(json: string | null): ContextUsed | undefined {
  if (!json) return undefined;
  try {
    const value = JSON.parse(json) as Partial<ContextUsed>;
    const labels = (list: unknown) => (Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : []);
    return { used: labels(value.used), leftOut: labels(value.leftOut) };
  } catch {
    return undefined;
  }
}

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
      projectId: queryHistory.projectId,
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
    .select({ role: queryMessages.role, content: queryMessages.content, status: queryMessages.status, contextUsed: queryMessages.contextUsed })
    .from(queryMessages)
    .innerJoin(queryHistory, eq(queryHistory.conversationId, queryMessages.conversationId))
    .where(
      and(eq(queryMessages.conversationId, conversationId), eq(queryHistory.userId, userId), eq(queryMessages.chosen, true)),
    )
    .orderBy(asc(queryMessages.createdAt), asc(queryMessages.seq));
  return threadOf(turns);
}

/** A conversation's chosen rows (oldest first) as the thread the model and the page see. */
export function threadOf(
  rows: readonly { role: "user" | "assistant" | "system"; content: string; status: TurnStatus; contextUsed: string | null }[],
): ThreadTurn[] {
  return rows.flatMap(({ role, content, status, contextUsed }) => {
    if (role === "system") return [];
    const context = parseContextUsed(contextUsed);
    return [context ? { role, content, status, context } : { role, content, status }];
  });
}

/** The two `query_messages` rows of one exchange (or of a new version of it): the writer's turn and the answer. */
function exchangeRows(turn: TurnRecord, answer: TurnAnswer, version: number) {
  const shared = { conversationId: turn.conversationId, exchangeId: turn.exchangeId, version, chosen: true };
  return [
    {
      ...shared,
      // A new exchange's user row id is the exchange id; a later version's rows get their own.
      id: version === 1 ? turn.exchangeId : crypto.randomUUID(),
      role: "user" as const,
      content: turn.userText,
      createdAt: turn.startedAt,
    },
    {
      ...shared,
      id: crypto.randomUUID(),
      role: "assistant" as const,
      content: answer.text,
      status: answer.status,
      contextUsed: contextJson(turn),
      createdAt: answer.finishedAt,
    },
  ];
}

const contextJson = (turn: TurnRecord) => (turn.contextUsed ? JSON.stringify(turn.contextUsed) : null);

/**
 * The project a new conversation is saved in: the writer's own, and only while it exists (a
 * project deleted while the answer streamed leaves the conversation with none).
 */
function ownProjectId(userId: string, projectId: string | null | undefined) {
  if (!projectId) return null;
  return sql`(select ${projects.id} from ${projects} where ${projects.id} = ${projectId} and ${projects.userId} = ${userId})`;
}

/** The only filled details, as stored with the conversation (JSON), or null when none were. */
function detailsJson(details: Record<string, string>): string | null {
  const filled = Object.entries(details).filter(([, value]) => value.trim() !== "");
  return filled.length > 0 ? JSON.stringify(Object.fromEntries(filled)) : null;
}

const historyRowOf = (turn: TurnRecord) =>
  and(eq(queryHistory.conversationId, turn.conversationId), eq(queryHistory.userId, turn.userId));

/**
 * Saves one exchange in one batch: a new conversation with its first exchange, a follow-up
 * appended under the same conversation id, a new chosen version of the last exchange, or the
 * continuation of its answer. A conversation started with a trial query gets the trial's
 * follow-up allowance (`trialConversation`). The history row always shows the chosen first exchange.
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
        details: detailsJson(turn.details),
        mode: turn.mode,
        projectId: ownProjectId(turn.userId, turn.projectId),
        createdAt: turn.startedAt,
        updatedAt: answer.finishedAt,
      }),
      db.insert(queryMessages).values(exchangeRows(turn, answer, 1)),
    ]);
    return;
  }
  if (turn.kind === "follow-up") {
    await db.batch([
      db.insert(queryMessages).values(exchangeRows(turn, answer, 1)),
      db.update(queryHistory).set({ updatedAt: answer.finishedAt }).where(historyRowOf(turn)),
    ]);
    return;
  }
  if (turn.kind === "continue") {
    const text = turn.answerText + answer.text;
    await db.batch([
      db
        .update(queryMessages)
        .set(turn.contextUsed ? { content: text, status: answer.status, contextUsed: contextJson(turn) } : { content: text, status: answer.status })
        .where(eq(queryMessages.id, turn.answerRowId)),
      db
        .update(queryHistory)
        .set(turn.first ? { responseText: text, updatedAt: answer.finishedAt } : { updatedAt: answer.finishedAt })
        .where(historyRowOf(turn)),
    ]);
    return;
  }
  await saveVersion({ db, turn, answer });
}

/** A new version of the last exchange: the earlier ones stay, unchosen (rows before 0007 get the exchange id). */
async function saveVersion({ db, turn, answer }: { db: Database; turn: Extract<TurnRecord, { kind: "version" | "edit" }>; answer: TurnAnswer }) {
  const { userRowId, answerRowId } = turn.replaces;
  await db.batch([
    db
      .update(queryMessages)
      .set({ exchangeId: turn.exchangeId, chosen: false })
      .where(
        and(
          eq(queryMessages.conversationId, turn.conversationId),
          or(eq(queryMessages.exchangeId, turn.exchangeId), eq(queryMessages.id, userRowId), eq(queryMessages.id, answerRowId)),
        ),
      ),
    db.insert(queryMessages).values(exchangeRows(turn, answer, turn.version)),
    db
      .update(queryHistory)
      .set(turn.first ? { queryText: turn.userText, responseText: answer.text, updatedAt: answer.finishedAt } : { updatedAt: answer.finishedAt })
      .where(historyRowOf(turn)),
  ]);
}
