/**
 * What the plan allows, in one place (ARCHITECTURE sections 7 and 10, decision 010). The
 * numbers live here; SQL applies them atomically (db/queries/metering.ts takes them as
 * arguments) and every text that states them is built from them.
 *
 * - A trial query is a new conversation (an initial generation). A new account gets
 *   `trialConversations` of them, usable for `trialDays` days.
 * - Each conversation started with a trial query includes up to `trialFollowUpsPerConversation`
 *   follow-ups, usable while the trial period lasts — even after the last trial conversation
 *   has been started.
 * - Admins and subscribers are unlimited: nothing is counted for them.
 * - The trial has ended when its days are over; a writer with no conversations left can still
 *   refine the ones they have until then, but cannot start another.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

export const PLAN = {
  trialDays: 30,
  trialConversations: 5,
  trialFollowUpsPerConversation: 10,
  /** Stripe holds the real price (STRIPE_PRICE_ID); this is how we state it. */
  priceText: "$5/month",
  /** The same price in cents, for the owner's monthly recurring revenue. */
  priceCentsPerMonth: 500,
} as const;

/** The fields of a writer's subscription row that decide what they may do. */
export type AccessRow = {
  isAdmin: boolean;
  isSubscribed: boolean;
  queriesRemaining: number;
  trialEndDate: Date | null;
};

export function trialEndsAt(start: Date): Date {
  return new Date(start.getTime() + PLAN.trialDays * DAY_MS);
}

export function isUnlimited(row: Pick<AccessRow, "isAdmin" | "isSubscribed">): boolean {
  return row.isAdmin || row.isSubscribed;
}

/** Days left of the trial: trial end minus now, in days, rounded up, never negative (spec). */
export function trialDaysRemaining(trialEnd: Date, now: Date): number {
  return Math.max(0, Math.ceil((trialEnd.getTime() - now.getTime()) / DAY_MS));
}

export function trialPeriodOver(trialEnd: Date | null, now: Date): boolean {
  return trialEnd === null || trialEnd.getTime() <= now.getTime();
}

/** Follow-ups still open in a trial conversation that has used `used` of its allowance. */
export function followUpsLeft(used: number): number {
  return Math.max(0, PLAN.trialFollowUpsPerConversation - used);
}

/** A trial writer's allowance as the card and the tool page state it. */
export type TrialAllowance = {
  daysRemaining: number;
  conversationsLeft: number;
  conversationsTotal: number;
  followUpsPerConversation: number;
  /** The 30 days are over: nothing more, not even follow-ups. */
  periodOver: boolean;
  /** Every trial conversation has been started (follow-ups in them stay open). */
  conversationsUsedUp: boolean;
};

export function trialAllowance(row: AccessRow & { trialEndDate: Date }, now: Date): TrialAllowance {
  const daysRemaining = trialDaysRemaining(row.trialEndDate, now);
  const conversationsLeft = Math.max(0, row.queriesRemaining);
  return {
    daysRemaining,
    conversationsLeft,
    conversationsTotal: Math.max(PLAN.trialConversations, conversationsLeft),
    followUpsPerConversation: PLAN.trialFollowUpsPerConversation,
    periodOver: trialPeriodOver(row.trialEndDate, now),
    conversationsUsedUp: conversationsLeft === 0,
  };
}

/** What the tool page tells a trial writer (null for admins and subscribers). */
export type TrialOnToolPage = {
  /** Trial conversations left. */
  queriesRemaining: number;
  /** Follow-ups left in the conversation the page continues (null: no conversation yet). */
  followUpsLeft: number | null;
  periodOver: boolean;
};

export function trialOnToolPage(
  row: AccessRow | undefined,
  now: Date,
  /** The continued conversation's trial follow-ups so far (null: it has no trial allowance). */
  conversation?: { trialFollowUpsUsed: number | null },
): TrialOnToolPage | null {
  if (row && isUnlimited(row)) return null;
  const periodOver = trialPeriodOver(row?.trialEndDate ?? null, now);
  const used = conversation?.trialFollowUpsUsed;
  return {
    queriesRemaining: Math.max(0, row?.queriesRemaining ?? 0),
    followUpsLeft: conversation === undefined ? null : periodOver || used === null || used === undefined ? 0 : followUpsLeft(used),
    periodOver,
  };
}
