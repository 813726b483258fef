/** The per-user subscription/trial row. */
import { and, eq, isNull, or } from "drizzle-orm";
import type { Database } from "../client";
import { stripeEvents, userSubscriptions } from "../schema";

export async function getSubscription({ db, userId }: { db: Database; userId: string }) {
  const rows = await db
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .limit(1);
  return rows[0];
}

/** What a Stripe subscription means for a writer's row (read by app/billing/stripe-subscription.ts). */
export type SubscriptionState = {
  subscriptionId: string;
  customerId: string;
  status: string;
  isSubscribed: boolean;
  /** End of the current billing period (the next billing date, or when access ends). */
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

/** Remembers the writer's Stripe customer, unless one is already stored; returns the stored id. */
export async function linkStripeCustomer({
  db,
  userId,
  customerId,
  now,
}: {
  db: Database;
  userId: string;
  customerId: string;
  now: Date;
}): Promise<string | null> {
  const updated = await db
    .update(userSubscriptions)
    .set({ stripeCustomerId: customerId, updatedAt: now })
    .where(and(eq(userSubscriptions.userId, userId), isNull(userSubscriptions.stripeCustomerId)))
    .returning({ customerId: userSubscriptions.stripeCustomerId });
  if (updated[0]) return updated[0].customerId;
  return (await getSubscription({ db, userId }))?.stripeCustomerId ?? null;
}

/**
 * Stores `sessionId` as the writer's one Checkout session that may still be paid, only if the
 * stored one is still `expected` (compare-and-set): of two concurrent Subscribe Now, one wins.
 * Returns whether this call stored it.
 */
export async function claimCheckoutSession({
  db,
  userId,
  expected,
  sessionId,
  now,
}: {
  db: Database;
  userId: string;
  expected: string | null;
  sessionId: string;
  now: Date;
}): Promise<boolean> {
  const rows = await db
    .update(userSubscriptions)
    .set({ checkoutSessionId: sessionId, updatedAt: now })
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        expected === null ? isNull(userSubscriptions.checkoutSessionId) : eq(userSubscriptions.checkoutSessionId, expected),
      ),
    )
    .returning({ userId: userSubscriptions.userId });
  return rows.length > 0;
}

/** Forgets a Checkout session that can no longer be paid (completed or expired), wherever it is stored. */
export async function clearCheckoutSession({ db, sessionId, now }: { db: Database; sessionId: string; now: Date }) {
  await db
    .update(userSubscriptions)
    .set({ checkoutSessionId: null, updatedAt: now })
    .where(eq(userSubscriptions.checkoutSessionId, sessionId));
}

export async function findUserByStripeCustomer({ db, customerId }: { db: Database; customerId: string }) {
  const rows = await db
    .select({ userId: userSubscriptions.userId })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.stripeCustomerId, customerId))
    .limit(1);
  return rows[0]?.userId ?? null;
}

/**
 * Applies what Stripe says about one subscription to the writer's row. A writer who
 * subscribed again keeps the new subscription: an old one's events (ended, or arriving late)
 * change nothing unless that old subscription itself grants access. Returns whether the row
 * changed.
 */
export async function applyStripeSubscription({
  db,
  userId,
  state,
  now,
}: {
  db: Database;
  userId: string;
  state: SubscriptionState;
  now: Date;
}): Promise<boolean> {
  const sameOrNew = or(
    isNull(userSubscriptions.stripeSubscriptionId),
    eq(userSubscriptions.stripeSubscriptionId, state.subscriptionId),
    eq(userSubscriptions.isSubscribed, false),
  );
  const rows = await db
    .update(userSubscriptions)
    .set({
      stripeCustomerId: state.customerId,
      stripeSubscriptionId: state.subscriptionId,
      subscriptionStatus: state.status,
      isSubscribed: state.isSubscribed,
      subscriptionEndDate: state.periodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      updatedAt: now,
    })
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        state.isSubscribed ? undefined : sameOrNew,
        // Never attach a subscription to a writer whose row names another Stripe customer.
        or(isNull(userSubscriptions.stripeCustomerId), eq(userSubscriptions.stripeCustomerId, state.customerId)),
      ),
    )
    .returning({ userId: userSubscriptions.userId });
  return rows.length > 0;
}

export async function hasProcessedStripeEvent({ db, eventId }: { db: Database; eventId: string }) {
  const rows = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId)).limit(1);
  return rows.length > 0;
}

export async function recordStripeEvent({ db, eventId, type, now }: { db: Database; eventId: string; type: string; now: Date }) {
  await db.insert(stripeEvents).values({ id: eventId, type, processedAt: now }).onConflictDoNothing();
}
