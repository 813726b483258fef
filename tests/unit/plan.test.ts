/** The plan's rules (app/rules/plan.ts) and how they are stated to writers (messages/trial.ts). */
import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  followUpsLeft,
  isUnlimited,
  PLAN,
  trialDaysRemaining,
  trialEndsAt,
  trialOnToolPage,
  trialPeriodOver,
} from "~/rules/plan";
import { billingTexts } from "~/messages/billing";
import { conversationNote, trialTexts } from "~/messages/trial";

const now = new Date("2026-11-21T12:00:00Z");
const trialWriter = { isAdmin: false, isSubscribed: false, queriesRemaining: 5, trialEndDate: trialEndsAt(now) };

describe("the plan", () => {
  it("is the spec's trial and price: 30 days, 5 queries (conversations), then $5/month", () => {
    expect(PLAN).toMatchObject({ trialDays: 30, trialConversations: 5, priceText: "$5/month", priceCentsPerMonth: 500 });
    expect(PLAN.trialFollowUpsPerConversation).toBe(10);
    expect(trialEndsAt(now).getTime() - now.getTime()).toBe(30 * DAY_MS);
  });

  it("days remaining: trial end minus now in days, rounded up, never negative", () => {
    expect(trialDaysRemaining(new Date(now.getTime() + 30 * DAY_MS), now)).toBe(30);
    expect(trialDaysRemaining(new Date(now.getTime() + 29 * DAY_MS + 1), now)).toBe(30);
    expect(trialDaysRemaining(new Date(now.getTime() + 1), now)).toBe(1);
    expect(trialDaysRemaining(new Date(now.getTime() - 3 * DAY_MS), now)).toBe(0);
  });

  it("the trial period is over at its end instant, and without an end date", () => {
    expect(trialPeriodOver(new Date(now.getTime() + 1), now)).toBe(false);
    expect(trialPeriodOver(now, now)).toBe(true);
    expect(trialPeriodOver(null, now)).toBe(true);
  });

  it("admins and subscribers are unlimited; follow-ups left never go below 0", () => {
    expect(isUnlimited({ isAdmin: true, isSubscribed: false })).toBe(true);
    expect(isUnlimited({ isAdmin: false, isSubscribed: true })).toBe(true);
    expect(isUnlimited({ isAdmin: false, isSubscribed: false })).toBe(false);
    expect([0, 3, 10, 12].map(followUpsLeft)).toEqual([10, 7, 0, 0]);
  });

  it("what the tool page tells a writer", () => {
    expect(trialOnToolPage({ ...trialWriter, isSubscribed: true }, now)).toBeNull();
    expect(trialOnToolPage(trialWriter, now)).toEqual({ queriesRemaining: 5, followUpsLeft: null, periodOver: false });
    expect(trialOnToolPage(trialWriter, now, { trialFollowUpsUsed: 3 })).toMatchObject({ followUpsLeft: 7 });
    // A conversation without a trial allowance, or a trial that is over, has no follow-ups left.
    expect(trialOnToolPage(trialWriter, now, { trialFollowUpsUsed: null })).toMatchObject({ followUpsLeft: 0 });
    expect(trialOnToolPage({ ...trialWriter, trialEndDate: now }, now, { trialFollowUpsUsed: 1 })).toEqual({
      queriesRemaining: 5,
      followUpsLeft: 0,
      periodOver: true,
    });
  });
});

describe("the trial in words", () => {
  it("states the allowance the way the issue asks", () => {
    expect(trialTexts.conversationsLeft(4, 5)).toBe("4 of 5 trial conversations left · each includes up to 10 follow-ups");
    expect(trialTexts.followUpsLeft(7)).toBe("7 follow-ups left in this conversation");
    expect(trialTexts.followUpsLeft(1)).toBe("1 follow-up left in this conversation");
    expect(trialTexts.followUpsUsedUp).toBe(
      "This conversation has reached its 10 trial follow-ups. Start a new one or subscribe for unlimited refinements.",
    );
    expect(trialTexts.daysRemaining(1)).toBe("Free trial: 1 day remaining");
  });

  it("the tool page's line leads with what limits the writer", () => {
    expect(conversationNote({ conversationsLeft: 5, periodOver: false })).toBe(trialTexts.conversationsLeft(5, 5));
    expect(conversationNote({ conversationsLeft: 0, periodOver: false })).toMatch(/^You have used all 5 trial conversations\./);
    expect(conversationNote({ conversationsLeft: 3, periodOver: true })).toMatch(/^Your free trial has ended\./);
  });

  it("the price is stated from the plan", () => {
    expect(billingTexts.active).toContain(PLAN.priceText);
    expect(trialTexts.subscribePitch).toContain(PLAN.priceText);
  });
});
