/**
 * Subscribe, manage, cancel and resume, for the signed-in writer only (the user id always
 * comes from the session, never from the request body). Checkout and the Billing Portal are
 * Stripe's pages; this module creates their sessions and applies what Stripe answers.
 */
import type Stripe from "stripe";
import type { Database } from "~db/client";
import { getConfig } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { billingTexts } from "~/messages/billing";
import { applyStripeSubscription, getSubscription, linkStripeCustomer } from "~db/queries/subscriptions";
import { CheckoutUnavailableError, singleCheckoutUrl } from "./checkout.server";
import { listLiveSubscriptions } from "./duplicates.server";
import { subscriptionToKeep } from "./one-subscription";
import { getStripe } from "./stripe.server";
import { subscriptionState, type SubscriptionState } from "./stripe-subscription";

export class BillingError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = "BillingError";
  }
}

function appUrl(request: Request): string {
  return (getConfig().APP_URL ?? new URL(request.url).origin).replace(/\/$/, "");
}

const ACCOUNT_NOT_FOUND = "Your account could not be found. Please sign in again.";

/** The writer's Stripe customer, created on the first Subscribe Now. */
async function ensureCustomer(stripe: Stripe, db: Database, user: { id: string; email: string }, stored: string | null) {
  if (stored) return stored;
  // The idempotency key makes a double click create one customer, not two.
  const customer = await stripe.customers.create(
    { email: user.email, metadata: { user_id: user.id } },
    { idempotencyKey: `customer-${user.id}` },
  );
  const customerId = await linkStripeCustomer({ db, userId: user.id, customerId: customer.id, now: new Date() });
  if (!customerId) throw new BillingError(ACCOUNT_NOT_FOUND, 404);
  return customerId;
}

/**
 * Subscribe Now: a Checkout session for a writer without a subscription, the Billing Portal for
 * one who has it. Returns the Stripe page to send the browser to.
 */
export async function startSubscription({
  request,
  user,
}: {
  request: Request;
  user: { id: string; email: string };
}): Promise<{ url: string; kind: "checkout" | "portal" }> {
  const db = getDb();
  const { stripe, priceId } = getStripe();
  const row = await getSubscription({ db, userId: user.id });
  if (!row) throw new BillingError(ACCOUNT_NOT_FOUND, 404);
  if (row.isAdmin) throw new BillingError("Admin accounts have unlimited access and need no subscription.", 409);
  const base = appUrl(request);

  const portal = async (customer: string) => {
    const session = await stripe.billingPortal.sessions.create({ customer, return_url: `${base}/dashboard` });
    return { url: session.url, kind: "portal" as const };
  };
  if (row.isSubscribed && row.stripeCustomerId) return portal(row.stripeCustomerId);
  if (row.stripeCustomerId) {
    // A payment whose webhook has not landed yet (a second tab, a quick second click) must not
    // lead to a second subscription: ask Stripe, apply what it says, and manage that one.
    // Should there be two, the writer keeps the first (the webhook cancels the other).
    const live = subscriptionToKeep(await listLiveSubscriptions(stripe, row.stripeCustomerId), row.stripeSubscriptionId);
    if (live) {
      await applyStripeSubscription({ db, userId: user.id, state: subscriptionState(live), now: new Date() });
      return portal(row.stripeCustomerId);
    }
  }

  const customerId = await ensureCustomer(stripe, db, user, row.stripeCustomerId);
  const create = () =>
    stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customerId,
      client_reference_id: user.id,
      line_items: [{ price: priceId, quantity: 1 }],
      success_url: `${base}/dashboard?checkout=success`,
      cancel_url: `${base}/dashboard?checkout=cancelled`,
      metadata: { user_id: user.id },
      subscription_data: { metadata: { user_id: user.id } },
    });
  try {
    // One session that can be paid per writer: a second tab or a double click gets the same one.
    const url = await singleCheckoutUrl({ db, stripe, userId: user.id, stored: row.checkoutSessionId, create });
    return { url, kind: "checkout" };
  } catch (error) {
    if (!(error instanceof CheckoutUnavailableError)) throw error;
    console.error("billing subscribe:", error.message);
    throw new BillingError(billingTexts.subscribeFailed, 502);
  }
}

/**
 * Cancel (at the end of the paid period) or resume. The writer's row follows the subscription
 * Stripe returns; the webhook that follows confirms the same state.
 */
export async function setCancelAtPeriodEnd({
  userId,
  cancel,
}: {
  userId: string;
  cancel: boolean;
}): Promise<SubscriptionState> {
  const db = getDb();
  const { stripe } = getStripe();
  const row = await getSubscription({ db, userId });
  if (!row?.isSubscribed || !row.stripeSubscriptionId) {
    throw new BillingError("You have no active subscription to change.", 409);
  }
  const subscription = await stripe.subscriptions.update(row.stripeSubscriptionId, { cancel_at_period_end: cancel });
  const state = subscriptionState(subscription);
  await applyStripeSubscription({ db, userId, state, now: new Date() });
  if (cancel && row.stripeCustomerId) await cancelOthersAtPeriodEnd(stripe, row.stripeCustomerId, subscription.id);
  return state;
}

/**
 * Cancel must leave nothing charging: a second live subscription the webhook has not yet
 * cancelled (decision 011) ends at its period end too. Resume only ever resumes the writer's own.
 */
async function cancelOthersAtPeriodEnd(stripe: Stripe, customerId: string, keptId: string) {
  for (const other of await listLiveSubscriptions(stripe, customerId)) {
    if (other.id === keptId || other.cancel_at_period_end) continue;
    await stripe.subscriptions.update(other.id, { cancel_at_period_end: true });
    console.warn(`billing: cancel of ${keptId} also set ${other.id} of customer ${customerId} to cancel at period end`);
  }
}
