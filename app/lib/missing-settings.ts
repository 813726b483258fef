/**
 * Which production settings are missing (decision 011). Pure, so it is unit-tested directly;
 * missing-secrets.server.ts logs the answer once per isolate. A service served by a local
 * stand-in (`LOCAL_STANDINS`, set by `npm start` and the tests) needs none of its keys.
 */

/** The settings each service needs in production, by the stand-in name that replaces it locally. */
const REQUIRED: { service: string | null; keys: SettingName[] }[] = [
  { service: "ai", keys: ["OPENAI_API_KEY"] },
  { service: "stripe", keys: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_ID"] },
  { service: "email", keys: ["EMAIL_API_KEY", "EMAIL_FROM"] },
  { service: null, keys: ["APP_URL", "TRIAL_MEMORY_KEY"] },
];

type SettingName =
  | "OPENAI_API_KEY"
  | "STRIPE_SECRET_KEY"
  | "STRIPE_WEBHOOK_SECRET"
  | "STRIPE_PRICE_ID"
  | "EMAIL_API_KEY"
  | "EMAIL_FROM"
  | "APP_URL"
  | "TRIAL_MEMORY_KEY";

/** What this needs of the app's configuration (`AppConfig` fits; no import, so it stays pure). */
export type SettingsToCheck = Partial<Record<SettingName | "TURSO_DATABASE_URL" | "TURSO_AUTH_TOKEN", string>> & {
  localStandins: ReadonlySet<string>;
};

/** Names of the missing production settings, in the README's order. */
export function missingProductionSettings(config: SettingsToCheck, bindings: { DB?: unknown }): string[] {
  const missing: string[] = [];
  // The database: Turso when TURSO_DATABASE_URL is set (a libsql:// one needs its token), else D1.
  if (config.TURSO_DATABASE_URL) {
    if (/^libsql:\/\//i.test(config.TURSO_DATABASE_URL) && !config.TURSO_AUTH_TOKEN) missing.push("TURSO_AUTH_TOKEN");
  } else if (!bindings.DB) {
    missing.push("TURSO_DATABASE_URL (or the DB binding)");
  }
  for (const { service, keys } of REQUIRED) {
    if (service && config.localStandins.has(service)) continue;
    for (const key of keys) if (!config[key]) missing.push(key);
  }
  return missing;
}
