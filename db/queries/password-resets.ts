/** Single-use, one-hour password reset tokens, stored hashed. */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../client";
import { passwordResetTokens, sessions, users } from "../schema";
import { verifyAddressStatements } from "./email-verifications";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export async function createPasswordResetToken({
  db,
  tokenHash,
  userId,
  now,
}: {
  db: Database;
  tokenHash: string;
  userId: string;
  now: Date;
}) {
  await db.insert(passwordResetTokens).values({
    id: tokenHash,
    userId,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    createdAt: now,
  });
}

export async function isPasswordResetTokenUsable({
  db,
  tokenHash,
  now,
}: {
  db: Database;
  tokenHash: string;
  now: Date;
}): Promise<boolean> {
  const rows = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.id, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Sets the new password, revokes every session, burns every open reset token of the user and —
 * since following the link proves the inbox — confirms the address (admin for `ownerEmail`'s,
 * decision 011): all in one batch, and only if the token is still unused and unexpired when the
 * batch runs. Two concurrent uses of one link: exactly one wins. An address someone else signed
 * up with thus ends up with the inbox's owner, every other session ended.
 */
export async function resetPasswordWithToken({
  db,
  tokenHash,
  passwordHash,
  ownerEmail,
  now,
}: {
  db: Database;
  tokenHash: string;
  passwordHash: string;
  ownerEmail: string | undefined;
  now: Date;
}): Promise<{ ok: true; userId: string } | { ok: false }> {
  const nowMs = now.getTime();
  const tokenOwner = sql`(SELECT ${passwordResetTokens.userId} FROM ${passwordResetTokens}
      WHERE ${passwordResetTokens.id} = ${tokenHash}
        AND ${passwordResetTokens.usedAt} IS NULL
        AND ${passwordResetTokens.expiresAt} > ${nowMs})`;
  // The verification comes first: the token is burned by the last statement.
  const [verifyUser, promote, burnLinks] = verifyAddressStatements(db, { userId: tokenOwner, ownerEmail, now });
  const [, , , , , burned] = await db.batch([
    verifyUser,
    promote,
    burnLinks,
    db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, tokenOwner)),
    db.delete(sessions).where(eq(sessions.userId, tokenOwner)),
    db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, tokenOwner), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id, userId: passwordResetTokens.userId }),
  ]);
  const mine = burned.find((row) => row.id === tokenHash);
  return mine ? { ok: true, userId: mine.userId } : { ok: false };
}
