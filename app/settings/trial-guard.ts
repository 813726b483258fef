/** The trial guard's values and their check (pure; the stored setting and its cache: trial-guard.server.ts). */
import { trialGuardTexts as texts } from "~/messages/admin-prompts";

export type TrialGuard = { signupsPerIpHour: number; dailyNewTrials: number | null };

const MAX = 1_000_000;

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX;

export function checkTrialGuard(input: unknown): { ok: true; value: TrialGuard } | { ok: false; error: string } {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return { ok: false, error: texts.invalid };
  const { signupsPerIpHour, dailyNewTrials, ...rest } = input as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return { ok: false, error: texts.invalid };
  if (!isCount(signupsPerIpHour)) return { ok: false, error: texts.perIpHour };
  if (dailyNewTrials !== null && !isCount(dailyNewTrials)) return { ok: false, error: texts.dailyCap };
  return { ok: true, value: { signupsPerIpHour, dailyNewTrials } };
}
