import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import {
  applyStripeSubscription,
  claimCheckoutSession,
  clearCheckoutSession,
  findUserByStripeCustomer,
  getSubscription,
  hasProcessedStripeEvent,
  linkStripeCustomer,
  recordStripeEvent,
} from "../../db/queries/subscriptions";
import { stripeEvents, userSubscriptions } from "../../db/schema";
import { DAY_MS, HOUR_MS, makeAccount, NOW, uniqueId } from "./fixtures";

type StripeState = Parameters<typeof applyStripeSubscription>[0]["state"];

/** What Stripe says about one subscription (active for a month unless overridden). */
function stripeState(overrides: Partial<StripeState> & Pick<StripeState, "subscriptionId" | "customerId">): StripeState {
  return {
    status: "active",
    isSubscribed: true,
    periodEnd: new Date(NOW.getTime() + 30 * DAY_MS),
    cancelAtPeriodEnd: false,
    ...overrides,
  };
}

const LATER = new Date(NOW.getTime() + HOUR_MS);

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

    it("linkStripeCustomer stores a customer only when the row has none, and answers the stored id", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const first = uniqueId("cus");
      const second = uniqueId("cus");
      expect(await linkStripeCustomer({ db, userId: me.userId, customerId: first, now: LATER })).toBe(first);
      expect(await getSubscription({ db, userId: me.userId })).toMatchObject({ stripeCustomerId: first, updatedAt: LATER });

      // A second link (another customer) changes nothing and answers the one already stored.
      const evenLater = new Date(LATER.getTime() + HOUR_MS);
      expect(await linkStripeCustomer({ db, userId: me.userId, customerId: second, now: evenLater })).toBe(first);
      expect(await getSubscription({ db, userId: me.userId })).toMatchObject({ stripeCustomerId: first, updatedAt: LATER });
      expect(await findUserByStripeCustomer({ db, customerId: first })).toBe(me.userId);
      expect(await findUserByStripeCustomer({ db, customerId: second })).toBeNull();
    });

    it("linkStripeCustomer answers null for a user without a row", async () => {
      const db = getDb();
      expect(await linkStripeCustomer({ db, userId: "no-such-user", customerId: uniqueId("cus"), now: LATER })).toBeNull();
    });

    it("applyStripeSubscription applies a subscription and its later updates", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const customerId = uniqueId("cus");
      const subscriptionId = uniqueId("sub");
      await linkStripeCustomer({ db, userId: me.userId, customerId, now: NOW });

      const periodEnd = new Date(NOW.getTime() + 30 * DAY_MS);
      expect(
        await applyStripeSubscription({ db, userId: me.userId, state: stripeState({ subscriptionId, customerId, periodEnd }), now: LATER }),
      ).toBe(true);
      expect(await getSubscription({ db, userId: me.userId })).toMatchObject({
        isSubscribed: true,
        subscriptionStatus: "active",
        subscriptionEndDate: periodEnd,
        stripeCustomerId: customerId,
        stripeSubscriptionId: subscriptionId,
        cancelAtPeriodEnd: false,
        updatedAt: LATER,
      });

      // Same subscription: cancelling at period end, then past due, then ended — each applies.
      const cancelling = stripeState({ subscriptionId, customerId, periodEnd, cancelAtPeriodEnd: true });
      expect(await applyStripeSubscription({ db, userId: me.userId, state: cancelling, now: LATER })).toBe(true);
      expect(await getSubscription({ db, userId: me.userId })).toMatchObject({ isSubscribed: true, cancelAtPeriodEnd: true });

      const pastDue = stripeState({ subscriptionId, customerId, periodEnd, status: "past_due" });
      expect(await applyStripeSubscription({ db, userId: me.userId, state: pastDue, now: LATER })).toBe(true);
      expect(await getSubscription({ db, userId: me.userId })).toMatchObject({
        isSubscribed: true,
        subscriptionStatus: "past_due",
        cancelAtPeriodEnd: false,
      });

      const endedAt = new Date(NOW.getTime() + 2 * DAY_MS);
      const ended = stripeState({ subscriptionId, customerId, status: "canceled", isSubscribed: false, periodEnd: endedAt });
      expect(await applyStripeSubscription({ db, userId: me.userId, state: ended, now: LATER })).toBe(true);
      expect(await getSubscription({ db, userId: me.userId })).toMatchObject({
        isSubscribed: false,
        subscriptionStatus: "canceled",
        subscriptionEndDate: endedAt,
        stripeSubscriptionId: subscriptionId,
        cancelAtPeriodEnd: false,
      });
    });

    it("applyStripeSubscription: an old, ended subscription never overrides a newer active one", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const customerId = uniqueId("cus");
      const oldId = uniqueId("sub");
      const newId = uniqueId("sub");
      await linkStripeCustomer({ db, userId: me.userId, customerId, now: NOW });
      const newEnd = new Date(NOW.getTime() + 30 * DAY_MS);
      await applyStripeSubscription({
        db,
        userId: me.userId,
        state: stripeState({ subscriptionId: newId, customerId, periodEnd: newEnd }),
        now: NOW,
      });
      const before = await getSubscription({ db, userId: me.userId });

      // The old subscription's late `deleted` event.
      const oldEnded = stripeState({
        subscriptionId: oldId,
        customerId,
        status: "canceled",
        isSubscribed: false,
        periodEnd: new Date(NOW.getTime() - DAY_MS),
      });
      expect(await applyStripeSubscription({ db, userId: me.userId, state: oldEnded, now: LATER })).toBe(false);
      expect(await getSubscription({ db, userId: me.userId })).toEqual(before);
      expect(before).toMatchObject({ isSubscribed: true, stripeSubscriptionId: newId, subscriptionEndDate: newEnd });
    });

    it("applyStripeSubscription: an ended subscription applies to a writer who has no access", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const customerId = uniqueId("cus");
      const first = uniqueId("sub");
      const second = uniqueId("sub");
      await linkStripeCustomer({ db, userId: me.userId, customerId, now: NOW });
      const endedAt = new Date(NOW.getTime() - DAY_MS);
      await applyStripeSubscription({
        db,
        userId: me.userId,
        state: stripeState({ subscriptionId: first, customerId, status: "canceled", isSubscribed: false, periodEnd: endedAt }),
        now: NOW,
      });
      // Another ended subscription of the same customer: the row has no access to protect.
      const other = stripeState({ subscriptionId: second, customerId, status: "incomplete_expired", isSubscribed: false, periodEnd: null });
      expect(await applyStripeSubscription({ db, userId: me.userId, state: other, now: LATER })).toBe(true);
      expect(await getSubscription({ db, userId: me.userId })).toMatchObject({
        isSubscribed: false,
        subscriptionStatus: "incomplete_expired",
        stripeSubscriptionId: second,
      });
    });

    it("applyStripeSubscription never changes a row that names another Stripe customer", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const mine = uniqueId("cus");
      const theirs = uniqueId("cus");
      await linkStripeCustomer({ db, userId: me.userId, customerId: mine, now: NOW });
      const before = await getSubscription({ db, userId: me.userId });

      for (const state of [
        stripeState({ subscriptionId: uniqueId("sub"), customerId: theirs }),
        stripeState({ subscriptionId: uniqueId("sub"), customerId: theirs, status: "canceled", isSubscribed: false }),
      ]) {
        expect(await applyStripeSubscription({ db, userId: me.userId, state, now: LATER })).toBe(false);
      }
      expect(await getSubscription({ db, userId: me.userId })).toEqual(before);
      expect(before).toMatchObject({ stripeCustomerId: mine, isSubscribed: false, stripeSubscriptionId: null });
      expect(await findUserByStripeCustomer({ db, customerId: theirs })).toBeNull();
    });

    it("applyStripeSubscription links the customer of a writer who had none", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const customerId = uniqueId("cus");
      const subscriptionId = uniqueId("sub");
      expect(await applyStripeSubscription({ db, userId: me.userId, state: stripeState({ subscriptionId, customerId }), now: LATER })).toBe(true);
      expect(await findUserByStripeCustomer({ db, customerId })).toBe(me.userId);
    });

    it("claimCheckoutSession stores a session only over the expected one (compare-and-set); clearCheckoutSession forgets it", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const other = await makeAccount(db);
      const [first, second, third] = [uniqueId("cs"), uniqueId("cs"), uniqueId("cs")];
      expect(await claimCheckoutSession({ db, userId: me.userId, expected: null, sessionId: first, now: LATER })).toBe(true);
      // Two concurrent requests both read "none": only the first to write wins.
      expect(await claimCheckoutSession({ db, userId: me.userId, expected: null, sessionId: second, now: LATER })).toBe(false);
      expect(await getSubscription({ db, userId: me.userId })).toMatchObject({ checkoutSessionId: first, updatedAt: LATER });
      expect(await claimCheckoutSession({ db, userId: me.userId, expected: second, sessionId: third, now: LATER })).toBe(false);
      expect(await claimCheckoutSession({ db, userId: me.userId, expected: first, sessionId: third, now: LATER })).toBe(true);
      expect((await getSubscription({ db, userId: me.userId }))?.checkoutSessionId).toBe(third);
      expect(await claimCheckoutSession({ db, userId: "no-such-user", expected: null, sessionId: first, now: LATER })).toBe(false);

      await claimCheckoutSession({ db, userId: other.userId, expected: null, sessionId: first, now: LATER });
      await clearCheckoutSession({ db, sessionId: third, now: LATER });
      expect((await getSubscription({ db, userId: me.userId }))?.checkoutSessionId).toBeNull();
      expect((await getSubscription({ db, userId: other.userId }))?.checkoutSessionId).toBe(first);
    });

    it("stripe events: recorded once, seen as processed, a repeat changes nothing", async () => {
      const db = getDb();
      const eventId = uniqueId("evt");
      expect(await hasProcessedStripeEvent({ db, eventId })).toBe(false);
      await recordStripeEvent({ db, eventId, type: "invoice.paid", now: NOW });
      expect(await hasProcessedStripeEvent({ db, eventId })).toBe(true);
      await recordStripeEvent({ db, eventId, type: "customer.subscription.updated", now: LATER });
      const rows = await db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId));
      expect(rows).toEqual([{ id: eventId, type: "invoice.paid", processedAt: NOW }]);
      expect(await hasProcessedStripeEvent({ db, eventId: uniqueId("evt") })).toBe(false);
    });
  });
}
