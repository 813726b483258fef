/** The per-user subscription/trial row. */
import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { userSubscriptions } from "../schema";

export async function getSubscription({ db, userId }: { db: Database; userId: string }) {
  const rows = await db
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .limit(1);
  return rows[0];
}

export type Subscription = NonNullable<Awaited<ReturnType<typeof getSubscription>>>;
