/**
 * What the Subscription Status card shows, derived from the user's subscription row.
 * Pure, so the rules (days rounded up, never negative) are unit-tested directly.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export type SubscriptionRow = {
  isAdmin: boolean;
  isSubscribed: boolean;
  queriesRemaining: number;
  trialEndDate: Date | null;
  subscriptionEndDate: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Stripe's status of the subscription (`active`, `past_due`, `canceled`, …), if any. */
  subscriptionStatus?: string | null;
};

export type SubscriptionView =
  | { kind: "admin" }
  | { kind: "subscribed"; nextBillingDate: string | null; cancelAtPeriodEnd: boolean; pastDue: boolean }
  | { kind: "trial"; daysRemaining: number; queriesRemaining: number; ended: boolean }
  | { kind: "none" };

export function trialDaysRemaining(trialEnd: Date, now: Date): number {
  return Math.max(0, Math.ceil((trialEnd.getTime() - now.getTime()) / DAY_MS));
}

export function describeSubscription(row: SubscriptionRow | undefined, now: Date): SubscriptionView {
  if (!row) return { kind: "none" };
  if (row.isAdmin) return { kind: "admin" };
  if (row.isSubscribed) {
    return {
      kind: "subscribed",
      nextBillingDate: row.subscriptionEndDate ? row.subscriptionEndDate.toISOString() : null,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      pastDue: row.subscriptionStatus === "past_due",
    };
  }
  if (row.trialEndDate) {
    const daysRemaining = trialDaysRemaining(row.trialEndDate, now);
    const queriesRemaining = Math.max(0, row.queriesRemaining);
    return { kind: "trial", daysRemaining, queriesRemaining, ended: daysRemaining === 0 || queriesRemaining === 0 };
  }
  return { kind: "none" };
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** Same text on server and browser (fixed locale and zone), so hydration never disagrees. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
