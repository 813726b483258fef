/**
 * Which production settings the one log line at an isolate's first request names (decision 011).
 */
import { describe, expect, it } from "vitest";
import { missingProductionSettings, type SettingsToCheck } from "~/lib/missing-settings";

const COMPLETE = {
  OPENAI_API_KEY: "sk-live",
  STRIPE_SECRET_KEY: "sk_live_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  STRIPE_PRICE_ID: "price_x",
  EMAIL_API_KEY: "re_x",
  EMAIL_FROM: "The Write Stuff <no-reply@example.com>",
  APP_URL: "https://thewritestuff.app",
  TRIAL_MEMORY_KEY: "a-long-random-secret-value",
};

function config(overrides: Record<string, string | undefined> = {}, standins: string[] = []): SettingsToCheck {
  return { ...COMPLETE, ...overrides, localStandins: new Set(standins) };
}

const D1 = { DB: {} };

describe("missingProductionSettings", () => {
  it("names nothing when every setting and a database are there", () => {
    expect(missingProductionSettings(config(), D1)).toEqual([]);
  });

  it("names every missing one, in the README's order", () => {
    const none = Object.fromEntries(Object.keys(COMPLETE).map((key) => [key, undefined]));
    expect(missingProductionSettings(config(none), {})).toEqual([
      "TURSO_DATABASE_URL (or the DB binding)",
      "OPENAI_API_KEY",
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "STRIPE_PRICE_ID",
      "EMAIL_API_KEY",
      "EMAIL_FROM",
      "APP_URL",
      "TRIAL_MEMORY_KEY",
    ]);
    expect(missingProductionSettings(config({ STRIPE_WEBHOOK_SECRET: undefined }), D1)).toEqual(["STRIPE_WEBHOOK_SECRET"]);
  });

  it("a database: Turso (a libsql:// URL needs its token) or the D1 binding", () => {
    expect(missingProductionSettings(config({ TURSO_DATABASE_URL: "libsql://tws.turso.io" }), {})).toEqual(["TURSO_AUTH_TOKEN"]);
    expect(missingProductionSettings(config({ TURSO_DATABASE_URL: "libsql://tws.turso.io", TURSO_AUTH_TOKEN: "t" }), {})).toEqual([]);
    expect(missingProductionSettings(config({ TURSO_DATABASE_URL: "http://127.0.0.1:8080" }), {})).toEqual([]);
    expect(missingProductionSettings(config(), {})).toEqual(["TURSO_DATABASE_URL (or the DB binding)"]);
  });

  it("a service served by a local stand-in needs none of its keys; APP_URL and TRIAL_MEMORY_KEY are always wanted", () => {
    const none = Object.fromEntries(Object.keys(COMPLETE).map((key) => [key, undefined]));
    expect(missingProductionSettings(config(none, ["ai", "stripe", "email"]), D1)).toEqual(["APP_URL", "TRIAL_MEMORY_KEY"]);
    expect(missingProductionSettings(config({ STRIPE_WEBHOOK_SECRET: undefined, OPENAI_API_KEY: undefined }, ["ai"]), D1)).toEqual([
      "STRIPE_WEBHOOK_SECRET",
    ]);
  });
});
