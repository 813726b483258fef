import type { Route } from "./+types/api.stripe.webhook";
import { handleStripeWebhook } from "~/billing/webhook.server";
import { apiError } from "~/lib/api-error";

const methodNotAllowed = () => apiError(405, "Method Not Allowed", { headers: { Allow: "POST" } });

/** POST /api/stripe/webhook — Stripe's signed events (see app/billing/webhook.server.ts). */
export function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleStripeWebhook(request);
}

export function loader() {
  return methodNotAllowed();
}
