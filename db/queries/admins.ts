/** Admin status (issue 14): who is an admin, read fresh. */
import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../client";
import { userSubscriptions, users } from "../schema";

/** Whether the user is an admin with a verified e-mail address. */
export async function isVerifiedAdmin({ db, userId }: { db: Database; userId: string }): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userSubscriptions, eq(userSubscriptions.userId, users.id))
    .where(and(eq(users.id, userId), eq(userSubscriptions.isAdmin, true), isNotNull(users.emailVerifiedAt)))
    .limit(1);
  return rows.length > 0;
}

