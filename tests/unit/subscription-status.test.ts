import { describe, expect, it } from "vitest";
import { describeSubscription, formatDate, trialDaysRemaining, type SubscriptionRow } from "~/billing/subscription-status";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-21T12:00:00Z");
const base: SubscriptionRow = {
  isAdmin: false,
  isSubscribed: false,
  queriesRemaining: 5,
  trialEndDate: new Date(now.getTime() + 30 * DAY),
  subscriptionEndDate: null,
  cancelAtPeriodEnd: false,
};

describe("trial days remaining", () => {
  it("rounds partial days up", () => {
    expect(trialDaysRemaining(new Date(now.getTime() + 30 * DAY), now)).toBe(30);
    expect(trialDaysRemaining(new Date(now.getTime() + 29 * DAY + 1), now)).toBe(30);
    expect(trialDaysRemaining(new Date(now.getTime() + 1), now)).toBe(1);
  });

  it("never goes negative", () => {
    expect(trialDaysRemaining(new Date(now.getTime() - 3 * DAY), now)).toBe(0);
  });
});

describe("subscription card state", () => {
  it("shows a fresh trial with 30 days and 5 queries", () => {
    expect(describeSubscription(base, now)).toEqual({
      kind: "trial",
      daysRemaining: 30,
      queriesRemaining: 5,
      ended: false,
    });
  });

  it("marks the trial ended when time or queries run out", () => {
    expect(describeSubscription({ ...base, queriesRemaining: 0 }, now)).toMatchObject({ kind: "trial", ended: true });
    expect(describeSubscription({ ...base, trialEndDate: new Date(now.getTime() - DAY) }, now)).toMatchObject({
      kind: "trial",
      daysRemaining: 0,
      ended: true,
    });
  });

  it("prefers subscribed over trial, and admin over both", () => {
    const end = new Date("2026-12-21T00:00:00Z");
    expect(describeSubscription({ ...base, isSubscribed: true, subscriptionEndDate: end }, now)).toEqual({
      kind: "subscribed",
      nextBillingDate: end.toISOString(),
      cancelAtPeriodEnd: false,
      pastDue: false,
    });
    expect(
      describeSubscription({ ...base, isSubscribed: true, subscriptionEndDate: end, subscriptionStatus: "past_due" }, now),
    ).toMatchObject({ kind: "subscribed", pastDue: true });
    expect(describeSubscription({ ...base, isAdmin: true, isSubscribed: true }, now)).toEqual({ kind: "admin" });
  });

  it("has no subscription without a trial date or a row", () => {
    expect(describeSubscription({ ...base, trialEndDate: null }, now)).toEqual({ kind: "none" });
    expect(describeSubscription(undefined, now)).toEqual({ kind: "none" });
  });

  it("formats dates the same everywhere", () => {
    expect(formatDate("2026-12-21T00:00:00.000Z")).toBe("December 21, 2026");
  });
});
