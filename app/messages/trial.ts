/**
 * How the trial is stated to writers: on the Subscription Status card, the tool page and in a
 * refusal. Every number comes from the plan (app/rules/plan.ts).
 */
import { PLAN } from "~/rules/plan";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const trialTexts = {
  daysRemaining: (days: number) => `Free trial: ${count(days, "day", "days")} remaining`,
  ended: "Your free trial has ended.",
  conversationsLeft: (left: number, total: number) =>
    `${left} of ${total} trial conversations left · each includes up to ${PLAN.trialFollowUpsPerConversation} follow-ups`,
  conversationsUsedUp: `You have used all ${PLAN.trialConversations} trial conversations.`,
  followUpsStayOpen: (days: number) =>
    `You can keep refining them for ${count(days, "more day", "more days")} (up to ${PLAN.trialFollowUpsPerConversation} follow-ups each).`,
  followUpsLeft: (left: number) =>
    left === 0
      ? "No trial follow-ups left in this conversation"
      : `${count(left, "follow-up", "follow-ups")} left in this conversation`,
  followUpsUsedUp: `This conversation has reached its ${PLAN.trialFollowUpsPerConversation} trial follow-ups. Start a new one or subscribe for unlimited refinements.`,
  subscribePitch: `Subscribe for unlimited conversations and follow-ups at ${PLAN.priceText}.`,
  startsTrial: `Your ${PLAN.trialDays}-day free trial has started.`,
} as const;

/**
 * The toast after sign-up (set by the server, so the landing page's script never carries it).
 * Every new account starts with the trial: even the owner's is admin only once its e-mail is
 * confirmed (decision 011; that toast is verifyTexts.confirmedAdmin).
 */
export const welcomeToasts = {
  trial: { title: "Welcome!", description: trialTexts.startsTrial },
  /** An address whose earlier account was deleted: its trial goes on where it was (decision 011). */
  trialContinues: (conversationsLeft: number) => ({
    title: "Welcome back!",
    description: `This address had a free trial before, so yours continues where it left off: ${count(conversationsLeft, "trial conversation", "trial conversations")} left.`,
  }),
  trialUsed: { title: "Welcome back!", description: `This address has used its free trial before. ${trialTexts.subscribePitch}` },
} as const;

/** The tool page's line under Generate for a trial writer. */
export function conversationNote({ conversationsLeft, periodOver }: { conversationsLeft: number; periodOver: boolean }) {
  if (periodOver) return `${trialTexts.ended} ${trialTexts.subscribePitch}`;
  if (conversationsLeft === 0) return `${trialTexts.conversationsUsedUp} ${trialTexts.subscribePitch}`;
  return trialTexts.conversationsLeft(conversationsLeft, Math.max(PLAN.trialConversations, conversationsLeft));
}
