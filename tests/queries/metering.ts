import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { refundQuery, reserveQuery } from "../../db/queries/metering";
import { userSubscriptions } from "../../db/schema";
import { DAY_MS, makeAccount, NOW } from "./fixtures";

async function counters(db: Database, userId: string) {
  const rows = await db
    .select({ remaining: userSubscriptions.queriesRemaining, used: userSubscriptions.queriesUsed })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId));
  return rows[0];
}

async function setRow(db: Database, userId: string, values: Partial<typeof userSubscriptions.$inferInsert>) {
  await db.update(userSubscriptions).set(values).where(eq(userSubscriptions.userId, userId));
}

export function meteringQueries(getDb: () => Database) {
  describe("metering", () => {
    it("reserveQuery charges a trial user one query at a time, down to 0 and no further", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const seen = [];
      for (let i = 0; i < 6; i++) seen.push(await reserveQuery({ db, userId: me.userId, now: NOW }));
      expect(seen).toEqual([
        { allowed: true, charged: true, queriesRemaining: 4 },
        { allowed: true, charged: true, queriesRemaining: 3 },
        { allowed: true, charged: true, queriesRemaining: 2 },
        { allowed: true, charged: true, queriesRemaining: 1 },
        { allowed: true, charged: true, queriesRemaining: 0 },
        { allowed: false },
      ]);
      expect(await counters(db, me.userId)).toEqual({ remaining: 0, used: 5 });
    });

    it("20 concurrent reservations with 1 query left: exactly one is allowed, the counter ends at 0", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      await setRow(db, me.userId, { queriesRemaining: 1, queriesUsed: 4 });
      const results = await Promise.all(
        Array.from({ length: 20 }, () => reserveQuery({ db, userId: me.userId, now: NOW })),
      );
      expect(results.filter((result) => result.allowed)).toEqual([{ allowed: true, charged: true, queriesRemaining: 0 }]);
      expect(results.filter((result) => !result.allowed)).toHaveLength(19);
      expect(await counters(db, me.userId)).toEqual({ remaining: 0, used: 5 });
    });

    it("20 concurrent reservations with 3 left: exactly three, never below zero", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      await setRow(db, me.userId, { queriesRemaining: 3, queriesUsed: 2 });
      const results = await Promise.all(
        Array.from({ length: 20 }, () => reserveQuery({ db, userId: me.userId, now: NOW })),
      );
      const allowed = results.filter((result) => result.allowed);
      expect(allowed).toHaveLength(3);
      expect(allowed.map((result) => (result.charged ? result.queriesRemaining : null)).sort()).toEqual([0, 1, 2]);
      expect(await counters(db, me.userId)).toEqual({ remaining: 0, used: 5 });
    });

    it("admins and subscribers are allowed and never charged, even with the trial over and nothing left", async () => {
      const db = getDb();
      const admin = await makeAccount(db, { isAdmin: true });
      const subscriber = await makeAccount(db);
      const over = { queriesRemaining: 0, queriesUsed: 5, trialEndDate: new Date(NOW.getTime() - DAY_MS) };
      await setRow(db, admin.userId, over);
      await setRow(db, subscriber.userId, { ...over, isSubscribed: true });
      for (let i = 0; i < 3; i++) {
        expect(await reserveQuery({ db, userId: admin.userId, now: NOW })).toEqual({ allowed: true, charged: false, reason: "admin" });
        expect(await reserveQuery({ db, userId: subscriber.userId, now: NOW })).toEqual({
          allowed: true,
          charged: false,
          reason: "subscriber",
        });
      }
      expect(await counters(db, admin.userId)).toEqual({ remaining: 0, used: 5 });
      expect(await counters(db, subscriber.userId)).toEqual({ remaining: 0, used: 5 });
    });

    it("denies a trial that has ended, with queries left, and charges nothing", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      await setRow(db, me.userId, { trialEndDate: new Date(NOW.getTime() - 1) });
      expect(await reserveQuery({ db, userId: me.userId, now: NOW })).toEqual({ allowed: false });
      // The trial end is exclusive: at the very instant it ends, it has ended.
      await setRow(db, me.userId, { trialEndDate: NOW });
      expect(await reserveQuery({ db, userId: me.userId, now: NOW })).toEqual({ allowed: false });
      expect(await counters(db, me.userId)).toEqual({ remaining: 5, used: 0 });
    });

    it("denies a user without a subscription row", async () => {
      expect(await reserveQuery({ db: getDb(), userId: "no-such-user", now: NOW })).toEqual({ allowed: false });
    });

    it("refundQuery gives one query back, and never drives queries_used below 0", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      await reserveQuery({ db, userId: me.userId, now: NOW });
      expect(await counters(db, me.userId)).toEqual({ remaining: 4, used: 1 });
      await refundQuery({ db, userId: me.userId, now: NOW });
      expect(await counters(db, me.userId)).toEqual({ remaining: 5, used: 0 });
      // A row whose used count was already reset (e.g. by hand) stays at 0.
      await setRow(db, me.userId, { queriesRemaining: 4, queriesUsed: 0 });
      await refundQuery({ db, userId: me.userId, now: NOW });
      expect(await counters(db, me.userId)).toEqual({ remaining: 5, used: 0 });
    });

    it("a refund only touches its own user", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const other = await makeAccount(db);
      await reserveQuery({ db, userId: me.userId, now: NOW });
      await refundQuery({ db, userId: me.userId, now: NOW });
      expect(await counters(db, other.userId)).toEqual({ remaining: 5, used: 0 });
    });
  });
}
