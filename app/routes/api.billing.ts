import { BillingError, setCancelAtPeriodEnd, startSubscription } from "~/billing/billing.server";
import { apiRoute, method } from "~/lib/api-route.server";
import { fail, type ApiFailure, type FailureCode } from "~/lib/api-failure";
import { MissingConfigError } from "~/lib/config.server";
import { billingTexts } from "~/messages/billing";

type Intent = "subscribe" | "cancel" | "resume";

const BILLING_FAILURES: Record<number, FailureCode> = { 404: "not-found", 409: "conflict", 502: "upstream" };

/** A billing step that could not be done, in the card's words. */
function refusal(intent: Intent, error: unknown): ApiFailure {
  if (error instanceof BillingError) return fail(BILLING_FAILURES[error.status] ?? "invalid", error.message);
  if (error instanceof MissingConfigError) {
    console.error("billing unavailable:", error.message);
    return fail("unavailable", billingTexts.unavailable);
  }
  console.error(`billing ${intent} failed`, error);
  return fail("upstream", intent === "subscribe" ? billingTexts.subscribeFailed : billingTexts.cancelFailed);
}

/**
 * POST /api/billing/subscribe → `{ checkout_url }` (Checkout, or the Billing Portal for a
 * subscriber); POST /api/billing/cancel and /api/billing/resume → `{ ok, endsAt }`. Always for
 * the signed-in writer: nothing in the body can name another account.
 */
const route = apiRoute(
  {
    POST: method({
      who: "writer",
      handle: async ({ user, params, request }) => {
        const intent = params.intent;
        if (intent !== "subscribe" && intent !== "cancel" && intent !== "resume") throw fail("not-found", "Not found.");
        try {
          if (intent === "subscribe") {
            const { url, kind } = await startSubscription({ request, user });
            return { checkout_url: url, kind };
          }
          const state = await setCancelAtPeriodEnd({ userId: user.id, cancel: intent === "cancel" });
          return { ok: true, endsAt: state.periodEnd?.toISOString() ?? null };
        } catch (error) {
          throw refusal(intent, error);
        }
      },
    }),
  },
  { signedOut: (params) => ({ error: params.intent === "subscribe" ? billingTexts.subscribeSignedOut : billingTexts.signedOut }) },
);

export const loader = route.loader;
export const action = route.action;
