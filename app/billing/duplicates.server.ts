/**
 * The webhook's safety net for "one writer, at most one subscription" (decision 011). Should a
 * customer ever have two live subscriptions (two Checkout sessions paid, one of them made before
 * sessions were shared, or in Stripe's dashboard), the writer keeps the first one; every other
 * is refunded and cancelled at once at Stripe, and one log line names them.
 *
 * Every Stripe call here is safe to repeat: refunds and cancellations carry idempotency keys, a
 * payment refunded already counts as done, and a failure makes the webhook answer 500 so Stripe
 * delivers the event again. Refunds go first: a retry after a failed cancel still finds the
 * duplicate live, so it cannot end up cancelled but unrefunded.
 */
import type Stripe from "stripe";
import { liveSubscriptions, subscriptionToKeep } from "./one-subscription";
import { ACCESS_STATUSES, refId } from "./stripe-subscription";

/** A customer's live subscriptions, newest first (as Stripe lists them). */
export async function listLiveSubscriptions(stripe: Stripe, customerId: string): Promise<Stripe.Subscription[]> {
  // Without a status filter Stripe lists every subscription that is not cancelled.
  const listed = await stripe.subscriptions.list({ customer: customerId, limit: 100 });
  return liveSubscriptions(listed.data);
}

const errorCode = (error: unknown) =>
  typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;

/** Refunds one payment of a duplicate; answers what was refunded, or null when nothing could be. */
async function refundPayment(stripe: Stripe, payment: Stripe.InvoicePayment, subscriptionId: string): Promise<string | null> {
  const intent = refId(payment.payment.payment_intent);
  const charge = refId(payment.payment.charge);
  if (!intent && !charge) {
    console.error(
      `billing: payment ${payment.id} of duplicate subscription ${subscriptionId} names no PaymentIntent or charge; refund it in Stripe's dashboard`,
    );
    return null;
  }
  try {
    const refund = await stripe.refunds.create(
      {
        ...(intent ? { payment_intent: intent } : { charge: charge! }),
        reason: "duplicate",
        metadata: { duplicate_subscription: subscriptionId, invoice_payment: payment.id },
      },
      { idempotencyKey: `duplicate-refund-${payment.id}` },
    );
    return refund.id;
  } catch (error) {
    if (errorCode(error) === "charge_already_refunded") return `${intent ?? charge} (refunded before)`;
    throw error;
  }
}

/** Refunds every paid invoice of a subscription; answers the refunds' ids. */
async function refundPaidInvoices(stripe: Stripe, subscriptionId: string): Promise<string[]> {
  const invoices = await stripe.invoices.list({ subscription: subscriptionId, status: "paid", limit: 100 });
  const refunds: string[] = [];
  for (const invoice of invoices.data) {
    if (!invoice.id) continue;
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id, status: "paid", limit: 100 });
    for (const payment of payments.data) {
      const refunded = await refundPayment(stripe, payment, subscriptionId);
      if (refunded) refunds.push(refunded);
    }
  }
  return refunds;
}

/** Cancels now (no period end, no proration); cancelled meanwhile by another delivery counts as done. */
async function cancelNow(stripe: Stripe, duplicateId: string, keptId: string) {
  try {
    await stripe.subscriptions.cancel(
      duplicateId,
      { cancellation_details: { comment: `Duplicate of ${keptId}: cancelled at once and refunded.` } },
      { idempotencyKey: `duplicate-cancel-${duplicateId}` },
    );
  } catch (error) {
    const current = await stripe.subscriptions.retrieve(duplicateId);
    if (current.status !== "canceled") throw error;
  }
}

/**
 * Given Stripe's current word on the subscription an event is about, makes sure its customer
 * has at most one live subscription, and answers the one the writer keeps (the subscription
 * itself when it is the only one, or not live).
 */
export async function keepOneSubscription({
  stripe,
  subscription,
  trackedId,
  userId,
}: {
  stripe: Stripe;
  subscription: Stripe.Subscription;
  /** The subscription the writer's row names, if any. */
  trackedId: string | null;
  userId: string;
}): Promise<Stripe.Subscription> {
  if (!ACCESS_STATUSES.has(subscription.status)) return subscription;
  const customerId = refId(subscription.customer)!;
  const listed = await listLiveSubscriptions(stripe, customerId);
  const live = listed.some((item) => item.id === subscription.id) ? listed : [...listed, subscription];
  if (live.length < 2) return subscription;

  const kept = subscriptionToKeep(live, trackedId)!;
  for (const duplicate of live) {
    if (duplicate.id === kept.id) continue;
    const refunds = await refundPaidInvoices(stripe, duplicate.id);
    await cancelNow(stripe, duplicate.id, kept.id);
    console.warn(
      `billing: duplicate subscription ${duplicate.id} of customer ${customerId} (user ${userId}) cancelled at once, ` +
        `${refunds.length > 0 ? `refunded ${refunds.join(", ")}` : "no payment to refund"}; kept ${kept.id}`,
    );
  }
  return kept;
}
