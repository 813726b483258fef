import type { Route } from "./+types/api.stripe.webhook";
import { handleStripeWebhook } from "~/billing/webhook.server";

/** POST /api/stripe/webhook — Stripe's signed events (see app/billing/webhook.server.ts). */
export function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  return handleStripeWebhook(request);
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
