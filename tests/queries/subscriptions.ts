import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { getSubscription } from "../../db/queries/subscriptions";
import { userSubscriptions } from "../../db/schema";
import { DAY_MS, makeAccount, NOW } from "./fixtures";

export function subscriptionQueries(getDb: () => Database) {
  describe("subscriptions", () => {
    it("getSubscription returns the user's own row with typed fields", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const someoneElse = await makeAccount(db, { isAdmin: true });
      const row = await getSubscription({ db, userId: me.userId });
      expect(row).toMatchObject({
        userId: me.userId,
        isAdmin: false,
        isSubscribed: false,
        queriesRemaining: 5,
        queriesUsed: 0,
        trialEndDate: new Date(NOW.getTime() + 30 * DAY_MS),
        subscriptionEndDate: null,
        stripeCustomerId: null,
        cancelAtPeriodEnd: false,
        updatedAt: NOW,
      });
      expect(row?.trialEndDate).toBeInstanceOf(Date);
      expect((await getSubscription({ db, userId: someoneElse.userId }))?.isAdmin).toBe(true);
    });

    it("reflects changes to the row (subscribed, no trial)", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const periodEnd = new Date(NOW.getTime() + 31 * DAY_MS);
      await db
        .update(userSubscriptions)
        .set({ isSubscribed: true, trialEndDate: null, subscriptionEndDate: periodEnd })
        .where(eq(userSubscriptions.userId, me.userId));
      expect(await getSubscription({ db, userId: me.userId })).toMatchObject({
        isSubscribed: true,
        trialEndDate: null,
        subscriptionEndDate: periodEnd,
      });
    });

    it("is undefined for a user without a row", async () => {
      expect(await getSubscription({ db: getDb(), userId: "no-such-user" })).toBeUndefined();
    });
  });
}
