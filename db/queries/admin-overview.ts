/**
 * The owner's overview (issue 14, decision 014): how the business is doing, computed in SQL from
 * `users`, `user_subscriptions`, `query_history` and `usage_events` in one batch (one round trip).
 * The usage figures come from `usage_events` through its per-day sums (`usage_days`,
 * `first_token_days`), which triggers keep with every event written or deleted: the overview
 * reads 30 days of sums, not 30 days of events, so it stays fast at 10,000 writers and 100,000
 * usage events (`npm run bench -- admin`).
 */
import { count, eq, gte, sum, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { firstTokenDays, queryHistory, usageDays, userSubscriptions, users } from "../schema";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A UTC day number in SQL: whole days since the epoch (a literal, so the division stays integer). */
const dayOf = (column: SQLiteColumn) => sql<number>`CAST(${column} / ${sql.raw(String(DAY_MS))} AS INTEGER)`;

/** The first-token sums' step (migration 0010's triggers). */
export const FIRST_TOKEN_STEP_MS = 10;

/** Days the overview's series cover, today included. */
export const OVERVIEW_DAYS = 30;

export type OverviewDay = { day: number; conversations: number; calls: number; bad: number; inputTokens: number; outputTokens: number };

export type OverviewFigures = {
  writers: { total: number; newThisWeek: number };
  trials: { active: number };
  subscribers: { active: number; pastDue: number; cancelling: number };
  /** UTC day numbers (ms / DAY_MS) from the first day of the window to today, oldest first; gaps filled with zeros. */
  days: OverviewDay[];
  firstToken: { p50: number | null; p95: number | null; measured: number };
};

const s = userSubscriptions;
const num = (value: unknown) => Number(value ?? 0);

/**
 * Time to the first token over the window, p50 and p95 (nearest rank, to the 10 ms step, given
 * as the step's upper end): the calls of each step summed over the days, then the first step
 * whose running count reaches the share. Built with the query builder so it rides in the batch.
 */
function firstTokenPercentiles(db: Database, fromDay: number) {
  const f = firstTokenDays;
  const spread = db
    .$with("spread")
    .as(db.select({ ms: f.bucketMs, n: sum(f.calls).as("n") }).from(f).where(gte(f.day, fromDay)).groupBy(f.bucketMs));
  const running = db.$with("running").as(
    db
      .select({
        ms: spread.ms,
        upto: sql<number>`sum(${spread.n}) OVER (ORDER BY ${spread.ms})`.as("upto"),
        total: sql<number>`sum(${spread.n}) OVER ()`.as("total"),
      })
      .from(spread)
      .where(sql`${spread.n} > 0`),
  );
  const at = (share: number) => sql<number | null>`min(CASE WHEN ${running.upto} >= ${sql.raw(String(share))} * ${running.total} THEN ${running.ms} + ${sql.raw(String(FIRST_TOKEN_STEP_MS))} END)`;
  return db
    .with(spread, running)
    .select({ p50: at(0.5), p95: at(0.95), measured: sql<number | null>`max(${running.total})` })
    .from(running);
}

export async function readOverview({ db, now = new Date() }: { db: Database; now?: Date }): Promise<OverviewFigures> {
  const today = Math.floor(now.getTime() / DAY_MS);
  const since = new Date((today - OVERVIEW_DAYS + 1) * DAY_MS);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const notAdmin = eq(s.isAdmin, false);
  const pastDue = sql`coalesce(${s.subscriptionStatus}, '') = 'past_due'`;
  const fromDay = today - OVERVIEW_DAYS + 1;
  const historyDay = dayOf(queryHistory.createdAt);
  const [[writers], [plans], calls, conversations, [latency]] = await db.batch([
    db.select({ total: count(), newThisWeek: sql<number>`sum(${users.createdAt} >= ${weekAgo.getTime()})` }).from(users),
    db
      .select({
        trials: sql<number>`sum(${s.isSubscribed} = 0 AND ${s.queriesRemaining} > 0 AND ${s.trialEndDate} > ${now.getTime()})`,
        subscribers: sql<number>`sum(${s.isSubscribed} = 1 AND NOT ${pastDue})`,
        pastDue: sql<number>`sum(${s.isSubscribed} = 1 AND ${pastDue})`,
        cancelling: sql<number>`sum(${s.isSubscribed} = 1 AND NOT ${pastDue} AND ${s.cancelAtPeriodEnd} = 1)`,
      })
      .from(s)
      .where(notAdmin),
    db.select().from(usageDays).where(gte(usageDays.day, fromDay)),
    db.select({ day: historyDay, n: count() }).from(queryHistory).where(gte(queryHistory.createdAt, since)).groupBy(historyDay),
    firstTokenPercentiles(db, fromDay),
  ]);
  return {
    writers: { total: num(writers?.total), newThisWeek: num(writers?.newThisWeek) },
    trials: { active: num(plans?.trials) },
    subscribers: { active: num(plans?.subscribers), pastDue: num(plans?.pastDue), cancelling: num(plans?.cancelling) },
    days: fillDays(today, calls, conversations),
    firstToken: { p50: latency?.p50 ?? null, p95: latency?.p95 ?? null, measured: num(latency?.measured) },
  };
}

function fillDays(
  today: number,
  calls: { day: number; calls: number; bad: number; inputTokens: number; outputTokens: number }[],
  conversations: { day: number; n: number }[],
): OverviewDay[] {
  const byDay = new Map(calls.map((row) => [num(row.day), row]));
  const conversationsByDay = new Map(conversations.map((row) => [num(row.day), num(row.n)]));
  return Array.from({ length: OVERVIEW_DAYS }, (_, index) => {
    const day = today - OVERVIEW_DAYS + 1 + index;
    const row = byDay.get(day);
    return {
      day,
      conversations: conversationsByDay.get(day) ?? 0,
      calls: num(row?.calls),
      bad: num(row?.bad),
      inputTokens: num(row?.inputTokens),
      outputTokens: num(row?.outputTokens),
    };
  });
}
