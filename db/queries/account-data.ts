/**
 * A writer's own data (issue 14, "Writers' own data"): what their account holds for the
 * download, and the removal of every row that is theirs. The removal names each table, child
 * rows first, in one batch — it does not rely on ON DELETE CASCADE, which SQLite applies only
 * where foreign keys are enforced — so either all of it goes or none.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";
import {
  bibleEntries,
  emailVerificationTokens,
  passwordResetTokens,
  projects,
  queryHistory,
  queryMessages,
  sessions,
  trialMemory,
  usageEvents,
  userSubscriptions,
  users,
} from "../schema";

export async function readAccount({ db, userId }: { db: Database; userId: string }) {
  const [[user], [subscription]] = await db.batch([
    db
      .select({ id: users.id, email: users.email, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1),
    db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId)).limit(1),
  ]);
  return user ? { user, subscription: subscription ?? null } : null;
}

export type StoredAccount = NonNullable<Awaited<ReturnType<typeof readAccount>>>;

/** Every table that holds a writer's rows, child tables first (the order the batch deletes in). */
export const WRITER_TABLES = [
  "query_messages",
  "query_history",
  "bible_entries",
  "projects",
  "usage_events",
  "sessions",
  "password_reset_tokens",
  "email_verification_tokens",
  "user_subscriptions",
  "users",
] as const;

/**
 * Remembers what is left of the writer's trial under `addressHash` (trial_memory), replacing
 * what an earlier account on the address left: a statement for deleteAccountRows' batch.
 */
function rememberTrial(db: Database, { userId, addressHash, now }: { userId: string; addressHash: string; now: Date }) {
  const left = db
    .select({
      addressHash: sql<string>`${addressHash}`.as("address_hash"),
      conversationsLeft: userSubscriptions.queriesRemaining,
      trialEndsAt: userSubscriptions.trialEndDate,
      updatedAt: sql<number>`${now.getTime()}`.as("updated_at"),
    })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId));
  return db
    .insert(trialMemory)
    .select(left)
    .onConflictDoUpdate({
      target: trialMemory.addressHash,
      set: { conversationsLeft: sql`excluded.conversations_left`, trialEndsAt: sql`excluded.trial_ends_at`, updatedAt: sql`excluded.updated_at` },
    });
}

/**
 * Deletes every row of the writer (WRITER_TABLES), in one batch, with `audit` (the console's
 * entry) first when given. With `addressHash`, what is left of the trial is remembered under it
 * first (decision 011: deleting an account never gives a fresh trial).
 */
export async function deleteAccountRows({
  db,
  userId,
  audit,
  addressHash,
  now = new Date(),
}: {
  db: Database;
  userId: string;
  audit?: BatchItem<"sqlite">;
  addressHash: string | null;
  now?: Date;
}): Promise<void> {
  const theirConversations = db.select({ id: queryHistory.conversationId }).from(queryHistory).where(eq(queryHistory.userId, userId));
  const deletes = [
    db.delete(queryMessages).where(inArray(queryMessages.conversationId, theirConversations)),
    db.delete(queryHistory).where(eq(queryHistory.userId, userId)),
    db.delete(bibleEntries).where(eq(bibleEntries.userId, userId)),
    db.delete(projects).where(eq(projects.userId, userId)),
    db.delete(usageEvents).where(eq(usageEvents.userId, userId)),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
    db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId)),
    db.delete(userSubscriptions).where(eq(userSubscriptions.userId, userId)),
    db.delete(users).where(eq(users.id, userId)),
  ] as const;
  const statements: BatchItem<"sqlite">[] = [
    ...(audit ? [audit] : []),
    ...(addressHash ? [rememberTrial(db, { userId, addressHash, now })] : []),
    ...deletes,
  ];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
