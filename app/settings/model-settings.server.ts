/**
 * The model settings as generation reads them: a stored setting (stored-setting.server.ts), so a
 * generation adds no database read while this isolate remembers them. Saving clears this
 * isolate's copy, so with one isolate (local dev, tests) the very next generation uses the
 * change; other isolates within 30 seconds.
 */
import { getConfig } from "~/lib/config.server";
import { checkModelSettings, SHIPPED_MODEL_SETTINGS } from "./model-settings";
import { storedSetting } from "./stored-setting.server";

export const modelSettings = storedSetting({
  key: "model",
  check: checkModelSettings,
  shipped: () => SHIPPED_MODEL_SETTINGS,
  audit: { action: "settings.model", target: "Model settings" },
});

/** What the console shows about the connection: never the key, only whether there is one. */
export function modelConnection() {
  const config = getConfig();
  return { apiKeySet: Boolean(config.OPENAI_API_KEY), baseUrl: config.OPENAI_BASE_URL ?? "https://api.openai.com/v1", deploymentModel: config.AI_MODEL ?? null };
}
