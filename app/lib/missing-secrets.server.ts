/**
 * Production settings that are missing, named in one log line at the first request of each
 * isolate (decision 011): an operator reading the Worker's logs learns at once why payments,
 * e-mail or the assistants are unavailable, instead of finding out from writers. Which settings
 * count is decided in missing-settings.ts.
 */
import { getBindings, getConfig } from "./config.server";
import { missingProductionSettings } from "./missing-settings";

let checked = false;

/** At the isolate's first request: one console.error naming every missing setting (nothing when all are set). */
export function reportMissingSettingsOnce(): void {
  if (checked) return;
  checked = true;
  try {
    const missing = missingProductionSettings(getConfig(), getBindings());
    if (missing.length === 0) return;
    console.error(
      `config: missing production settings: ${missing.join(", ")}. What needs them stays unavailable until they are set (wrangler secret put NAME).`,
    );
  } catch (error) {
    // An invalid configuration is reported by the request that reads it; never fail a request here.
    console.error("config: could not check the production settings:", error);
  }
}
