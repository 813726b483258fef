/**
 * Metering of the trial (the rules and their numbers: app/billing/plan.ts). A trial query is a
 * new conversation, reserved on the writer's subscription row; a follow-up in a trial
 * conversation is reserved on that conversation's row. Each reservation is one guarded
 * UPDATE … RETURNING, so any number of concurrent requests can never take more than is left,
 * nor drive a count past its limit. Admins and subscribers pass untouched.
 */
import { and, eq, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { queryHistory, userSubscriptions } from "../schema";
import { preparedPerDatabase } from "./prepared";

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
const userIdParam = sql.placeholder("userId");
const unlimitedRow = sql`(${userSubscriptions.isAdmin} = 1 OR ${userSubscriptions.isSubscribed} = 1)`;

// One statement decides and reserves: admins and subscribers pass untouched, a trial writer
// passes only with a conversation left and an unexpired trial, and takes exactly one. Built
// once per database client (it runs before every new conversation).
const conversationReservation = preparedPerDatabase((db) =>
  db
    .update(userSubscriptions)
    .set({
      queriesRemaining: sql`CASE WHEN ${unlimitedRow} THEN ${userSubscriptions.queriesRemaining} ELSE ${userSubscriptions.queriesRemaining} - 1 END`,
      queriesUsed: sql`CASE WHEN ${unlimitedRow} THEN ${userSubscriptions.queriesUsed} ELSE ${userSubscriptions.queriesUsed} + 1 END`,
      updatedAt: sql`CASE WHEN ${unlimitedRow} THEN ${userSubscriptions.updatedAt} ELSE ${nowParam} END`,
    })
    .where(
      and(
        eq(userSubscriptions.userId, userIdParam),
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
    .prepare(),
);

/** The writer's own subscription row, read inside the conversation statement. */
const writerColumn = (column: string) =>
  sql.raw(`(SELECT s.${column} FROM user_subscriptions s WHERE s.user_id = query_history.user_id)`);
const writerUnlimited = sql.raw(
  "EXISTS (SELECT 1 FROM user_subscriptions s WHERE s.user_id = query_history.user_id AND (s.is_admin = 1 OR s.is_subscribed = 1))",
);

// A follow-up: unlimited writers pass untouched; otherwise the conversation must carry a trial
// allowance with a follow-up left, and the writer's trial period must still be open.
const followUpReservation = preparedPerDatabase((db) =>
  db
    .update(queryHistory)
    .set({
      trialFollowUpsUsed: sql`CASE WHEN ${writerUnlimited} THEN ${queryHistory.trialFollowUpsUsed} ELSE ${queryHistory.trialFollowUpsUsed} + 1 END`,
    })
    .where(
      and(
        eq(queryHistory.conversationId, sql.placeholder("conversationId")),
        eq(queryHistory.userId, userIdParam),
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
    .prepare(),
);

function unlimited(row: { isAdmin: unknown; isSubscribed: unknown }): Unlimited | null {
  if (Number(row.isAdmin)) return { allowed: true, charged: false, reason: "admin" };
  if (Number(row.isSubscribed)) return { allowed: true, charged: false, reason: "subscriber" };
  return null;
}

export async function reserveConversation({
  db,
  userId,
  now,
}: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<ConversationReservation> {
  const [row] = await conversationReservation(db).all({ userId, now: now.getTime() });
  if (!row) return { allowed: false };
  return unlimited(row) ?? { allowed: true, charged: true, queriesRemaining: row.queriesRemaining };
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

export async function reserveFollowUp({
  db,
  userId,
  conversationId,
  allowance,
  now,
}: {
  db: Database;
  userId: string;
  conversationId: string;
  /** Trial follow-ups a conversation includes (PLAN.trialFollowUpsPerConversation). */
  allowance: number;
  now: Date;
}): Promise<FollowUpReservation> {
  const [row] = await followUpReservation(db).all({ userId, conversationId, allowance, now: now.getTime() });
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
  // Refused: read why, only to tell the writer (the decision above was already atomic).
  const [state] = await db
    .select({ followUpsUsed: queryHistory.trialFollowUpsUsed, trialEndDate: userSubscriptions.trialEndDate })
    .from(queryHistory)
    .innerJoin(userSubscriptions, eq(userSubscriptions.userId, queryHistory.userId))
    .where(and(eq(queryHistory.conversationId, conversationId), eq(queryHistory.userId, userId)))
    .limit(1);
  return {
    allowed: false,
    followUpsUsed: state?.followUpsUsed ?? null,
    trialPeriodOpen: Boolean(state?.trialEndDate && state.trialEndDate.getTime() > now.getTime()),
  };
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
