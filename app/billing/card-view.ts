/**
 * What the Subscription Status card shows, derived from the writer's subscription row and the
 * plan's rules (plan.ts). Pure, so the states are unit-tested directly.
 */
import { isUnlimited, trialAllowance, type AccessRow, type TrialAllowance } from "~/rules/plan";
import { formatLongDateUtc } from "~/messages/en-format";

export type SubscriptionRow = AccessRow & {
  subscriptionEndDate: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Stripe's status of the subscription (`active`, `past_due`, `canceled`, …), if any. */
  subscriptionStatus?: string | null;
};

export type SubscriptionView =
  | { kind: "admin" }
  | { kind: "subscribed"; nextBillingDate: string | null; cancelAtPeriodEnd: boolean; pastDue: boolean }
  | ({ kind: "trial" } & TrialAllowance)
  | { kind: "none" };

export function describeSubscription(row: SubscriptionRow | undefined, now: Date): SubscriptionView {
  if (!row) return { kind: "none" };
  if (row.isAdmin) return { kind: "admin" };
  if (isUnlimited(row)) {
    return {
      kind: "subscribed",
      nextBillingDate: row.subscriptionEndDate ? row.subscriptionEndDate.toISOString() : null,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      pastDue: row.subscriptionStatus === "past_due",
    };
  }
  if (row.trialEndDate) return { kind: "trial", ...trialAllowance({ ...row, trialEndDate: row.trialEndDate }, now) };
  return { kind: "none" };
}

/** Same text on server and browser (fixed locale and zone), so hydration never disagrees. */
export function formatDate(iso: string): string {
  return formatLongDateUtc(new Date(iso));
}
