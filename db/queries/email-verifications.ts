/**
 * E-mail verification (decision 011): single-use tokens, stored hashed, valid 24 hours. Opening
 * the link only shows a page; confirming (with the account's own session or its password) marks
 * the address verified and — only for the owner's address — grants admin, in one batch that runs
 * only while the token is unused and unexpired.
 */
import { and, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { emailVerificationTokens, userSubscriptions, users } from "../schema";

export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** Resends: at most one link a minute and this many a day per account (the sign-up's included). */
export const VERIFICATION_RESEND_GAP_MS = 60 * 1000;
export const VERIFICATION_LINKS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Stores a new link's token unless the account already got one within the last minute or
 * its daily number of links, or is verified already. One conditional insert: two resends
 * at once store at most one token.
 */
export async function issueVerificationToken({
  db,
  tokenHash,
  userId,
  now,
}: {
  db: Database;
  tokenHash: string;
  userId: string;
  now: Date;
}): Promise<"issued" | "too_soon" | "verified"> {
  const nowMs = now.getTime();
  const inserted = await db.all<{ id: string }>(sql`
    INSERT INTO ${emailVerificationTokens} (id, user_id, expires_at, created_at)
    SELECT ${tokenHash}, ${userId}, ${nowMs + VERIFICATION_TOKEN_TTL_MS}, ${nowMs}
    WHERE EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.emailVerifiedAt} IS NULL)
      AND NOT EXISTS (SELECT 1 FROM ${emailVerificationTokens}
        WHERE ${emailVerificationTokens.userId} = ${userId}
          AND ${emailVerificationTokens.createdAt} > ${nowMs - VERIFICATION_RESEND_GAP_MS})
      AND (SELECT count(*) FROM ${emailVerificationTokens}
        WHERE ${emailVerificationTokens.userId} = ${userId}
          AND ${emailVerificationTokens.createdAt} > ${nowMs - DAY_MS}) < ${VERIFICATION_LINKS_PER_DAY}
    RETURNING id`);
  if (inserted.length > 0) return "issued";
  return (await isEmailVerified({ db, userId })) ? "verified" : "too_soon";
}

/** Takes back a link whose e-mail could not be sent: it never reached anyone, so it counts for nothing. */
export async function withdrawVerificationToken({ db, tokenHash }: { db: Database; tokenHash: string }) {
  await db.delete(emailVerificationTokens).where(and(eq(emailVerificationTokens.id, tokenHash), isNull(emailVerificationTokens.usedAt)));
}

export async function isEmailVerified({ db, userId }: { db: Database; userId: string }): Promise<boolean> {
  const rows = await db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0]?.verifiedAt != null;
}

/** The account an unused, unexpired link belongs to (reading only: opening a link confirms nothing). */
export async function findVerificationToken({ db, tokenHash, now }: { db: Database; tokenHash: string; now: Date }) {
  const rows = await db
    .select({ userId: users.id, email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(emailVerificationTokens)
    .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
    .where(
      and(
        eq(emailVerificationTokens.id, tokenHash),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The statements that mark `userId` (a value or a subquery) verified: the address is verified
 * from now on, every open confirmation link of the account is burned, and the account becomes
 * admin if (and only if) its address is `ownerEmail`. Shared by a confirmed link and a completed
 * password reset (which proves the inbox just as well), each in its own batch.
 */
export function verifyAddressStatements(db: Database, { userId, ownerEmail, now }: { userId: SQL | string; ownerEmail: string | undefined; now: Date }) {
  const ownersAddress = sql`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${userId}) = ${ownerEmail ?? null}`;
  return [
    db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.getTime()})`, updatedAt: now })
      .where(eq(users.id, userId)),
    db
      .update(userSubscriptions)
      .set({ isAdmin: true, updatedAt: now })
      .where(and(eq(userSubscriptions.userId, userId), ownersAddress))
      .returning({ userId: userSubscriptions.userId }),
    db
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt)))
      .returning({ id: emailVerificationTokens.id, userId: emailVerificationTokens.userId }),
  ] as const;
}

export type VerifyResult = { ok: true; userId: string; isAdmin: boolean } | { ok: false };

/**
 * Uses the token of `userId`'s account (a token of another account does nothing): verified,
 * links burned, admin for the owner's address — in one batch that applies only while the token
 * is unused and unexpired (two concurrent uses: one wins).
 */
export async function verifyEmailWithToken({
  db,
  tokenHash,
  userId,
  ownerEmail,
  now,
}: {
  db: Database;
  tokenHash: string;
  userId: string;
  ownerEmail: string | undefined;
  now: Date;
}): Promise<VerifyResult> {
  const tokenOwner = sql`(SELECT ${emailVerificationTokens.userId} FROM ${emailVerificationTokens}
      WHERE ${emailVerificationTokens.id} = ${tokenHash}
        AND ${emailVerificationTokens.userId} = ${userId}
        AND ${emailVerificationTokens.usedAt} IS NULL
        AND ${emailVerificationTokens.expiresAt} > ${now.getTime()})`;
  const [, promoted, burned] = await db.batch(verifyAddressStatements(db, { userId: tokenOwner, ownerEmail, now }));
  const mine = burned.find((row) => row.id === tokenHash);
  if (!mine) return { ok: false };
  return { ok: true, userId: mine.userId, isAdmin: promoted.length > 0 };
}
