/**
 * The model settings as generation reads them: cached per isolate for 30 seconds, so a
 * generation adds no database read (issue 15: at most one round trip before the model request).
 * Saving clears this isolate's cache, so with one isolate (local dev, tests) the very next
 * generation uses the change; other isolates within 30 seconds.
 */
import type { Admin } from "~/admin/guard.server";
import { getConfig } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { auditEntry } from "~db/queries/admin-audit";
import { getAppSetting, putAppSetting } from "~db/queries/app-settings";
import { parseStoredModelSettings, type ModelSettings } from "./model-settings";

export const MODEL_SETTINGS_KEY = "model";
const TTL_MS = 30_000;
let cached: { settings: ModelSettings; until: number } | null = null;

export async function loadModelSettings(): Promise<ModelSettings> {
  return cachedModelSettings() ?? modelSettingsFrom(await getAppSetting({ db: getDb(), key: MODEL_SETTINGS_KEY }));
}

/** The cached settings, or undefined when this isolate must read them (a generation reads them in its batch). */
export function cachedModelSettings(): ModelSettings | undefined {
  return cached && cached.until > Date.now() ? cached.settings : undefined;
}

/** The settings from their stored JSON (none: the defaults), remembered for 30 seconds. */
export function modelSettingsFrom(stored: string | null | undefined): ModelSettings {
  const settings = parseStoredModelSettings(stored ?? undefined);
  cached = { settings, until: Date.now() + TTL_MS };
  return settings;
}

/** Saves the settings and their audit entry in one batch; returns what was there before. */
export async function saveModelSettings(admin: Admin, settings: ModelSettings, now = new Date()): Promise<ModelSettings> {
  const db = getDb();
  const before = parseStoredModelSettings(await getAppSetting({ db, key: MODEL_SETTINGS_KEY }));
  await db.batch([
    putAppSetting(db, { key: MODEL_SETTINGS_KEY, value: JSON.stringify(settings), updatedByEmail: admin.email, now }),
    auditEntry(db, { admin, action: "settings.model", target: "Model settings", before, after: settings, now }),
  ]);
  cached = null;
  return before;
}

/** What the console shows about the connection: never the key, only whether there is one. */
export function modelConnection() {
  const config = getConfig();
  return { apiKeySet: Boolean(config.OPENAI_API_KEY), baseUrl: config.OPENAI_BASE_URL ?? "https://api.openai.com/v1", deploymentModel: config.AI_MODEL ?? null };
}
