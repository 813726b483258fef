/**
 * A writer's own data (issue 14, "Writers' own data"): what their account holds for the
 * download, and the removal of every row that is theirs. The removal names each table, child
 * rows first, in one batch — it does not rely on ON DELETE CASCADE, which SQLite applies only
 * where foreign keys are enforced — so either all of it goes or none.
 */
import { eq, inArray } from "drizzle-orm";
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

/** Deletes every row of the writer (WRITER_TABLES), in one batch, with `audit` (the console's entry) first when given. */
export async function deleteAccountRows({ db, userId, audit }: { db: Database; userId: string; audit?: BatchItem<"sqlite"> }): Promise<void> {
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
  await (audit ? db.batch([audit, ...deletes]) : db.batch(deletes));
}
