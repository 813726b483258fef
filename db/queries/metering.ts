/**
 * Metering of the trial (the rules and their numbers: app/rules/plan.ts). A trial query is a
 * new conversation, reserved on the writer's subscription row; a follow-up in a trial
 * conversation is reserved on that conversation's row. Each reservation is one guarded
 * UPDATE … RETURNING, so any number of concurrent requests can never take more than is left,
 * nor drive a count past its limit. Admins and subscribers pass untouched.
 */
import { and, eq, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { queryHistory, userSubscriptions } from "../schema";

type Unlimited = { allowed: true; charged: false; reason: "admin" | "subscriber" };

export type ConversationReservation =
  | Unlimited
  | { allowed: true; charged: true; queriesRemaining: number }
  | { allowed: false };

export type FollowUpReservation =
  | Unlimited
  | { allowed: true; charged: true; queriesRemaining: number; followUpsUsed: number }
  | {
      allowed: false;
      /** The conversation's trial follow-ups so far (null: it has no trial allowance). */
      followUpsUsed: number | null;
      trialPeriodOpen: boolean;
    };

// Epoch milliseconds, as the timestamp columns store them.
const nowParam = sql.placeholder("now");
const unlimitedRow = sql`(${userSubscriptions.isAdmin} = 1 OR ${userSubscriptions.isSubscribed} = 1)`;

/**
 * Who a reservation is for: a user id (`userId`), or — on the path to the first token — the
 * writer of an unexpired session (`sessionId`, `now`), so the reservation goes in the same batch
 * as the session lookup and applies only when the session is alive (decision 009).
 */
export const writerOfSession = sql`(select s.user_id from sessions s where s.id = ${sql.placeholder("sessionId")} and s.expires_at > ${nowParam})`;

// A new conversation in a project is reserved only in the writer's own unarchived project
// (`projectId`, null: none), so a request the app refuses with a 404 takes nothing.
const projectParam = sql.placeholder("projectId");
export const usableProjectOrNone = sql`(${projectParam} is null or exists (select 1 from projects p where p.id = ${projectParam} and p.user_id = "user_subscriptions"."user_id" and p.archived_at is null))`;

// One statement decides and reserves: admins and subscribers pass untouched, a trial writer
// passes only with a conversation left and an unexpired trial, and takes exactly one. Built
// once per database client (it runs before every new conversation).
export function conversationReservationStatement(db: Database, writer: SQL, guard?: SQL) {
  return db
    .update(userSubscriptions)
    .set({
      queriesRemaining: sql`CASE WHEN ${unlimitedRow} THEN ${userSubscriptions.queriesRemaining} ELSE ${userSubscriptions.queriesRemaining} - 1 END`,
      queriesUsed: sql`CASE WHEN ${unlimitedRow} THEN ${userSubscriptions.queriesUsed} ELSE ${userSubscriptions.queriesUsed} + 1 END`,
      updatedAt: sql`CASE WHEN ${unlimitedRow} THEN ${userSubscriptions.updatedAt} ELSE ${nowParam} END`,
    })
    .where(
      and(
        eq(userSubscriptions.userId, writer),
        guard,
        or(
          eq(userSubscriptions.isAdmin, true),
          eq(userSubscriptions.isSubscribed, true),
          and(sql`${userSubscriptions.queriesRemaining} > 0`, sql`${userSubscriptions.trialEndDate} > ${nowParam}`),
        ),
      ),
    )
    .returning({
      isAdmin: userSubscriptions.isAdmin,
      isSubscribed: userSubscriptions.isSubscribed,
      queriesRemaining: userSubscriptions.queriesRemaining,
    })
    .prepare();
}

/** The writer's own subscription row, read inside the conversation statement. */
const writerColumn = (column: string) =>
  sql.raw(`(SELECT s.${column} FROM user_subscriptions s WHERE s.user_id = query_history.user_id)`);
const writerUnlimited = sql.raw(
  "EXISTS (SELECT 1 FROM user_subscriptions s WHERE s.user_id = query_history.user_id AND (s.is_admin = 1 OR s.is_subscribed = 1))",
);

// A follow-up: unlimited writers pass untouched; otherwise the conversation must carry a trial
// allowance with a follow-up left, and the writer's trial period must still be open.
export function followUpReservationStatement(db: Database, writer: SQL) {
  return db
    .update(queryHistory)
    .set({
      trialFollowUpsUsed: sql`CASE WHEN ${writerUnlimited} THEN ${queryHistory.trialFollowUpsUsed} ELSE ${queryHistory.trialFollowUpsUsed} + 1 END`,
    })
    .where(
      and(
        eq(queryHistory.conversationId, sql.placeholder("conversationId")),
        eq(queryHistory.userId, writer),
        or(
          writerUnlimited,
          and(
            isNotNull(queryHistory.trialFollowUpsUsed),
            lt(queryHistory.trialFollowUpsUsed, sql.placeholder("allowance")),
            sql`${writerColumn("trial_end_date")} > ${nowParam}`,
          ),
        ),
      ),
    )
    .returning({
      isAdmin: sql<number>`${writerColumn("is_admin")}`,
      isSubscribed: sql<number>`${writerColumn("is_subscribed")}`,
      queriesRemaining: sql<number>`${writerColumn("queries_remaining")}`,
      followUpsUsed: queryHistory.trialFollowUpsUsed,
    })
    .prepare();
}

function unlimited(row: { isAdmin: unknown; isSubscribed: unknown }): Unlimited | null {
  if (Number(row.isAdmin)) return { allowed: true, charged: false, reason: "admin" };
  if (Number(row.isSubscribed)) return { allowed: true, charged: false, reason: "subscriber" };
  return null;
}

/** What the conversation statement's returned row (none: refused) means. */
export function conversationReservationOf(
  row: { isAdmin: unknown; isSubscribed: unknown; queriesRemaining: number } | undefined,
): ConversationReservation {
  if (!row) return { allowed: false };
  return unlimited(row) ?? { allowed: true, charged: true, queriesRemaining: row.queriesRemaining };
}

/**
 * What the follow-up statement's returned row means; on a refusal (no row), `refused` is the
 * conversation's state as the same transaction saw it, only to tell the writer why.
 */
export function followUpReservationOf(
  row: { isAdmin: unknown; isSubscribed: unknown; queriesRemaining: unknown; followUpsUsed: number | null } | undefined,
  refused: { followUpsUsed: number | null; trialEndDate: Date | null } | undefined,
  now: Date,
): FollowUpReservation {
  if (row) {
    return (
      unlimited(row) ?? {
        allowed: true,
        charged: true,
        queriesRemaining: Number(row.queriesRemaining),
        followUpsUsed: row.followUpsUsed ?? 0,
      }
    );
  }
  return {
    allowed: false,
    followUpsUsed: refused?.followUpsUsed ?? null,
    trialPeriodOpen: Boolean(refused?.trialEndDate && refused.trialEndDate.getTime() > now.getTime()),
  };
}

/** Gives a reserved trial conversation back (the turn ended before any text: nothing was saved). */
export async function refundConversation({ db, userId, now }: { db: Database; userId: string; now: Date }) {
  await db
    .update(userSubscriptions)
    .set({
      queriesRemaining: sql`${userSubscriptions.queriesRemaining} + 1`,
      queriesUsed: sql`max(${userSubscriptions.queriesUsed} - 1, 0)`,
      updatedAt: now,
    })
    .where(eq(userSubscriptions.userId, userId));
}

/** Gives a reserved trial follow-up back to its conversation. */
export async function refundFollowUp({
  db,
  userId,
  conversationId,
}: {
  db: Database;
  userId: string;
  conversationId: string;
}) {
  await db
    .update(queryHistory)
    .set({ trialFollowUpsUsed: sql`max(${queryHistory.trialFollowUpsUsed} - 1, 0)` })
    .where(
      and(
        eq(queryHistory.conversationId, conversationId),
        eq(queryHistory.userId, userId),
        isNotNull(queryHistory.trialFollowUpsUsed),
      ),
    );
}
