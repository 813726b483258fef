import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import {
  changePasswordAndRevokeOtherSessions,
  countUserSessions,
  deleteSession,
  extendSession,
  findSessionWithUser,
  insertSession,
} from "../../db/queries/sessions";
import { sessions, users } from "../../db/schema";
import { DAY_MS, makeAccount, NOW, uniqueId } from "./fixtures";

async function sessionIds(db: Database, userId: string) {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  return rows.map((row) => row.id).sort();
}

async function passwordHash(db: Database, userId: string) {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.hash;
}

export function sessionQueries(getDb: () => Database) {
  describe("sessions", () => {
    it("insertSession + findSessionWithUser return the session with its user", async () => {
      const db = getDb();
      const account = await makeAccount(db);
      const sessionId = uniqueId("session");
      const expiresAt = new Date(NOW.getTime() + 7 * DAY_MS);
      await insertSession({ db, sessionId, userId: account.userId, expiresAt, now: NOW });
      expect(await findSessionWithUser({ db, sessionId })).toEqual({
        sessionId,
        expiresAt,
        userId: account.userId,
        email: account.email,
      });
      expect(await countUserSessions({ db, userId: account.userId })).toBe(2);
    });

    it("findSessionWithUser of an unknown id is undefined", async () => {
      expect(await findSessionWithUser({ db: getDb(), sessionId: "no-such-session" })).toBeUndefined();
    });

    it("extendSession moves only that session's expiry", async () => {
      const db = getDb();
      const account = await makeAccount(db);
      const other = uniqueId("session");
      await insertSession({ db, sessionId: other, userId: account.userId, expiresAt: account.sessionExpiresAt, now: NOW });
      const later = new Date(NOW.getTime() + 45 * DAY_MS);
      await extendSession({ db, sessionId: account.sessionId, expiresAt: later });
      expect((await findSessionWithUser({ db, sessionId: account.sessionId }))?.expiresAt).toEqual(later);
      expect((await findSessionWithUser({ db, sessionId: other }))?.expiresAt).toEqual(account.sessionExpiresAt);
    });

    it("deleteSession removes only that session", async () => {
      const db = getDb();
      const account = await makeAccount(db);
      const other = uniqueId("session");
      await insertSession({ db, sessionId: other, userId: account.userId, expiresAt: account.sessionExpiresAt, now: NOW });
      await deleteSession({ db, sessionId: account.sessionId });
      expect(await findSessionWithUser({ db, sessionId: account.sessionId })).toBeUndefined();
      expect(await sessionIds(db, account.userId)).toEqual([other]);
      // Deleting again is harmless.
      await deleteSession({ db, sessionId: account.sessionId });
      expect(await countUserSessions({ db, userId: account.userId })).toBe(1);
    });

    it("changePasswordAndRevokeOtherSessions keeps the current session, drops the user's others, leaves other users alone", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const someoneElse = await makeAccount(db);
      const myOtherDevices = [uniqueId("session"), uniqueId("session")];
      for (const sessionId of myOtherDevices) {
        await insertSession({ db, sessionId, userId: me.userId, expiresAt: me.sessionExpiresAt, now: NOW });
      }
      const theirHash = await passwordHash(db, someoneElse.userId);
      const later = new Date(NOW.getTime() + 1000);

      await changePasswordAndRevokeOtherSessions({
        db,
        userId: me.userId,
        passwordHash: "new-hash",
        keepSessionId: me.sessionId,
        now: later,
      });

      expect(await sessionIds(db, me.userId)).toEqual([me.sessionId]);
      expect(await passwordHash(db, me.userId)).toBe("new-hash");
      const [meRow] = await db.select().from(users).where(eq(users.id, me.userId));
      expect(meRow?.updatedAt).toEqual(later);
      expect(await sessionIds(db, someoneElse.userId)).toEqual([someoneElse.sessionId]);
      expect(await passwordHash(db, someoneElse.userId)).toBe(theirHash);
    });

    it("changePasswordAndRevokeOtherSessions cannot keep another user's session", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const someoneElse = await makeAccount(db);
      await changePasswordAndRevokeOtherSessions({
        db,
        userId: me.userId,
        passwordHash: "new-hash",
        keepSessionId: someoneElse.sessionId,
        now: NOW,
      });
      expect(await sessionIds(db, me.userId)).toEqual([]);
      expect(await sessionIds(db, someoneElse.userId)).toEqual([someoneElse.sessionId]);
    });
  });
}
