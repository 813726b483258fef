/**
 * Versions of a conversation's last exchange (decision 012): Another version, Edit and Continue
 * work on the last exchange — the writer's last turn and its chosen answer. Every version of an
 * exchange shares `exchange_id`; exactly one is chosen. Rows from before migration 0007 have no
 * exchange id: the exchange's user row id stands in for it, and is written when a version is added.
 */
import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { queryHistory, queryMessages } from "../schema";
import type { TurnStatus } from "./conversations";

export type LastExchange = {
  exchangeId: string;
  userRowId: string;
  userText: string;
  answerRowId: string;
  answerText: string;
  answerStatus: TurnStatus;
  /** The highest version of the exchange so far. */
  versions: number;
  /** Is it the conversation's first exchange (the one the history row shows)? */
  first: boolean;
};

const owned = (db: Database, userId: string, conversationId: string) =>
  db
    .select({ id: queryHistory.id })
    .from(queryHistory)
    .where(and(eq(queryHistory.conversationId, conversationId), eq(queryHistory.userId, userId)));

/** The writer's last exchange (chosen rows), or undefined for anyone else's conversation. */
export async function findLastExchange({
  db,
  userId,
  conversationId,
}: {
  db: Database;
  userId: string;
  conversationId: string;
}): Promise<LastExchange | undefined> {
  if ((await owned(db, userId, conversationId).limit(1)).length === 0) return undefined;
  const rows = await db
    .select({ id: queryMessages.id, role: queryMessages.role, content: queryMessages.content, status: queryMessages.status, exchangeId: queryMessages.exchangeId })
    .from(queryMessages)
    .where(and(eq(queryMessages.conversationId, conversationId), eq(queryMessages.chosen, true)))
    .orderBy(asc(queryMessages.createdAt), asc(queryMessages.seq));
  const exchangeId = lastExchangeIdOf(rows);
  if (exchangeId === undefined) return undefined;
  const [top] = await db
    .select({ version: sql<number>`max(${queryMessages.version})` })
    .from(queryMessages)
    .where(and(eq(queryMessages.conversationId, conversationId), eq(queryMessages.exchangeId, exchangeId)));
  return lastExchangeOf(rows, top?.version ?? null);
}

type ChosenRow = { id: string; role: "user" | "assistant" | "system"; content: string; status: TurnStatus; exchangeId: string | null };

/** The last exchange's id: its question's (the next-to-last chosen row), if the rows end in one. */
function lastExchangeIdOf(rows: readonly ChosenRow[]): string | undefined {
  const answer = rows.at(-1);
  const question = rows.at(-2);
  if (!answer || !question || answer.role !== "assistant" || question.role !== "user") return undefined;
  return question.exchangeId ?? question.id;
}

/**
 * The last exchange of a conversation's chosen rows (oldest first), given the highest version
 * stored under its exchange id (null: none) — or undefined when the rows do not end in one.
 */
export function lastExchangeOf(rows: readonly ChosenRow[], topVersion: number | null): LastExchange | undefined {
  const exchangeId = lastExchangeIdOf(rows);
  if (exchangeId === undefined) return undefined;
  const answer = rows.at(-1)!;
  const question = rows.at(-2)!;
  return {
    exchangeId,
    userRowId: question.id,
    userText: question.content,
    answerRowId: answer.id,
    answerText: answer.content,
    answerStatus: answer.status,
    versions: Math.max(1, Number(topVersion ?? 1)),
    first: rows.filter((row) => row.role === "user").length === 1,
  };
}

/**
 * The version subquery's exchange id in SQL: the next-to-last chosen row's (`conversationId`),
 * as `lastExchangeIdOf` picks it — for reading the top version in the same batch as the rows.
 */
export const lastExchangeIdSql = sql`(select coalesce(q.exchange_id, q.id) from query_messages q
  where q.conversation_id = ${sql.placeholder("conversationId")} and q.chosen = 1
  order by q.created_at desc, q.seq desc limit 1 offset 1)`;

/** Every version of the exchange, oldest first: what the writer asked and what came back. */
export async function readExchangeVersions({
  db,
  userId,
  conversationId,
  exchangeId,
}: {
  db: Database;
  userId: string;
  conversationId: string;
  exchangeId: string;
}) {
  if ((await owned(db, userId, conversationId).limit(1)).length === 0) return [];
  const rows = await db
    .select({ role: queryMessages.role, content: queryMessages.content, status: queryMessages.status, version: queryMessages.version, chosen: queryMessages.chosen })
    .from(queryMessages)
    .where(
      and(
        eq(queryMessages.conversationId, conversationId),
        or(eq(queryMessages.exchangeId, exchangeId), eq(queryMessages.id, exchangeId)),
      ),
    )
    .orderBy(asc(queryMessages.version), asc(queryMessages.seq));
  const byVersion = new Map<number, { version: number; user: string; answer: string; status: TurnStatus; chosen: boolean }>();
  for (const row of rows) {
    const entry = byVersion.get(row.version) ?? { version: row.version, user: "", answer: "", status: "complete" as TurnStatus, chosen: row.chosen };
    if (row.role === "user") entry.user = row.content;
    if (row.role === "assistant") Object.assign(entry, { answer: row.content, status: row.status, chosen: row.chosen });
    byVersion.set(row.version, entry);
  }
  return [...byVersion.values()];
}

/**
 * Makes `version` the chosen one of the conversation's last exchange; false when there is no
 * such version (or the exchange is not the last one). The history row follows the first exchange.
 */
export async function chooseVersion({
  db,
  userId,
  conversationId,
  exchangeId,
  version,
  now,
}: {
  db: Database;
  userId: string;
  conversationId: string;
  exchangeId: string;
  version: number;
  now: Date;
}): Promise<boolean> {
  const last = await findLastExchange({ db, userId, conversationId });
  if (!last || last.exchangeId !== exchangeId || version < 1 || version > last.versions) return false;
  const versions = await readExchangeVersions({ db, userId, conversationId, exchangeId });
  const target = versions.find((entry) => entry.version === version);
  if (!target) return false;
  const inExchange = and(eq(queryMessages.conversationId, conversationId), eq(queryMessages.exchangeId, exchangeId));
  await db.batch([
    db.update(queryMessages).set({ chosen: sql`${queryMessages.version} = ${version}` }).where(inExchange),
    db
      .update(queryHistory)
      .set(last.first ? { queryText: target.user, responseText: target.answer, updatedAt: now } : { updatedAt: now })
      .where(and(eq(queryHistory.conversationId, conversationId), eq(queryHistory.userId, userId))),
  ]);
  return true;
}
