/**
 * The trial guard (issue 14): sign-ups per client IP per hour (default SIGNUP_LIMIT_PER_IP_HOUR)
 * and an optional cap on new trials per UTC day, across everyone. Read by sign-up through a
 * 30-second per-isolate cache, cleared on save in the isolate that saves.
 */
import type { Admin } from "~/admin/guard.server";
import { getConfig } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { checkTrialGuard, type TrialGuard } from "./trial-guard";
import { auditEntry } from "~db/queries/admin-audit";
import { getAppSetting, putAppSetting } from "~db/queries/app-settings";

export const TRIAL_GUARD_KEY = "trialGuard";
const TTL_MS = 30_000;
let cached: { guard: TrialGuard; until: number } | null = null;

function parseStored(stored: string | undefined): TrialGuard {
  const shipped: TrialGuard = { signupsPerIpHour: getConfig().SIGNUP_LIMIT_PER_IP_HOUR, dailyNewTrials: null };
  if (stored === undefined) return shipped;
  try {
    const checked = checkTrialGuard(JSON.parse(stored));
    return checked.ok ? checked.value : shipped;
  } catch {
    return shipped;
  }
}

export async function loadTrialGuard(): Promise<TrialGuard> {
  if (cached && cached.until > Date.now()) return cached.guard;
  const guard = parseStored(await getAppSetting({ db: getDb(), key: TRIAL_GUARD_KEY }));
  cached = { guard, until: Date.now() + TTL_MS };
  return guard;
}

/** Saves the guard with its audit entry in one batch. */
export async function saveTrialGuard(admin: Admin, guard: TrialGuard, now = new Date()): Promise<TrialGuard> {
  const db = getDb();
  const before = parseStored(await getAppSetting({ db, key: TRIAL_GUARD_KEY }));
  await db.batch([
    putAppSetting(db, { key: TRIAL_GUARD_KEY, value: JSON.stringify(guard), updatedByEmail: admin.email, now }),
    auditEntry(db, { admin, action: "settings.trial-guard", target: "Trial guard", before, after: guard, now }),
  ]);
  cached = null;
  return before;
}
