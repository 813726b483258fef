/**
 * A writer's state as the owner's console names it (issue 14), from the subscription row and the
 * plan's rules (app/rules/plan.ts): admin, subscribed, past due, trial, trial used up.
 */
import { isUnlimited, trialPeriodOver, type AccessRow } from "~/rules/plan";

export const WRITER_STATES = ["trial", "trial-used-up", "subscribed", "past-due", "admin"] as const;
export type WriterState = (typeof WRITER_STATES)[number];

export const isWriterState = (value: unknown): value is WriterState => WRITER_STATES.includes(value as WriterState);

export function writerState(row: AccessRow & { subscriptionStatus: string | null }, now: Date): WriterState {
  if (row.isAdmin) return "admin";
  if (isUnlimited(row)) return row.subscriptionStatus === "past_due" ? "past-due" : "subscribed";
  return row.queriesRemaining > 0 && !trialPeriodOver(row.trialEndDate, now) ? "trial" : "trial-used-up";
}
