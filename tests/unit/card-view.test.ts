import { describe, expect, it } from "vitest";
import { describeSubscription, formatDate, type SubscriptionRow } from "~/billing/card-view";

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

describe("subscription card state", () => {
  it("shows a fresh trial: 30 days, 5 of 5 conversations, 10 follow-ups each", () => {
    expect(describeSubscription(base, now)).toEqual({
      kind: "trial",
      daysRemaining: 30,
      conversationsLeft: 5,
      conversationsTotal: 5,
      followUpsPerConversation: 10,
      periodOver: false,
      conversationsUsedUp: false,
    });
  });

  it("says when the conversations are used up, apart from the trial period", () => {
    expect(describeSubscription({ ...base, queriesRemaining: 0 }, now)).toMatchObject({
      kind: "trial",
      daysRemaining: 30,
      conversationsUsedUp: true,
      periodOver: false,
    });
    expect(describeSubscription({ ...base, trialEndDate: new Date(now.getTime() - DAY) }, now)).toMatchObject({
      kind: "trial",
      daysRemaining: 0,
      conversationsLeft: 5,
      periodOver: true,
    });
  });

  it("counts extra conversations an owner granted beyond the plan's five", () => {
    expect(describeSubscription({ ...base, queriesRemaining: 7 }, now)).toMatchObject({
      conversationsLeft: 7,
      conversationsTotal: 7,
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
    expect(describeSubscription({ ...base, isAdmin: true, queriesRemaining: 0 }, now)).toEqual({ kind: "admin" });
  });

  it("has no subscription without a trial date or a row", () => {
    expect(describeSubscription({ ...base, trialEndDate: null }, now)).toEqual({ kind: "none" });
    expect(describeSubscription(undefined, now)).toEqual({ kind: "none" });
  });

  it("formats dates the same everywhere", () => {
    expect(formatDate("2026-12-21T00:00:00.000Z")).toBe("December 21, 2026");
  });
});
