/** Users and their sign-up: the user, the trial subscription and the first session at once. */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { sessions, trialMemory, userSubscriptions, users } from "../schema";

export type NewAccount = {
  userId: string;
  email: string;
  passwordHash: string;
  isAdmin: boolean;
  sessionId: string;
  sessionExpiresAt: Date;
  /** The trial the plan gives a new account (app/rules/plan.ts). */
  trial: { conversations: number; endsAt: Date };
  /**
   * The keyed hash of the address (trial_memory): when an earlier account on it was deleted, the
   * new one starts with what that one's trial had left instead of `trial`.
   */
  addressHash: string;
  now: Date;
};

/** The trial the account started with; `remembered` when it continues a deleted account's. */
export type StartedTrial = { conversations: number; endsAt: Date | null; remembered: boolean };

export type CreateAccountResult = { ok: true; trial: StartedTrial } | { ok: false; reason: "email_taken" };

/**
 * One atomic batch: if any statement fails (e.g. the e-mail was taken a moment ago) nothing
 * is written, so there is never a user without a subscription row or session.
 */
export async function createAccount({
  db,
  account,
}: {
  db: Database;
  account: NewAccount;
}): Promise<CreateAccountResult> {
  const { now } = account;
  const remembered = (column: typeof trialMemory.conversationsLeft | typeof trialMemory.trialEndsAt) =>
    sql`(SELECT ${column} FROM ${trialMemory} WHERE ${trialMemory.addressHash} = ${account.addressHash})`;
  const isRemembered = sql<number>`EXISTS (SELECT 1 FROM ${trialMemory} WHERE ${trialMemory.addressHash} = ${account.addressHash})`;
  try {
    const [, [started]] = await db.batch([
      db.insert(users).values({
        id: account.userId,
        email: account.email,
        passwordHash: account.passwordHash,
        createdAt: now,
        updatedAt: now,
      }),
      db.insert(userSubscriptions).values({
        userId: account.userId,
        isAdmin: account.isAdmin,
        isSubscribed: false,
        queriesRemaining: sql`coalesce(${remembered(trialMemory.conversationsLeft)}, ${account.trial.conversations})`,
        queriesUsed: 0,
        trialEndDate: sql`CASE WHEN ${isRemembered} THEN ${remembered(trialMemory.trialEndsAt)} ELSE ${account.trial.endsAt.getTime()} END`,
        updatedAt: now,
      }).returning({ conversations: userSubscriptions.queriesRemaining, endsAt: userSubscriptions.trialEndDate, remembered: isRemembered }),
      db.insert(sessions).values({
        id: account.sessionId,
        userId: account.userId,
        expiresAt: account.sessionExpiresAt,
        createdAt: now,
      }),
    ]);
    return { ok: true, trial: { conversations: started!.conversations, endsAt: started!.endsAt, remembered: Boolean(started!.remembered) } };
  } catch (error) {
    if (isUniqueViolation(error, "users.email")) return { ok: false, reason: "email_taken" };
    throw error;
  }
}

function isUniqueViolation(error: unknown, column: string): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    if (current.message.includes("UNIQUE constraint failed") && current.message.includes(column)) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

export async function findUserByEmail({ db, email }: { db: Database; email: string }) {
  const rows = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return rows[0];
}

export async function findUserById({ db, userId }: { db: Database; userId: string }) {
  const rows = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}
