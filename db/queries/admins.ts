/** Admin status (issue 14): who is an admin, read fresh; and how many there are (never remove the last). */
import { and, count, eq, isNotNull } from "drizzle-orm";
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

export async function countAdmins({ db }: { db: Database }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userSubscriptions).where(eq(userSubscriptions.isAdmin, true));
  return row?.n ?? 0;
}
