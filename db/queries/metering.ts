/**
 * Query metering. A trial query is reserved with one guarded UPDATE … RETURNING, so any number
 * of concurrent requests can never take more than the user has, nor drive the count below 0.
 */
import { and, eq, gt, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { userSubscriptions } from "../schema";
import { preparedPerDatabase } from "./prepared";

export type Reservation =
  | { allowed: true; charged: false; reason: "admin" | "subscriber" }
  | { allowed: true; charged: true; queriesRemaining: number }
  | { allowed: false };

// One statement decides and reserves: admins and subscribers pass untouched, a trial user
// passes only with a query left and an unexpired trial, and takes exactly one. Built once per
// database client (run before every model call); `now` is epoch milliseconds.
const reservation = preparedPerDatabase((db) => {
  const unlimited = sql`(${userSubscriptions.isAdmin} = 1 OR ${userSubscriptions.isSubscribed} = 1)`;
  const now = sql.placeholder("now");
  return db
    .update(userSubscriptions)
    .set({
      queriesRemaining: sql`CASE WHEN ${unlimited} THEN ${userSubscriptions.queriesRemaining} ELSE ${userSubscriptions.queriesRemaining} - 1 END`,
      queriesUsed: sql`CASE WHEN ${unlimited} THEN ${userSubscriptions.queriesUsed} ELSE ${userSubscriptions.queriesUsed} + 1 END`,
      updatedAt: sql`CASE WHEN ${unlimited} THEN ${userSubscriptions.updatedAt} ELSE ${now} END`,
    })
    .where(
      and(
        eq(userSubscriptions.userId, sql.placeholder("userId")),
        or(
          eq(userSubscriptions.isAdmin, true),
          eq(userSubscriptions.isSubscribed, true),
          and(gt(userSubscriptions.queriesRemaining, 0), sql`${userSubscriptions.trialEndDate} > ${now}`),
        ),
      ),
    )
    .returning({
      isAdmin: userSubscriptions.isAdmin,
      isSubscribed: userSubscriptions.isSubscribed,
      queriesRemaining: userSubscriptions.queriesRemaining,
    })
    .prepare();
});

export async function reserveQuery({
  db,
  userId,
  now,
}: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<Reservation> {
  const rows = await reservation(db).all({ userId, now: now.getTime() });
  const row = rows[0];
  if (!row) return { allowed: false };
  if (row.isAdmin) return { allowed: true, charged: false, reason: "admin" };
  if (row.isSubscribed) return { allowed: true, charged: false, reason: "subscriber" };
  return { allowed: true, charged: true, queriesRemaining: row.queriesRemaining };
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
