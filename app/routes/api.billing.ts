import type { Route } from "./+types/api.billing";
import { requireApiUser } from "~/auth/guards.server";
import { authContext } from "~/auth/session.server";
import { BillingError, setCancelAtPeriodEnd, startSubscription } from "~/billing/billing.server";
import { apiError } from "~/lib/api-error";
import { MissingConfigError } from "~/lib/config.server";
import { billingTexts } from "~/messages/billing";

const noStore = { "Cache-Control": "no-store" };
const fail = (error: string, status: number) => apiError(status, error);

/**
 * POST /api/billing/subscribe → `{ checkout_url }` (Checkout, or the Billing Portal for a
 * subscriber); POST /api/billing/cancel and /api/billing/resume → `{ ok, endsAt }`. Always for
 * the signed-in writer: nothing in the body can name another account.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const intent = params.intent;
  if (intent !== "subscribe" && intent !== "cancel" && intent !== "resume") return fail("Not found.", 404);
  const user = requireApiUser(context.get(authContext), {
    error: intent === "subscribe" ? billingTexts.subscribeSignedOut : billingTexts.signedOut,
  });
  try {
    if (intent === "subscribe") {
      const { url, kind } = await startSubscription({ request, user });
      return Response.json({ checkout_url: url, kind }, { headers: noStore });
    }
    const state = await setCancelAtPeriodEnd({ userId: user.id, cancel: intent === "cancel" });
    return Response.json({ ok: true, endsAt: state.periodEnd?.toISOString() ?? null }, { headers: noStore });
  } catch (error) {
    if (error instanceof BillingError) return fail(error.message, error.status);
    if (error instanceof MissingConfigError) {
      console.error("billing unavailable:", error.message);
      return fail(billingTexts.unavailable, 503);
    }
    console.error(`billing ${intent} failed`, error);
    return fail(intent === "subscribe" ? billingTexts.subscribeFailed : billingTexts.cancelFailed, 502);
  }
}

export function loader() {
  return apiError(405, "Method Not Allowed", { headers: { Allow: "POST" } });
}
