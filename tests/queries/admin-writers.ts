import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { setAdmin } from "../../db/queries/admin-writers";
import { userSubscriptions } from "../../db/schema";
import { makeAccount, NOW } from "./fixtures";

const auditsOf = (db: Database, userId: string) =>
  db.all<{ action: string }>(sql`SELECT action FROM admin_audit WHERE target_user_id = ${userId}`);

/** Issue 14: an admin removal and its audit entry are one batch — the entry exists exactly when the removal applied. */
export function adminWriterQueries(getDb: () => Database) {
  describe("the console's admin removal", () => {
    it("audits a removal that applied and writes nothing for one refused (the last admin), concurrently too", async () => {
      const db = getDb();
      const first = await makeAccount(db, { isAdmin: true });
      const second = await makeAccount(db, { isAdmin: true });
      // Every other admin is set aside so that these two are the only ones.
      const others = await db.select({ id: userSubscriptions.userId }).from(userSubscriptions).where(eq(userSubscriptions.isAdmin, true));
      const aside = others.map((row) => row.id).filter((id) => id !== first.userId && id !== second.userId);
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
        // The last admin again: refused, and still nothing in the log.
        expect(await remove(kept, kept)).toBe(false);
        expect(await auditsOf(db, kept.userId)).toEqual([]);
      } finally {
        await setAside(true);
      }
    });
  });
}
