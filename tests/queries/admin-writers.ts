import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { listWriters, setAdmin } from "../../db/queries/admin-writers";
import { userSubscriptions, users } from "../../db/schema";
import { makeAccount, NOW } from "./fixtures";

const auditsOf = (db: Database, userId: string) =>
  db.all<{ action: string }>(sql`SELECT action FROM admin_audit WHERE target_user_id = ${userId}`);

/** Issue 14: an admin removal and its audit entry are one batch — the entry exists exactly when the removal applied. */
export function adminWriterQueries(getDb: () => Database) {
  describe("the console's writer search (issue 31)", () => {
    it("finds a writer by any part of the address, however long (D1 refuses LIKE patterns over 50 bytes), and % or _ only literally", async () => {
      const db = getDb();
      const local = `a.very.long.name.for.someone.who.writes.a.great.deal.${crypto.randomUUID()}`;
      const long = await makeAccount(db, { email: `${local}@example-publishing-house.test` });
      const literal = await makeAccount(db, { email: `under_score%${crypto.randomUUID()}@example.test` });
      const find = async (search: string) => (await listWriters({ db, search, limit: 10 })).map((row) => row.email);
      expect(long.email.length).toBeGreaterThan(100);
      expect(await find(long.email)).toEqual([long.email]);
      expect(await find(long.email.toUpperCase())).toEqual([long.email]);
      expect(await find(`${local.slice(20)}@example-publishing`)).toEqual([long.email]);
      expect(await find("x".repeat(200))).toEqual([]);
      expect(await find(literal.email.slice(0, 13))).toEqual([literal.email]);
      expect(await find("under%score")).toEqual([]);
    });
  });

  describe("the console's admin removal", () => {
    it("audits a removal that applied and writes nothing for one refused (the last admin), concurrently too", async () => {
      const db = getDb();
      const first = await makeAccount(db, { isAdmin: true });
      const second = await makeAccount(db, { isAdmin: true });
      // An admin whose address is not confirmed cannot open the console, so does not count (issue 31).
      const unverified = await makeAccount(db, { isAdmin: true });
      await db.update(users).set({ emailVerifiedAt: NOW }).where(inArray(users.id, [first.userId, second.userId]));
      // Every other admin is set aside so that these two are the only verified ones.
      const others = await db.select({ id: userSubscriptions.userId }).from(userSubscriptions).where(eq(userSubscriptions.isAdmin, true));
      const aside = others.map((row) => row.id).filter((id) => id !== first.userId && id !== second.userId && id !== unverified.userId);
      const setAside = (value: boolean) =>
        db.run(sql`UPDATE user_subscriptions SET is_admin = ${value ? 1 : 0} WHERE user_id IN (SELECT value FROM json_each(${JSON.stringify(aside)}))`);
      await setAside(false);
      try {
        const remove = (by: typeof first, target: typeof first) =>
          setAdmin({ db, id: target.userId, admin: false, audit: { admin: { id: by.userId, email: by.email }, action: "remove-admin", target: target.email, now: NOW } });
        const results = await Promise.all([remove(first, second), remove(second, first)]);
        expect([...results].sort()).toEqual([false, true]);
        const removed = results[0] ? second : first;
        const kept = results[0] ? first : second;
        expect((await auditsOf(db, removed.userId)).map((row) => row.action)).toEqual(["remove-admin"]);
        expect(await auditsOf(db, kept.userId)).toEqual([]);
        // The last verified admin again — an unverified one is still there: refused, and still nothing in the log.
        expect(await remove(kept, kept)).toBe(false);
        expect(await auditsOf(db, kept.userId)).toEqual([]);
        const [unverifiedRow] = await db.select({ isAdmin: userSubscriptions.isAdmin }).from(userSubscriptions).where(eq(userSubscriptions.userId, unverified.userId));
        expect(unverifiedRow?.isAdmin).toBe(true);
        // The unverified admin can be removed while a verified one remains.
        expect(await remove(kept, unverified)).toBe(true);
      } finally {
        await setAside(true);
      }
    });
  });
}
