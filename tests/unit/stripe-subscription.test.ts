/**
 * What a Stripe subscription means for a writer's access (decision 008): the statuses that keep
 * access, the period end read from the items, and when "cancels at period end" is shown.
 */
import { describe, expect, it } from "vitest";
import { ACCESS_STATUSES, refId, subscriptionState } from "~/billing/stripe-subscription";

type Input = Parameters<typeof subscriptionState>[0];

const PERIOD_END = 1_800_000_000; // seconds, as Stripe sends them

function subscription(overrides: Partial<Input> = {}): Input {
  return {
    id: "sub_1",
    customer: "cus_1",
    status: "active",
    cancel_at_period_end: false,
    cancel_at: null,
    ended_at: null,
    items: { data: [{ current_period_end: PERIOD_END }] },
    ...overrides,
  };
}

describe("subscriptionState", () => {
  it("reads an active subscription: ids, status, access, period end in ms", () => {
    expect(subscriptionState(subscription())).toEqual({
      subscriptionId: "sub_1",
      customerId: "cus_1",
      status: "active",
      isSubscribed: true,
      periodEnd: new Date(PERIOD_END * 1000),
      cancelAtPeriodEnd: false,
    });
  });

  it.each(["active", "trialing", "past_due"] as const)("keeps access while %s", (status) => {
    const state = subscriptionState(subscription({ status }));
    expect(state.isSubscribed).toBe(true);
    expect(state.status).toBe(status);
    expect(ACCESS_STATUSES.has(status)).toBe(true);
  });

  it.each(["canceled", "unpaid", "incomplete", "incomplete_expired", "paused"] as const)(
    "ends access when %s",
    (status) => {
      const state = subscriptionState(subscription({ status }));
      expect(state.isSubscribed).toBe(false);
      expect(state.status).toBe(status);
      expect(ACCESS_STATUSES.has(status)).toBe(false);
    },
  );

  it("takes the largest current_period_end of the items", () => {
    const state = subscriptionState(
      subscription({
        items: {
          data: [
            { current_period_end: PERIOD_END - 100 },
            { current_period_end: PERIOD_END + 500 },
            { current_period_end: null },
            { current_period_end: PERIOD_END },
          ],
        },
      }),
    );
    expect(state.periodEnd).toEqual(new Date((PERIOD_END + 500) * 1000));
  });

  it("ended_at wins over the items' period end", () => {
    const endedAt = PERIOD_END - 10 * 86_400;
    const state = subscriptionState(subscription({ status: "canceled", ended_at: endedAt }));
    expect(state.periodEnd).toEqual(new Date(endedAt * 1000));
    expect(state.isSubscribed).toBe(false);
  });

  it("falls back to cancel_at without item periods, and to null without either", () => {
    expect(subscriptionState(subscription({ items: { data: [] }, cancel_at: PERIOD_END })).periodEnd).toEqual(
      new Date(PERIOD_END * 1000),
    );
    expect(subscriptionState(subscription({ items: { data: [{ current_period_end: null }] } })).periodEnd).toBeNull();
  });

  it("a cancel_at before the period's end is when access ends", () => {
    const early = PERIOD_END - 5 * 86_400;
    const state = subscriptionState(subscription({ cancel_at: early }));
    expect(state.periodEnd).toEqual(new Date(early * 1000));
    expect(state.cancelAtPeriodEnd).toBe(true);
    // A cancel_at after the period's end does not push the billing date out.
    expect(subscriptionState(subscription({ cancel_at: PERIOD_END + 86_400 })).periodEnd).toEqual(new Date(PERIOD_END * 1000));
  });

  it("cancel_at_period_end → cancels at period end while access lasts", () => {
    expect(subscriptionState(subscription({ cancel_at_period_end: true, cancel_at: PERIOD_END })).cancelAtPeriodEnd).toBe(true);
    expect(subscriptionState(subscription({ cancel_at_period_end: true })).cancelAtPeriodEnd).toBe(true);
    expect(subscriptionState(subscription({ status: "past_due", cancel_at_period_end: true })).cancelAtPeriodEnd).toBe(true);
  });

  it("a cancel_at date alone (set in the Dashboard) also counts as cancelling", () => {
    expect(subscriptionState(subscription({ cancel_at: PERIOD_END })).cancelAtPeriodEnd).toBe(true);
  });

  it("is not cancelling once access is over, whatever the cancel flags say", () => {
    const ended = subscriptionState(
      subscription({ status: "canceled", cancel_at_period_end: true, cancel_at: PERIOD_END, ended_at: PERIOD_END }),
    );
    expect(ended.cancelAtPeriodEnd).toBe(false);
    expect(subscriptionState(subscription({ status: "unpaid", cancel_at: PERIOD_END })).cancelAtPeriodEnd).toBe(false);
  });

  it("reads an expanded customer", () => {
    expect(subscriptionState(subscription({ customer: { id: "cus_expanded" } })).customerId).toBe("cus_expanded");
  });
});

describe("refId", () => {
  it("answers the id of a string or an expanded object", () => {
    expect(refId("cus_1")).toBe("cus_1");
    expect(refId({ id: "sub_2" })).toBe("sub_2");
  });

  it("answers null for a missing reference", () => {
    expect(refId(null)).toBeNull();
    expect(refId(undefined)).toBeNull();
    expect(refId("")).toBeNull();
  });
});
