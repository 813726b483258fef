/**
 * Whether this Worker can take Stripe's webhooks. Without the signing secret (or the API key)
 * no event can be verified or applied, so subscriptions would never activate: every delivery is
 * answered 503 with a body that says why — Stripe shows it in the endpoint's delivery log and
 * keeps retrying — and the isolate logs the missing settings once, at the first delivery.
 */
import { fail } from "~/lib/api-failure";
import { getConfig, MissingConfigError } from "~/lib/config.server";
import { billingTexts } from "~/messages/billing";
import { getStripe, type StripeSetup } from "./stripe.server";

export type WebhookSetup = StripeSetup & { webhookSecret: string };

let reported = false;

/** The settings the webhook needs and this Worker lacks. */
function missingForWebhooks(): { setup: StripeSetup | null; missing: string[] } {
  const secret = getConfig().STRIPE_WEBHOOK_SECRET ? [] : ["STRIPE_WEBHOOK_SECRET"];
  try {
    return { setup: getStripe(), missing: secret };
  } catch (error) {
    if (!(error instanceof MissingConfigError)) throw error;
    return { setup: null, missing: [...error.keys, ...secret] };
  }
}

/** Stripe and the signing secret; else the 503 is thrown (logged once per isolate). */
export function webhookSetup(): WebhookSetup {
  const { setup, missing } = missingForWebhooks();
  if (setup?.webhookSecret && missing.length === 0) return { ...setup, webhookSecret: setup.webhookSecret };
  if (!reported) {
    reported = true;
    console.error(
      `stripe webhook: ${missing.join(", ")} not set: every Stripe webhook is answered 503, so no subscription activates until ${missing.length === 1 ? "it is" : "they are"} set`,
    );
  }
  throw fail("unavailable", billingTexts.webhookNotConfigured(missing));
}
