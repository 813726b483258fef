import { handleStripeWebhook, MAX_WEBHOOK_BYTES } from "~/billing/webhook.server";
import { apiRoute, method, textBody } from "~/lib/api-route.server";

/** POST /api/stripe/webhook — Stripe's signed events (see app/billing/webhook.server.ts): the raw body, as signed. */
const route = apiRoute(
  { POST: method({ who: "public", body: textBody(["application/json"], MAX_WEBHOOK_BYTES), handle: async ({ request, body }) => handleStripeWebhook(request, body) }) },
  { invalid: "Unreadable body." },
);

export const loader = route.loader;
export const action = route.action;
