import type { Route } from "./+types/api.billing";
import { authContext } from "~/auth/session.server";
import { BillingError, setCancelAtPeriodEnd, startSubscription } from "~/billing/billing.server";
import { MissingConfigError } from "~/lib/config.server";
import { billingTexts } from "~/messages/billing";

const noStore = { "Cache-Control": "no-store" };
const fail = (error: string, status: number) => Response.json({ error }, { status, headers: noStore });

/**
 * POST /api/billing/subscribe → `{ checkout_url }` (Checkout, or the Billing Portal for a
 * subscriber); POST /api/billing/cancel and /api/billing/resume → `{ ok, endsAt }`. Always for
 * the signed-in writer: nothing in the body can name another account.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const auth = context.get(authContext);
  const intent = params.intent;
  if (intent !== "subscribe" && intent !== "cancel" && intent !== "resume") return fail("Not found.", 404);
  if (auth.status !== "valid") {
    return fail(intent === "subscribe" ? billingTexts.subscribeSignedOut : billingTexts.signedOut, 401);
  }
  try {
    if (intent === "subscribe") {
      const { url, kind } = await startSubscription({ request, user: auth.user });
      return Response.json({ checkout_url: url, kind }, { headers: noStore });
    }
    const state = await setCancelAtPeriodEnd({ userId: auth.user.id, cancel: intent === "cancel" });
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
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
