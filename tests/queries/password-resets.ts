import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import {
  createPasswordResetToken,
  isPasswordResetTokenUsable,
  resetPasswordWithToken,
  RESET_TOKEN_TTL_MS,
} from "../../db/queries/password-resets";
import { insertSession } from "../../db/queries/sessions";
import { passwordResetTokens, sessions, users } from "../../db/schema";
import { HOUR_MS, makeAccount, NOW, uniqueId } from "./fixtures";

async function userState(db: Database, userId: string) {
  const [user] = await db.select({ hash: users.passwordHash, updatedAt: users.updatedAt }).from(users).where(eq(users.id, userId));
  const sessionRows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  return { hash: user?.hash, updatedAt: user?.updatedAt, sessions: sessionRows.map((row) => row.id).sort() };
}

/** An account with two sessions and one fresh reset token. */
async function accountWithToken(db: Database) {
  const account = await makeAccount(db);
  await insertSession({
    db,
    sessionId: uniqueId("session"),
    userId: account.userId,
    expiresAt: account.sessionExpiresAt,
    now: NOW,
  });
  const tokenHash = uniqueId("token");
  await createPasswordResetToken({ db, tokenHash, userId: account.userId, now: NOW });
  return { account, tokenHash };
}

export function passwordResetQueries(getDb: () => Database) {
  describe("password resets", () => {
    it("a new token lives one hour", async () => {
      const db = getDb();
      const { account, tokenHash } = await accountWithToken(db);
      expect(RESET_TOKEN_TTL_MS).toBe(HOUR_MS);
      const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.id, tokenHash));
      expect(row).toMatchObject({ userId: account.userId, expiresAt: new Date(NOW.getTime() + HOUR_MS), usedAt: null });
      expect(await isPasswordResetTokenUsable({ db, tokenHash, now: NOW })).toBe(true);
      expect(await isPasswordResetTokenUsable({ db, tokenHash, now: new Date(NOW.getTime() + HOUR_MS - 1) })).toBe(true);
      expect(await isPasswordResetTokenUsable({ db, tokenHash, now: new Date(NOW.getTime() + HOUR_MS) })).toBe(false);
      expect(await isPasswordResetTokenUsable({ db, tokenHash: "no-such-token", now: NOW })).toBe(false);
    });

    it("resetPasswordWithToken sets the password, revokes every session and burns the token — once", async () => {
      const db = getDb();
      const { account, tokenHash } = await accountWithToken(db);
      const bystander = await accountWithToken(db);
      const bystanderBefore = await userState(db, bystander.account.userId);
      const later = new Date(NOW.getTime() + 10 * 60 * 1000);

      expect(await resetPasswordWithToken({ db, tokenHash, ownerEmail: undefined, passwordHash: "reset-hash", now: later })).toEqual({
        ok: true,
        userId: account.userId,
      });
      expect(await userState(db, account.userId)).toEqual({ hash: "reset-hash", updatedAt: later, sessions: [] });
      const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.id, tokenHash));
      expect(row?.usedAt).toEqual(later);
      expect(await isPasswordResetTokenUsable({ db, tokenHash, now: later })).toBe(false);

      // Single use.
      expect(await resetPasswordWithToken({ db, tokenHash, ownerEmail: undefined, passwordHash: "second-hash", now: later })).toEqual({ ok: false });
      expect((await userState(db, account.userId)).hash).toBe("reset-hash");

      // Nobody else was touched.
      expect(await userState(db, bystander.account.userId)).toEqual(bystanderBefore);
      expect(await isPasswordResetTokenUsable({ db, tokenHash: bystander.tokenHash, now: later })).toBe(true);
    });

    it("an unknown token changes nothing", async () => {
      const db = getDb();
      const { account } = await accountWithToken(db);
      const before = await userState(db, account.userId);
      expect(await resetPasswordWithToken({ db, ownerEmail: undefined, tokenHash: "no-such-token", passwordHash: "x", now: NOW })).toEqual({ ok: false });
      expect(await userState(db, account.userId)).toEqual(before);
    });

    it("an expired token changes nothing", async () => {
      const db = getDb();
      const { account, tokenHash } = await accountWithToken(db);
      const before = await userState(db, account.userId);
      const expired = new Date(NOW.getTime() + HOUR_MS);
      expect(await resetPasswordWithToken({ db, tokenHash, ownerEmail: undefined, passwordHash: "x", now: expired })).toEqual({ ok: false });
      expect(await userState(db, account.userId)).toEqual(before);
      const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.id, tokenHash));
      expect(row?.usedAt).toBeNull();
    });

    it("using one token burns the user's other open tokens", async () => {
      const db = getDb();
      const { account, tokenHash: older } = await accountWithToken(db);
      const newer = uniqueId("token");
      await createPasswordResetToken({ db, tokenHash: newer, userId: account.userId, now: NOW });
      expect((await resetPasswordWithToken({ db, ownerEmail: undefined, tokenHash: newer, passwordHash: "from-newer", now: NOW })).ok).toBe(true);
      expect(await isPasswordResetTokenUsable({ db, tokenHash: older, now: NOW })).toBe(false);
      expect(await resetPasswordWithToken({ db, ownerEmail: undefined, tokenHash: older, passwordHash: "from-older", now: NOW })).toEqual({ ok: false });
      expect((await userState(db, account.userId)).hash).toBe("from-newer");
    });

    it("ten concurrent uses of one token: exactly one wins, and its password is the one set", async () => {
      const db = getDb();
      const { account, tokenHash } = await accountWithToken(db);
      const hashes = Array.from({ length: 10 }, (_, index) => `concurrent-hash-${index}`);
      const results = await Promise.all(
        hashes.map((passwordHash) => resetPasswordWithToken({ db, tokenHash, ownerEmail: undefined, passwordHash, now: NOW })),
      );
      const winners = results.flatMap((result, index) => (result.ok ? [index] : []));
      expect(winners).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toHaveLength(9);
      const state = await userState(db, account.userId);
      expect(state.hash).toBe(hashes[winners[0]!]);
      expect(state.sessions).toEqual([]);
    });
  });
}
