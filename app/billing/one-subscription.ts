/**
 * The rules behind "one writer, at most one subscription" (decision 011), pure so they are
 * unit-tested directly: which Checkout session may be handed out again, and which of several
 * live subscriptions a writer keeps.
 */
import { ACCESS_STATUSES } from "./stripe-subscription";

/**
 * A stored Checkout session is handed out again only while it is open with this much time left
 * (Stripe expires sessions after 24 hours): a writer sent to a page about to expire could not pay.
 */
export const MIN_CHECKOUT_SECONDS_LEFT = 30 * 60;

type SessionLike = { status: string | null; url: string | null; expires_at: number };

/** What to do with the writer's stored Checkout session: hand out its URL, expire it first, or just replace it. */
export function storedCheckoutDecision(
  session: SessionLike,
  nowSeconds: number,
): { action: "reuse"; url: string } | { action: "expire" } | { action: "replace" } {
  if (session.status !== "open") return { action: "replace" };
  if (session.url && session.expires_at - nowSeconds >= MIN_CHECKOUT_SECONDS_LEFT) return { action: "reuse", url: session.url };
  // Still payable, but not for long: expire it so it cannot be paid beside its replacement.
  return { action: "expire" };
}

type SubscriptionLike = { id: string; status: string; created: number };

/** The subscriptions that keep access (and are charged), in the order given. */
export function liveSubscriptions<T extends SubscriptionLike>(subscriptions: readonly T[]): T[] {
  return subscriptions.filter((subscription) => ACCESS_STATUSES.has(subscription.status));
}

/**
 * Of a customer's live subscriptions, the one the writer keeps: the oldest (the first paid). The
 * rule reads only Stripe's data, so concurrent webhook deliveries agree on it. Among equal
 * `created` seconds: the one the app tracks, else the one listed last (Stripe lists newest
 * first). Null when none is live.
 */
export function subscriptionToKeep<T extends SubscriptionLike>(live: readonly T[], trackedId: string | null): T | null {
  let keeper: T | null = null;
  for (const subscription of live) {
    const older = keeper === null || subscription.created < keeper.created;
    const tieWon = keeper !== null && subscription.created === keeper.created && keeper.id !== trackedId;
    if (older || tieWon) keeper = subscription;
  }
  return keeper;
}
