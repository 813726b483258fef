/**
 * The only module that reads the Worker environment. Values are validated once per isolate;
 * empty strings count as unset so `.dev.vars` templates can leave keys blank.
 */
import { env } from "cloudflare:workers";
import { z } from "zod";
import type { PublicConfig } from "./public-config";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();
/** Production default for SIGNUP_LIMIT_PER_IP_HOUR: a household or an office, not a farm. */
export const DEFAULT_SIGNUP_LIMIT_PER_IP_HOUR = 5;

const optionalUrl = optionalString.pipe(z.url().optional());

const configSchema = z.object({
  APP_URL: optionalUrl,
  OWNER_EMAIL: optionalString.transform((value) => value?.toLowerCase()),
  TURSO_DATABASE_URL: optionalString,
  TURSO_AUTH_TOKEN: optionalString,
  EMAIL_API_KEY: optionalString,
  EMAIL_FROM: optionalString,
  /** Only the local stand-in sets this; production talks to the real e-mail API. */
  EMAIL_API_BASE: optionalUrl,
  EDITING_SERVICES_URL: optionalUrl.default("https://editing.thewritestuff.app"),
  SUPPORT_EMAIL: optionalString.default("support@thewritestuff.app"),
  VIDEO_URL_1: optionalUrl.default("https://www.youtube.com/@thewritestuffapp"),
  VIDEO_URL_2: optionalUrl.default("https://vimeo.com/thewritestuffapp"),
  WALLPAPER_URL: optionalString.default("/wallpaper.svg"),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  AI_MODEL: optionalString,
  /** How long the model may stay silent (before the first token or between tokens). */
  AI_TIMEOUT_MS: optionalString.transform((value, ctx) => {
    if (value === undefined) return undefined;
    const ms = Number(value);
    // At least 3 s: the AI SDK waits 2 s before retrying a 5xx, and that retry must get its chance.
    if (!Number.isInteger(ms) || ms < 3_000 || ms > 300_000) {
      ctx.addIssue({ code: "custom", message: "AI_TIMEOUT_MS must be a whole number of milliseconds from 3000 to 300000" });
      return z.NEVER;
    }
    return ms;
  }),
  /** Accounts one client IP may create per hour (decision 011). Unset: the production default. */
  SIGNUP_LIMIT_PER_IP_HOUR: optionalString.transform((value, ctx) => {
    if (value === undefined) return DEFAULT_SIGNUP_LIMIT_PER_IP_HOUR;
    const limit = Number(value);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1_000_000) {
      ctx.addIssue({ code: "custom", message: "SIGNUP_LIMIT_PER_IP_HOUR must be a whole number from 1 to 1000000" });
      return z.NEVER;
    }
    return limit;
  }),
  /** The key of the hash under which a deleted account's trial is remembered (decision 011); at least 16 characters. */
  TRIAL_MEMORY_KEY: optionalString.pipe(z.string().min(16, "TRIAL_MEMORY_KEY must be at least 16 characters").optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_ID: optionalString,
  /** Only the local stand-in sets this; production talks to api.stripe.com. */
  STRIPE_API_BASE: optionalUrl,
  /** Comma-separated names of services served by the local stand-in (`npm start`, tests). */
  LOCAL_STANDINS: optionalString,
});

export type AppConfig = z.infer<typeof configSchema> & { localStandins: Set<string> };

let cached: AppConfig | undefined;

export function getConfig(): AppConfig {
  if (cached) return cached;
  const source = env as unknown as Record<string, unknown>;
  const raw = Object.fromEntries(
    Object.keys(configSchema.shape).map((key) => [
      key,
      typeof source[key] === "string" ? source[key] : undefined,
    ]),
  );
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  }
  cached = {
    ...parsed.data,
    localStandins: new Set(
      (parsed.data.LOCAL_STANDINS ?? "")
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  };
  return cached;
}

/** Raised when a request path needs a secret that is not configured: never fall back to a mock. */
export class MissingConfigError extends Error {
  constructor(readonly keys: string[]) {
    super(`Missing configuration: ${keys.join(", ")}`);
    this.name = "MissingConfigError";
  }
}

/** Public, non-secret settings the browser may see. */
export function getPublicConfig(): PublicConfig {
  const config = getConfig();
  return {
    editingServicesUrl: config.EDITING_SERVICES_URL,
    supportEmail: config.SUPPORT_EMAIL,
    videoUrls: [config.VIDEO_URL_1, config.VIDEO_URL_2],
    wallpaperUrl: config.WALLPAPER_URL,
    demoAi: parsedStandins().has("ai"),
    testPayments: parsedStandins().has("stripe"),
  };
}

function parsedStandins() {
  return getConfig().localStandins;
}

/** The worker bindings the app uses, typed; nothing else touches `env` directly. */
export function getBindings() {
  return {
    DB: env.DB,
    AUTH_IP_LIMITER: env.AUTH_IP_LIMITER,
    AUTH_ACCOUNT_LIMITER: env.AUTH_ACCOUNT_LIMITER,
    AUTH_ACCOUNT_WIDE_LIMITER: env.AUTH_ACCOUNT_WIDE_LIMITER,
    GENERATE_LIMITER: env.GENERATE_LIMITER,
  };
}
