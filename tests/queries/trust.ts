import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { findVerificationToken, issueVerificationToken, isEmailVerified, verifyEmailWithToken } from "../../db/queries/email-verifications";
import { createPasswordResetToken, resetPasswordWithToken } from "../../db/queries/password-resets";
import { releaseSignupSlot, takeSignupSlot } from "../../db/queries/signup-attempts";
import { userSubscriptions } from "../../db/schema";
import { DAY_MS, HOUR_MS, makeAccount, NOW, uniqueId } from "./fixtures";

const isAdmin = async (db: Database, userId: string) =>
  (await db.select({ isAdmin: userSubscriptions.isAdmin }).from(userSubscriptions).where(eq(userSubscriptions.userId, userId)))[0]?.isAdmin;

/** Decision 011: the sign-up count per IP and e-mail confirmation, the same on D1 and libSQL. */
export function trustQueries(getDb: () => Database) {
  describe("sign-up slots per IP", () => {
    it("gives an IP `limit` slots an hour, concurrently too; a released slot and an hour later free it", async () => {
      const db = getDb();
      const ip = uniqueId("ip");
      const take = (now = NOW) => takeSignupSlot({ db, slotId: uniqueId("slot"), ip, limit: 3, now });
      const taken = await Promise.all(Array.from({ length: 6 }, () => take()));
      expect(taken.filter((slot) => slot === true)).toHaveLength(3);
      expect(taken.filter((slot) => slot === "ip")).toHaveLength(3);
      expect(await takeSignupSlot({ db, slotId: uniqueId("slot"), ip: uniqueId("ip"), limit: 3, now: NOW })).toBe(true);

      const slotId = uniqueId("slot");
      const otherIp = uniqueId("ip");
      for (let n = 0; n < 2; n += 1) await takeSignupSlot({ db, slotId: uniqueId("slot"), ip: otherIp, limit: 3, now: NOW });
      expect(await takeSignupSlot({ db, slotId, ip: otherIp, limit: 3, now: NOW })).toBe(true);
      await releaseSignupSlot({ db, slotId });
      expect(await takeSignupSlot({ db, slotId: uniqueId("slot"), ip: otherIp, limit: 3, now: NOW })).toBe(true);

      expect(await take(new Date(NOW.getTime() + HOUR_MS + 1))).toBe(true);
    });

    it("with a daily cap, gives everyone together `dailyCap` new slots per UTC day, concurrently too", async () => {
      const db = getDb();
      // A day of its own, far from every other test's NOW.
      const day = Date.UTC(2031, 0, 1);
      const already = () => db.all<{ n: number }>(sql`SELECT count(*) AS n FROM signup_attempts WHERE created_at >= ${day}`);
      expect((await already())[0]?.n).toBe(0);
      const take = (ms: number) => takeSignupSlot({ db, slotId: uniqueId("slot"), ip: uniqueId("ip"), limit: 3, dailyCap: 4, now: new Date(day + ms) });
      const taken = await Promise.all(Array.from({ length: 7 }, (_, n) => take(1_000 + n)));
      expect(taken.filter((slot) => slot === true)).toHaveLength(4);
      expect(taken.filter((slot) => slot === "day")).toHaveLength(3);
      expect(await take(HOUR_MS * 5)).toBe("day");
      expect(await take(24 * HOUR_MS)).toBe(true);
    });
  });

  describe("e-mail confirmation", () => {
    it("issues a link at most once a minute and five a day, none once verified", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const at = (ms: number) => new Date(NOW.getTime() + ms);
      const issue = (now: Date) => issueVerificationToken({ db, tokenHash: uniqueId("token"), userId: me.userId, now });
      expect(await issue(at(0))).toBe("issued");
      expect(await issue(at(30_000))).toBe("too_soon");
      for (let n = 1; n <= 4; n += 1) expect(await issue(at(n * 2 * 60_000))).toBe("issued");
      expect(await issue(at(20 * 60_000))).toBe("too_soon");
      expect(await issue(at(DAY_MS + 60_000))).toBe("issued");
    });

    it("a token verifies once; only the owner's address becomes admin; an expired token does nothing", async () => {
      const db = getDb();
      const owner = await makeAccount(db);
      const writer = await makeAccount(db);
      await issueVerificationToken({ db, tokenHash: "owner-token", userId: owner.userId, now: NOW });
      await issueVerificationToken({ db, tokenHash: "writer-token", userId: writer.userId, now: NOW });
      const later = new Date(NOW.getTime() + HOUR_MS);

      // A link confirms only the account it was sent for, whoever presents it (issue 31).
      expect(await verifyEmailWithToken({ db, tokenHash: "owner-token", userId: writer.userId, ownerEmail: owner.email, now: later })).toEqual({ ok: false });
      expect(await isEmailVerified({ db, userId: writer.userId })).toBe(false);
      expect(await isEmailVerified({ db, userId: owner.userId })).toBe(false);
      expect(await isAdmin(db, writer.userId)).toBe(false);
      expect(await findVerificationToken({ db, tokenHash: "owner-token", now: later })).toEqual({ userId: owner.userId, email: owner.email, verifiedAt: null });

      expect(await verifyEmailWithToken({ db, tokenHash: "writer-token", userId: writer.userId, ownerEmail: owner.email, now: later })).toEqual({
        ok: true,
        userId: writer.userId,
        isAdmin: false,
      });
      expect(await isAdmin(db, writer.userId)).toBe(false);
      expect(await verifyEmailWithToken({ db, tokenHash: "writer-token", userId: writer.userId, ownerEmail: owner.email, now: later })).toEqual({ ok: false });

      const expired = new Date(NOW.getTime() + DAY_MS + 1);
      expect(await verifyEmailWithToken({ db, tokenHash: "owner-token", userId: owner.userId, ownerEmail: owner.email, now: expired })).toEqual({ ok: false });
      expect(await isEmailVerified({ db, userId: owner.userId })).toBe(false);
      expect(await isAdmin(db, owner.userId)).toBe(false);

      const both = await Promise.all([
        verifyEmailWithToken({ db, tokenHash: "owner-token", userId: owner.userId, ownerEmail: owner.email, now: later }),
        verifyEmailWithToken({ db, tokenHash: "owner-token", userId: owner.userId, ownerEmail: owner.email, now: later }),
      ]);
      expect(both.filter((result) => result.ok)).toHaveLength(1);
      expect(await isEmailVerified({ db, userId: owner.userId })).toBe(true);
      expect(await isAdmin(db, owner.userId)).toBe(true);
      expect(await issueVerificationToken({ db, tokenHash: uniqueId("token"), userId: owner.userId, now: later })).toBe("verified");
      expect(await findVerificationToken({ db, tokenHash: "owner-token", now: later })).toBeNull();
    });

    it("a completed password reset proves the inbox: the address is confirmed, the owner's made admin, open links burned", async () => {
      const db = getDb();
      const owner = await makeAccount(db);
      await issueVerificationToken({ db, tokenHash: "reset-owner-link", userId: owner.userId, now: NOW });
      await createPasswordResetToken({ db, tokenHash: "reset-owner-token", userId: owner.userId, now: NOW });
      const later = new Date(NOW.getTime() + 10 * 60_000);
      expect(await resetPasswordWithToken({ db, tokenHash: "reset-owner-token", passwordHash: "new-hash", ownerEmail: owner.email, now: later })).toEqual({
        ok: true,
        userId: owner.userId,
      });
      expect(await isEmailVerified({ db, userId: owner.userId })).toBe(true);
      expect(await isAdmin(db, owner.userId)).toBe(true);
      expect(await findVerificationToken({ db, tokenHash: "reset-owner-link", now: later })).toBeNull();

      // A reset link that no longer works confirms nothing.
      const writer = await makeAccount(db);
      await createPasswordResetToken({ db, tokenHash: "reset-writer-token", userId: writer.userId, now: NOW });
      const tooLate = new Date(NOW.getTime() + 2 * HOUR_MS);
      expect(await resetPasswordWithToken({ db, tokenHash: "reset-writer-token", passwordHash: "x", ownerEmail: writer.email, now: tooLate })).toEqual({ ok: false });
      expect(await isEmailVerified({ db, userId: writer.userId })).toBe(false);
      expect(await isAdmin(db, writer.userId)).toBe(false);
    });
  });
}
