/**
 * The one place that knows how to reach Stripe: the SDK over `fetch` (Workers have no Node
 * http), the price, and the webhook secret. Without a secret key, payments are simply
 * unavailable — there is no silent fallback to the stand-in.
 */
import Stripe from "stripe";
import { getConfig, MissingConfigError } from "~/lib/config.server";

export type StripeSetup = { stripe: Stripe; priceId: string; webhookSecret: string | undefined };

let cached: { key: string; setup: StripeSetup } | undefined;

export const stripeCrypto = Stripe.createSubtleCryptoProvider();

export function getStripe(): StripeSetup {
  const config = getConfig();
  const missing = [
    !config.STRIPE_SECRET_KEY && "STRIPE_SECRET_KEY",
    !config.STRIPE_PRICE_ID && "STRIPE_PRICE_ID",
  ].filter((key): key is string => Boolean(key));
  if (missing.length > 0) throw new MissingConfigError(missing);
  const key = `${config.STRIPE_SECRET_KEY}|${config.STRIPE_API_BASE ?? ""}`;
  if (cached?.key === key) return cached.setup;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const stripe = new Stripe(config.STRIPE_SECRET_KEY!, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 15_000,
    appInfo: { name: "The Write Stuff" },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? ("https" as const) : ("http" as const),
        }
      : {}),
  });
  const setup = { stripe, priceId: config.STRIPE_PRICE_ID!, webhookSecret: config.STRIPE_WEBHOOK_SECRET };
  cached = { key, setup };
  return setup;
}
