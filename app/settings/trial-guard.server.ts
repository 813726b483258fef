/**
 * The trial guard (issue 14): sign-ups per client IP per hour (default SIGNUP_LIMIT_PER_IP_HOUR)
 * and an optional cap on new trials per UTC day, across everyone. A stored setting
 * (stored-setting.server.ts), read by sign-up.
 */
import { getConfig } from "~/lib/config.server";
import { checkTrialGuard } from "./trial-guard";
import { storedSetting } from "./stored-setting.server";

export const trialGuard = storedSetting({
  key: "trialGuard",
  check: checkTrialGuard,
  shipped: () => ({ signupsPerIpHour: getConfig().SIGNUP_LIMIT_PER_IP_HOUR, dailyNewTrials: null }),
  audit: { action: "settings.trial-guard", target: "Trial guard" },
});
