/**
 * Query metering. A trial query is reserved with one guarded UPDATE … RETURNING, so any number
 * of concurrent requests can never take more than the user has, nor drive the count below 0.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { userSubscriptions } from "../schema";

export type Reservation =
  | { allowed: true; charged: false; reason: "admin" | "subscriber" }
  | { allowed: true; charged: true; queriesRemaining: number }
  | { allowed: false };

export async function reserveQuery({
  db,
  userId,
  now,
}: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<Reservation> {
  const rows = await db
    .select({ isAdmin: userSubscriptions.isAdmin, isSubscribed: userSubscriptions.isSubscribed })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .limit(1);
  const row = rows[0];
  if (!row) return { allowed: false };
  if (row.isAdmin) return { allowed: true, charged: false, reason: "admin" };
  if (row.isSubscribed) return { allowed: true, charged: false, reason: "subscriber" };

  const reserved = await db
    .update(userSubscriptions)
    .set({
      queriesRemaining: sql`${userSubscriptions.queriesRemaining} - 1`,
      queriesUsed: sql`${userSubscriptions.queriesUsed} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        eq(userSubscriptions.isAdmin, false),
        eq(userSubscriptions.isSubscribed, false),
        gt(userSubscriptions.queriesRemaining, 0),
        gt(userSubscriptions.trialEndDate, now),
      ),
    )
    .returning({ queriesRemaining: userSubscriptions.queriesRemaining });
  const after = reserved[0];
  return after ? { allowed: true, charged: true, queriesRemaining: after.queriesRemaining } : { allowed: false };
}

/** Gives a reserved trial query back (the model failed before producing anything). */
export async function refundQuery({ db, userId, now }: { db: Database; userId: string; now: Date }) {
  await db
    .update(userSubscriptions)
    .set({
      queriesRemaining: sql`${userSubscriptions.queriesRemaining} + 1`,
      queriesUsed: sql`max(${userSubscriptions.queriesUsed} - 1, 0)`,
      updatedAt: now,
    })
    .where(eq(userSubscriptions.userId, userId));
}
