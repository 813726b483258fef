/**
 * Production with settings missing (issue 11, decision 011). This project's Worker runs with
 * Stripe's key and price but no STRIPE_WEBHOOK_SECRET, and no other setting (vitest.config.ts,
 * project "worker-unconfigured"). Before the fix every webhook was answered 400 "Missing Stripe
 * signature." and nothing was logged, so subscriptions silently never activated.
 *
 * One test: "the first request of the isolate" is this file's first request.
 */
import { exports } from "cloudflare:workers";
import { expect, it, vi } from "vitest";
import { billingTexts } from "~/messages/billing";

const WEBHOOK = "http://localhost/api/stripe/webhook";

function postWebhook(headers: Record<string, string>): Promise<Response> {
  return exports.default.fetch(WEBHOOK, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ id: "evt_1", object: "event", type: "invoice.paid", data: { object: {} } }),
  });
}

it("the first request logs one line naming every missing setting; webhooks get 503 with a clear body, logged once", async () => {
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  const lines = () => error.mock.calls.map((call) => call.map(String).join(" "));

  const first = await postWebhook({ "Stripe-Signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` });
  expect(first.status).toBe(503);
  expect(first.headers.get("Cache-Control")).toBe("private, no-store");
  expect(await first.json()).toEqual({ error: billingTexts.webhookNotConfigured(["STRIPE_WEBHOOK_SECRET"]), title: "Error" });
  expect(billingTexts.webhookNotConfigured(["STRIPE_WEBHOOK_SECRET"])).toBe(
    "Stripe webhooks cannot be processed: STRIPE_WEBHOOK_SECRET is not set on this server.",
  );
  expect(lines()).toEqual([
    "config: missing production settings: OPENAI_API_KEY, STRIPE_WEBHOOK_SECRET, EMAIL_API_KEY, EMAIL_FROM, APP_URL, TRIAL_MEMORY_KEY. " +
      "What needs them stays unavailable until they are set (wrangler secret put NAME).",
    "stripe webhook: STRIPE_WEBHOOK_SECRET not set: every Stripe webhook is answered 503, so no subscription activates until it is set",
  ]);

  // Every later delivery, signed or not, gets the same answer; nothing more is logged.
  for (const headers of [{ "Stripe-Signature": "t=1,v1=abc" }, {}] as Record<string, string>[]) {
    const again = await postWebhook(headers);
    expect(again.status).toBe(503);
    expect(await again.json()).toEqual({ error: billingTexts.webhookNotConfigured(["STRIPE_WEBHOOK_SECRET"]), title: "Error" });
  }
  const page = await exports.default.fetch("http://localhost/api/stripe/webhook");
  expect(page.status).toBe(405);
  await page.body?.cancel();
  expect(error).toHaveBeenCalledTimes(2);
}, 60_000); // the isolate's first request loads the whole built Worker
