/**
 * What a Stripe subscription means for a writer's access, read from the subscription object
 * itself (never from a browser redirect). Pure, so the rules are unit-tested directly.
 */
import type Stripe from "stripe";
import type { SubscriptionState } from "~db/queries/subscriptions";

/**
 * Statuses that keep access. `past_due`: Stripe is still retrying a failed payment; access
 * continues until Stripe gives up and ends the subscription.
 */
export const ACCESS_STATUSES: ReadonlySet<string> = new Set(["active", "trialing", "past_due"]);

export type { SubscriptionState };

type SubscriptionLike = Pick<Stripe.Subscription, "id" | "status" | "cancel_at_period_end" | "cancel_at" | "ended_at"> & {
  customer: string | { id: string };
  items: { data: { current_period_end?: number | null }[] };
};

export function subscriptionState(subscription: SubscriptionLike): SubscriptionState {
  const ends = subscription.items.data
    .map((item) => item.current_period_end)
    .filter((value): value is number => typeof value === "number");
  const currentPeriodEnd = ends.length > 0 ? Math.max(...ends) : null;
  // A cancel date set before the period's end (e.g. from Stripe's dashboard) is when access ends.
  const cancelAt = subscription.cancel_at;
  const periodEndSeconds =
    subscription.ended_at ??
    (cancelAt !== null && (currentPeriodEnd === null || cancelAt < currentPeriodEnd) ? cancelAt : currentPeriodEnd);
  const isSubscribed = ACCESS_STATUSES.has(subscription.status);
  return {
    subscriptionId: subscription.id,
    customerId: typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
    status: subscription.status,
    isSubscribed,
    periodEnd: periodEndSeconds ? new Date(periodEndSeconds * 1000) : null,
    cancelAtPeriodEnd: isSubscribed && (subscription.cancel_at_period_end || subscription.cancel_at !== null),
  };
}

/** The id of an expandable Stripe reference (`"cus_…"` or `{ id: "cus_…" }`). */
export function refId(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}
