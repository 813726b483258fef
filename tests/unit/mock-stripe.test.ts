/**
 * The Stripe stand-in (tests/mocks/stripe.ts), driven by the real `stripe` SDK over its fetch
 * client (as the Worker does), with a small local server receiving the webhooks and verifying
 * them with the SDK's `constructEventAsync`, the way the app's webhook route does.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readBody } from "../mocks/http.ts";
import { startMockServer, type MockServer } from "../mocks/server.ts";
import {
  configureStripe,
  payStripeCheckout,
  resetStripe,
  stripeAction,
  stripeState,
  waitForStripeDeliveries,
} from "../mocks/stripe-control.ts";

const SECRET = "whsec_unit_test_secret";
const APP = "http://app.test";
const subtle = Stripe.createSubtleCryptoProvider();

type Received = { header: string | null; body: string; event: Stripe.Event | null; error: string | null };

let mock: MockServer;
let hook: { server: Server; url: string; received: Received[]; status: number };
let stripe: Stripe;

beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
  const received: Received[] = [];
  const verifier = new Stripe("sk_test_verifier");
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const header = (req.headers["stripe-signature"] as string | undefined) ?? null;
    let event: Stripe.Event | null = null;
    let error: string | null = null;
    try {
      // As the app does on workerd: the raw body, the header, the secret, SubtleCrypto.
      event = await verifier.webhooks.constructEventAsync(body, header ?? "", SECRET, undefined, subtle);
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    received.push({ header, body, event, error });
    res.writeHead(event ? hook.status : 400, { "Content-Type": "application/json" });
    res.end(JSON.stringify(event ? { received: true } : { error: "Invalid Stripe signature." }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hook = {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`,
    received,
    status: 200,
  };
  stripe = new Stripe("sk_test_123", {
    host: "127.0.0.1",
    port: Number(new URL(mock.url).port),
    protocol: "http",
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await mock.close();
  hook.server.closeAllConnections();
  await new Promise<void>((resolve) => hook.server.close(() => resolve()));
});

beforeEach(async () => {
  await resetStripe(mock.url, { everything: true });
  await configureStripe(mock.url, { webhookUrl: hook.url, webhookSecret: SECRET });
  hook.received.length = 0;
  hook.status = 200;
});

/** A customer and an open checkout session, created as the app creates them. */
async function openCheckout(userId = "user-1") {
  const customer = await stripe.customers.create({ email: `${userId}@example.com`, metadata: { user_id: userId } });
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer: customer.id,
    client_reference_id: userId,
    line_items: [{ price: "price_test_monthly", quantity: 1 }],
    success_url: `${APP}/dashboard?checkout=success&session={CHECKOUT_SESSION_ID}`,
    cancel_url: `${APP}/dashboard?checkout=cancelled`,
    metadata: { user_id: userId },
    subscription_data: { metadata: { user_id: userId } },
  });
  return { customer, session };
}

/** Opens and pays a checkout, waits for its three webhooks, and answers the subscription id. */
async function subscribe(userId = "user-1") {
  const { customer, session } = await openCheckout(userId);
  const paid = await payStripeCheckout(session.url!);
  expect(paid.status).toBe(303);
  const before = (await stripeState(mock.url)).deliveries.length;
  await waitForStripeDeliveries(mock.url, before + 3);
  const { subscription } = await stripe.checkout.sessions.retrieve(session.id);
  return { customer, session, subscriptionId: subscription as string };
}

const types = () => hook.received.map((r) => r.event?.type ?? `unverified: ${r.error}`);

describe("customers", () => {
  it("creates, retrieves, lists by email, searches and updates customers", async () => {
    const first = await stripe.customers.create({ email: "ada@example.com", metadata: { user_id: "u1" } });
    const second = await stripe.customers.create({ email: "bob@example.com", metadata: { user_id: "u2" } });
    expect(first).toMatchObject({
      id: "cus_test_1",
      object: "customer",
      email: "ada@example.com",
      metadata: { user_id: "u1" },
      livemode: false,
      created: expect.any(Number),
    });
    expect(second.id).toBe("cus_test_2");
    expect(await stripe.customers.retrieve("cus_test_1")).toMatchObject({ email: "ada@example.com" });

    const listed = await stripe.customers.list({ email: "bob@example.com" });
    expect(listed).toMatchObject({ object: "list", has_more: false });
    expect(listed.data.map((c) => c.id)).toEqual(["cus_test_2"]);
    expect((await stripe.customers.list()).data.map((c) => c.id)).toEqual(["cus_test_2", "cus_test_1"]);

    const found = await stripe.customers.search({ query: "metadata['user_id']:'u1'" });
    expect(found.data.map((c) => c.id)).toEqual(["cus_test_1"]);
    expect((await stripe.customers.search({ query: "email:'nobody@example.com'" })).data).toEqual([]);

    const updated = await stripe.customers.update("cus_test_1", { metadata: { plan: "monthly" } });
    expect(updated.metadata).toEqual({ user_id: "u1", plan: "monthly" });
  });

  it("replays a request with the same idempotency key and refuses it with other parameters", async () => {
    const params = { email: "ada@example.com", metadata: { user_id: "u1" } };
    const a = await stripe.customers.create(params, { idempotencyKey: "customer-u1" });
    const b = await stripe.customers.create(params, { idempotencyKey: "customer-u1" });
    expect(b.id).toBe(a.id);
    expect((await stripeState(mock.url)).customers).toHaveLength(1);
    await expect(
      stripe.customers.create({ email: "eve@example.com" }, { idempotencyKey: "customer-u1" }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});

describe("checkout", () => {
  it("creates a session pointing at the hosted page", async () => {
    const { customer, session } = await openCheckout();
    expect(session).toMatchObject({
      id: "cs_test_1",
      object: "checkout.session",
      url: `${mock.url}/stripe/checkout/cs_test_1`,
      status: "open",
      payment_status: "unpaid",
      customer: customer.id,
      client_reference_id: "user-1",
      mode: "subscription",
      success_url: `${APP}/dashboard?checkout=success&session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP}/dashboard?checkout=cancelled`,
      subscription: null,
      metadata: { user_id: "user-1" },
      livemode: false,
    });
    expect(await stripe.checkout.sessions.retrieve(session.id)).toEqual(session);
  });

  it("serves an accessible hosted checkout page", async () => {
    const { session } = await openCheckout();
    const response = await fetch(session.url!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<main>[\s\S]*<h1>Subscribe to The Write Stuff<\/h1>[\s\S]*<\/main>/);
    expect(html).toContain("The Write Stuff — $5.00 per month");
    expect(html).toContain('value="4242 4242 4242 4242"');
    expect(html).toContain('<button type="submit" class="primary">Pay $5.00</button>');
    expect(html).toMatch(/<a [^>]*href="\/stripe\/checkout\/cs_test_1\/cancel">Cancel<\/a>/);
    expect(html).toContain(":focus-visible");
    // Every input has a label.
    const ids = [...html.matchAll(/<input id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(["email", "card", "expiry", "cvc"]);
    for (const id of ids) expect(html).toContain(`<label for="${id}">`);
  });

  it("pays: redirects to success_url, completes the session and sends three signed webhooks in order", async () => {
    const { customer, session } = await openCheckout();
    const paid = await payStripeCheckout(session.url!);
    expect(paid).toEqual({ status: 303, location: `${APP}/dashboard?checkout=success&session=cs_test_1` });

    const state = await waitForStripeDeliveries(mock.url, 3);
    expect(types()).toEqual(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]);
    expect(state.deliveries.map(({ eventId, type, status, signature }) => ({ eventId, type, status, signature }))).toEqual([
      { eventId: "evt_test_1", type: "checkout.session.completed", status: 200, signature: "valid" },
      { eventId: "evt_test_2", type: "customer.subscription.created", status: 200, signature: "valid" },
      { eventId: "evt_test_3", type: "invoice.paid", status: 200, signature: "valid" },
    ]);

    // The header is exactly Stripe's, and the default (Node) crypto provider accepts it too.
    const first = hook.received[0]!;
    expect(first.header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = await new Stripe("sk_test_x").webhooks.constructEventAsync(first.body, first.header!, SECRET);
    expect(event).toMatchObject({
      id: "evt_test_1",
      object: "event",
      api_version: Stripe.API_VERSION,
      type: "checkout.session.completed",
      livemode: false,
      pending_webhooks: 1,
      request: { id: expect.any(String) },
    });
    await expect(
      new Stripe("sk_test_x").webhooks.constructEventAsync(first.body, first.header!, "whsec_other"),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);

    const [completed, created, invoicePaid] = hook.received.map((r) => r.event!);
    expect(completed!.data.object).toMatchObject({
      id: "cs_test_1",
      status: "complete",
      payment_status: "paid",
      customer: customer.id,
      client_reference_id: "user-1",
      subscription: "sub_test_1",
    });
    expect(created!.data.object).toMatchObject({
      id: "sub_test_1",
      object: "subscription",
      status: "active",
      customer: customer.id,
      cancel_at_period_end: false,
      metadata: { user_id: "user-1" },
      latest_invoice: "in_test_1",
    });
    expect(invoicePaid!.data.object).toMatchObject({
      id: "in_test_1",
      object: "invoice",
      status: "paid",
      amount_paid: 500,
      customer: customer.id,
      parent: { subscription_details: { subscription: "sub_test_1", metadata: { user_id: "user-1" } } },
    });

    const retrieved = await stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription"] });
    expect(retrieved.status).toBe("complete");
    expect(retrieved.subscription).toMatchObject({ id: "sub_test_1", object: "subscription" });
  });

  it("creates the customer at payment when the session only has an email", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer_email: "new@example.com",
      line_items: [{ price: "price_test_monthly", quantity: 1 }],
      success_url: `${APP}/ok`,
    });
    expect(session.customer).toBeNull();
    expect((await payStripeCheckout(session.url!)).location).toBe(`${APP}/ok`);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    const customer = await stripe.customers.retrieve(paid.customer as string);
    expect(customer).toMatchObject({ id: "cus_test_1", email: "new@example.com" });
  });

  it("refuses to be paid twice, and creates nothing the second time", async () => {
    const { session } = await openCheckout();
    await payStripeCheckout(session.url!);
    await waitForStripeDeliveries(mock.url, 3);
    const again = await fetch(`${session.url}/pay`, { method: "POST", body: new URLSearchParams({ card: "4242424242424242" }), redirect: "manual" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("<h1>This checkout session is no longer available</h1>");
    const state = await stripeState(mock.url, { settle: true });
    expect(state.subscriptions).toHaveLength(1);
    expect(state.invoices).toHaveLength(1);
    expect(state.events).toHaveLength(3);
  });

  it("cancels back to cancel_url without events, and declines the decline test card", async () => {
    const { session } = await openCheckout();
    const declined = await payStripeCheckout(session.url!, { card: "4000 0000 0000 0002" });
    expect(declined).toEqual({ status: 402, location: null });

    const viaLink = await fetch(`${session.url}/cancel`, { redirect: "manual" });
    expect(viaLink.status).toBe(303);
    expect(viaLink.headers.get("location")).toBe(`${APP}/dashboard?checkout=cancelled`);
    const viaPost = await fetch(`${session.url}/cancel`, { method: "POST", redirect: "manual" });
    expect(viaPost.headers.get("location")).toBe(`${APP}/dashboard?checkout=cancelled`);

    const state = await stripeState(mock.url, { settle: true });
    expect(state.events).toEqual([]);
    expect(state.subscriptions).toEqual([]);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
  });

  it("rejects an unknown price or customer with Stripe's 400", async () => {
    const error = await stripe.checkout.sessions
      .create({
        mode: "subscription",
        line_items: [{ price: "price_unknown", quantity: 1 }],
        success_url: `${APP}/ok`,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 400,
      type: "StripeInvalidRequestError",
      code: "resource_missing",
      param: "line_items[0][price]",
      message: "No such price: 'price_unknown'",
    });
    await expect(
      stripe.checkout.sessions.create({
        mode: "subscription",
        customer: "cus_nope",
        line_items: [{ price: "price_test_monthly", quantity: 1 }],
        success_url: `${APP}/ok`,
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: "customer" });
  });

  it("sells the configured price", async () => {
    await configureStripe(mock.url, { priceId: "price_live_like" });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: "price_live_like", quantity: 1 }],
      success_url: `${APP}/ok`,
    });
    expect(session.status).toBe("open");
    expect(await stripe.prices.retrieve("price_live_like")).toMatchObject({
      unit_amount: 500,
      currency: "usd",
      recurring: { interval: "month" },
    });
  });
});

describe("expiring a checkout session", () => {
  it("expires an open session: status expired, no url, checkout.session.expired; its page can no longer be paid", async () => {
    const { session } = await openCheckout();
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ id: session.id, status: "expired", url: null, payment_status: "unpaid" });
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: "expired", url: null });
    await waitForStripeDeliveries(mock.url, 1);
    expect(types()).toEqual(["checkout.session.expired"]);

    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h1>This checkout session has expired</h1>");
    const paid = await fetch(`${session.url}/pay`, { method: "POST", body: new URLSearchParams({ card: "4242424242424242" }), redirect: "manual" });
    expect(paid.status).toBe(409);
    expect(await paid.text()).toContain("It can no longer be paid, and nothing was charged.");
    const state = await stripeState(mock.url, { settle: true });
    expect(state.subscriptions).toEqual([]);
    expect(state.invoices).toEqual([]);
    expect(state.events.map((event) => event.type)).toEqual(["checkout.session.expired"]);
  });

  it("refuses to expire a session that is not open (paid, or already expired)", async () => {
    const { session: paid } = await openCheckout("user-1");
    await payStripeCheckout(paid.url!);
    const { session: gone } = await openCheckout("user-2");
    await stripe.checkout.sessions.expire(gone.id);
    for (const id of [paid.id, gone.id]) {
      await expect(stripe.checkout.sessions.expire(id)).rejects.toMatchObject({ statusCode: 400 });
    }
    expect((await stripe.checkout.sessions.retrieve(paid.id)).status).toBe("complete");
    await expect(stripe.checkout.sessions.expire("cs_nope")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
  });
});

describe("invoice payments and refunds", () => {
  it("a paid invoice has one paid Invoice Payment naming its PaymentIntent; an open invoice has none", async () => {
    const { subscriptionId } = await subscribe();
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const invoiceId = subscription.latest_invoice as string;
    const payments = await stripe.invoicePayments.list({ invoice: invoiceId, status: "paid" });
    expect(payments.data).toHaveLength(1);
    expect(payments.data[0]).toMatchObject({
      id: "inpay_test_1",
      object: "invoice_payment",
      invoice: invoiceId,
      status: "paid",
      amount_paid: 500,
      currency: "usd",
      payment: { type: "payment_intent", payment_intent: "pi_test_1" },
    });
    expect(await stripe.invoicePayments.retrieve("inpay_test_1")).toEqual(payments.data[0]);
    expect((await stripe.invoices.list({ subscription: subscriptionId, status: "paid" })).data.map((i) => i.id)).toEqual([invoiceId]);

    await stripeAction(mock.url, { action: "payment_failed", subscription: subscriptionId });
    const open = (await stripe.invoices.list({ subscription: subscriptionId, status: "open" })).data;
    expect(open).toHaveLength(1);
    expect((await stripe.invoicePayments.list({ invoice: open[0]!.id })).data).toEqual([]);
  });

  it("refunds a payment by PaymentIntent or charge, once: a second refund is charge_already_refunded", async () => {
    const { subscriptionId } = await subscribe();
    const invoiceId = (await stripe.subscriptions.retrieve(subscriptionId)).latest_invoice as string;
    const [payment] = (await stripe.invoicePayments.list({ invoice: invoiceId })).data;
    const paymentIntent = payment!.payment.payment_intent as string;

    const partial = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 200 });
    expect(partial).toMatchObject({ object: "refund", amount: 200, payment_intent: paymentIntent, charge: "ch_test_1", status: "succeeded" });
    const rest = await stripe.refunds.create({ charge: "ch_test_1", reason: "duplicate", metadata: { note: "second" } });
    expect(rest).toMatchObject({ amount: 300, reason: "duplicate", metadata: { note: "second" } });
    await expect(stripe.refunds.create({ payment_intent: paymentIntent })).rejects.toMatchObject({
      statusCode: 400,
      code: "charge_already_refunded",
    });
    await expect(stripe.refunds.create({ payment_intent: "pi_nope" })).rejects.toMatchObject({ statusCode: 400, code: "resource_missing" });
    expect((await stripe.refunds.list({ payment_intent: paymentIntent })).data.map((r) => r.amount).sort()).toEqual([200, 300]);
    expect(await stripe.refunds.retrieve(rest.id)).toEqual(rest);
    expect((await stripeState(mock.url)).refunds).toHaveLength(2);
  });

  it("cancels now with a comment and an idempotency key: a replay answers the same, no second event", async () => {
    const { subscriptionId } = await subscribe();
    hook.received.length = 0;
    const options = { idempotencyKey: `cancel-${subscriptionId}` };
    const first = await stripe.subscriptions.cancel(subscriptionId, { cancellation_details: { comment: "Duplicate" } }, options);
    expect(first).toMatchObject({ status: "canceled", cancellation_details: { comment: "Duplicate", reason: "cancellation_requested" } });
    const replay = await stripe.subscriptions.cancel(subscriptionId, { cancellation_details: { comment: "Duplicate" } }, options);
    expect(replay).toEqual(first);
    await waitForStripeDeliveries(mock.url, 4);
    expect(types()).toEqual(["customer.subscription.deleted"]);
  });
});

describe("subscriptions", () => {
  it("shows the current period on the items", async () => {
    const { customer, subscriptionId } = await subscribe();
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0]!;
    expect(subscription).toMatchObject({
      id: "sub_test_1",
      status: "active",
      customer: customer.id,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      metadata: { user_id: "user-1" },
    });
    expect(item.price).toMatchObject({ id: "price_test_monthly", unit_amount: 500 });
    expect(item.current_period_end - item.current_period_start).toBe(30 * 24 * 60 * 60);
    expect(Math.abs(item.current_period_start - Date.now() / 1000)).toBeLessThan(60);

    const expanded = await stripe.subscriptions.retrieve(subscriptionId, { expand: ["latest_invoice", "customer"] });
    expect(expanded.latest_invoice).toMatchObject({ id: "in_test_1", status: "paid" });
    expect(expanded.customer).toMatchObject({ id: customer.id, email: "user-1@example.com" });

    const listed = await stripe.subscriptions.list({ customer: customer.id });
    expect(listed.data.map((s) => s.id)).toEqual([subscriptionId]);
    expect((await stripe.subscriptions.list({ customer: "cus_other" })).data).toEqual([]);
  });

  it("cancels at period end and renews, each with customer.subscription.updated", async () => {
    const { subscriptionId } = await subscribe();
    hook.received.length = 0;
    const canceled = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const periodEnd = canceled.items.data[0]!.current_period_end;
    expect(canceled).toMatchObject({ status: "active", cancel_at_period_end: true, cancel_at: periodEnd });
    expect(canceled.canceled_at).toEqual(expect.any(Number));
    await waitForStripeDeliveries(mock.url, 4);
    expect(types()).toEqual(["customer.subscription.updated"]);
    expect(hook.received[0]!.event!.data).toMatchObject({
      object: { id: subscriptionId, cancel_at_period_end: true },
      previous_attributes: { cancel_at_period_end: false, cancel_at: null },
    });

    // The same value again changes nothing and sends nothing.
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const renewed = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    expect(renewed).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    await waitForStripeDeliveries(mock.url, 5);
    expect(types()).toEqual(["customer.subscription.updated", "customer.subscription.updated"]);
  });

  it("cancels now with DELETE: canceled, ended, customer.subscription.deleted", async () => {
    const { customer, subscriptionId } = await subscribe();
    hook.received.length = 0;
    const deleted = await stripe.subscriptions.cancel(subscriptionId);
    expect(deleted).toMatchObject({ status: "canceled", ended_at: expect.any(Number), canceled_at: expect.any(Number) });
    await waitForStripeDeliveries(mock.url, 4);
    expect(types()).toEqual(["customer.subscription.deleted"]);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: "all" })).data).toHaveLength(1);
    await expect(stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe("billing portal", () => {
  it("creates a session and lets the customer cancel and renew on the hosted page", async () => {
    const { customer, subscriptionId } = await subscribe();
    hook.received.length = 0;
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: `${APP}/dashboard` });
    expect(portal).toMatchObject({
      id: "bps_test_1",
      object: "billing_portal.session",
      url: `${mock.url}/stripe/portal/bps_test_1`,
      customer: customer.id,
      return_url: `${APP}/dashboard`,
    });

    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    const renewsOn = new Date(sub.items.data[0]!.current_period_end * 1000).toLocaleDateString("en-US", {
      dateStyle: "long",
      timeZone: "UTC",
    });
    let html = await (await fetch(portal.url)).text();
    expect(html).toMatch(/<html lang="en">[\s\S]*<title>[^<]+<\/title>[\s\S]*<main>[\s\S]*<h1>Manage your subscription<\/h1>/);
    expect(html).toContain("<dt>Status</dt><dd>Active</dd>");
    expect(html).toContain(`<dt>Renews on</dt><dd>${renewsOn}</dd>`);
    expect(html).toContain(">Cancel subscription</button>");
    expect(html).not.toContain("Renew subscription");
    expect(html).toContain(`<a class="button secondary" href="${APP}/dashboard">Return to The Write Stuff</a>`);

    const form = new URLSearchParams({ subscription: subscriptionId });
    const cancel = await fetch(`${portal.url}/cancel`, { method: "POST", body: form, redirect: "manual" });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get("location")).toBe("/stripe/portal/bps_test_1?done=canceled");
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(true);
    html = await (await fetch(`${portal.url}?done=canceled`)).text();
    expect(html).toContain(`<dt>Ends on</dt><dd>${renewsOn}</dd>`);
    expect(html).toContain(">Renew subscription</button>");
    expect(html).toContain('role="status"');

    await fetch(`${portal.url}/renew`, { method: "POST", body: form, redirect: "manual" });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(false);
    await waitForStripeDeliveries(mock.url, 5);
    expect(types()).toEqual(["customer.subscription.updated", "customer.subscription.updated"]);
    expect(hook.received.map((r) => (r.event!.data.object as Stripe.Subscription).cancel_at_period_end)).toEqual([
      true,
      false,
    ]);
  });

  it("needs a known customer", async () => {
    await expect(stripe.billingPortal.sessions.create({ customer: "cus_nope" })).rejects.toMatchObject({
      statusCode: 400,
      code: "resource_missing",
      param: "customer",
    });
  });
});

describe("errors", () => {
  it("requires a test secret key (401 in Stripe's error shape)", async () => {
    const missing = await fetch(`${mock.url}/v1/customers`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      error: expect.objectContaining({ type: "invalid_request_error", message: expect.stringContaining("API key") }),
    });
    const live = new Stripe("sk_live_123", {
      host: "127.0.0.1",
      port: Number(new URL(mock.url).port),
      protocol: "http",
      httpClient: Stripe.createFetchHttpClient(),
    });
    await expect(live.customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it("answers 404 in Stripe's error shape for unknown ids", async () => {
    for (const call of [
      () => stripe.customers.retrieve("cus_nope"),
      () => stripe.subscriptions.retrieve("sub_nope"),
      () => stripe.checkout.sessions.retrieve("cs_nope"),
      () => stripe.invoices.retrieve("in_nope"),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 404, code: "resource_missing" });
    }
    const raw = await fetch(`${mock.url}/v1/subscriptions/sub_nope`, { headers: { Authorization: "Bearer sk_test_1" } });
    expect(await raw.json()).toMatchObject({
      error: { type: "invalid_request_error", code: "resource_missing", message: "No such subscription: 'sub_nope'" },
    });
    expect((await fetch(`${mock.url}/stripe/checkout/cs_nope`)).status).toBe(404);
    expect((await fetch(`${mock.url}/stripe/portal/bps_nope`)).status).toBe(404);
  });

  it("leaves other /v1/ paths to the OpenAI stand-in", async () => {
    const response = await fetch(`${mock.url}/v1/models`);
    expect((await response.json()).data[0].id).toBe("demo-model");
  });
});

describe("control actions", () => {
  it("end: the period is over, customer.subscription.deleted", async () => {
    const { subscriptionId } = await subscribe();
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const { events } = await stripeAction(mock.url, { action: "end", subscription: subscriptionId });
    expect(events.map((e) => e.type)).toEqual(["customer.subscription.deleted"]);
    await waitForStripeDeliveries(mock.url, 5);
    expect(types().at(-1)).toBe("customer.subscription.deleted");
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({
      status: "canceled",
      ended_at: expect.any(Number),
    });
    await expect(stripeAction(mock.url, { action: "end", subscription: subscriptionId })).rejects.toThrow(/409/);
    await expect(stripeAction(mock.url, { action: "end", subscription: "sub_nope" })).rejects.toThrow(/404/);
  });

  it("payment_failed: past_due with an open invoice, invoice.payment_failed", async () => {
    const { subscriptionId } = await subscribe();
    hook.received.length = 0;
    await stripeAction(mock.url, { action: "payment_failed", subscription: subscriptionId });
    await waitForStripeDeliveries(mock.url, 5);
    expect(types()).toEqual(["invoice.payment_failed", "customer.subscription.updated"]);
    const invoice = hook.received[0]!.event!.data.object as Stripe.Invoice;
    expect(invoice).toMatchObject({
      id: "in_test_2",
      status: "open",
      amount_paid: 0,
      amount_due: 500,
      parent: { subscription_details: { subscription: subscriptionId } },
    });
    expect(hook.received[1]!.event!.data).toMatchObject({
      object: { status: "past_due", latest_invoice: "in_test_2" },
      previous_attributes: { status: "active", latest_invoice: "in_test_1" },
    });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("past_due");
  });

  it("renew: the next period, invoice.paid and customer.subscription.updated", async () => {
    const { subscriptionId } = await subscribe();
    const before = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!;
    await stripeAction(mock.url, { action: "payment_failed", subscription: subscriptionId });
    await stripeAction(mock.url, { action: "renew", subscription: subscriptionId });
    await waitForStripeDeliveries(mock.url, 7);
    expect(types().slice(-2)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    const after = await stripe.subscriptions.retrieve(subscriptionId);
    expect(after.status).toBe("active");
    expect(after.items.data[0]!.current_period_start).toBe(before.current_period_end);
    expect(after.items.data[0]!.current_period_end).toBe(before.current_period_end + 30 * 24 * 60 * 60);
    expect(after.latest_invoice).toBe("in_test_3");
  });

  it("duplicate: every event delivered twice", async () => {
    await configureStripe(mock.url, { deliveryMode: "duplicate" });
    await subscribe();
    const state = await waitForStripeDeliveries(mock.url, 6);
    expect(state.deliveries.map((d) => d.eventId)).toEqual([
      "evt_test_1",
      "evt_test_1",
      "evt_test_2",
      "evt_test_2",
      "evt_test_3",
      "evt_test_3",
    ]);
    expect(hook.received[0]!.body).toBe(hook.received[1]!.body);
    expect(state.deliveries.every((d) => d.status === 200)).toBe(true);
  });

  it("reverse: the events of one action arrive last-first", async () => {
    await configureStripe(mock.url, { deliveryMode: "reverse" });
    await subscribe();
    expect(types()).toEqual(["invoice.paid", "customer.subscription.created", "checkout.session.completed"]);
  });

  it("hold: nothing goes out until flush", async () => {
    await configureStripe(mock.url, { deliveryMode: "hold" });
    const { session } = await openCheckout();
    await payStripeCheckout(session.url!);
    const sub = await stripe.subscriptions.update("sub_test_1", { cancel_at_period_end: true });
    expect(sub.cancel_at_period_end).toBe(true);
    let state = await stripeState(mock.url, { settle: true });
    expect(state.heldEvents).toEqual(["evt_test_1", "evt_test_2", "evt_test_3", "evt_test_4"]);
    expect(state.deliveries).toEqual([]);
    expect(hook.received).toEqual([]);

    const { events } = await stripeAction(mock.url, { action: "flush", order: "reverse" });
    expect(events.map((e) => e.id)).toEqual(["evt_test_4", "evt_test_3", "evt_test_2", "evt_test_1"]);
    state = await waitForStripeDeliveries(mock.url, 4);
    expect(state.heldEvents).toEqual([]);
    expect(types()).toEqual([
      "customer.subscription.updated",
      "invoice.paid",
      "customer.subscription.created",
      "checkout.session.completed",
    ]);
  });

  it("queues events while no webhookUrl is set and sends them once it is", async () => {
    await configureStripe(mock.url, { webhookUrl: null });
    const { session } = await openCheckout();
    await payStripeCheckout(session.url!);
    let state = await stripeState(mock.url, { settle: true });
    expect(state.events).toHaveLength(3);
    expect(state.deliveries).toEqual([]);
    expect(state.queuedDeliveries).toBe(3);
    await configureStripe(mock.url, { webhookUrl: hook.url });
    state = await waitForStripeDeliveries(mock.url, 3);
    expect(state.queuedDeliveries).toBe(0);
    expect(types()).toEqual(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]);
  });

  it("records the webhook's answer, and redelivers a stored event", async () => {
    hook.status = 500;
    await subscribe();
    let state = await stripeState(mock.url);
    expect(state.deliveries.map((d) => d.status)).toEqual([500, 500, 500]);
    hook.status = 200;
    const { events } = await stripeAction(mock.url, { action: "redeliver", event: "evt_test_2" });
    expect(events.map((e) => e.id)).toEqual(["evt_test_2"]);
    state = await waitForStripeDeliveries(mock.url, 4);
    expect(state.deliveries.at(-1)).toMatchObject({ n: 4, eventId: "evt_test_2", status: 200, signature: "valid" });
    expect(hook.received.at(-1)!.body).toBe(hook.received[1]!.body);
  });

  it("sends an arbitrary signed event, e.g. for an unknown customer", async () => {
    const object = { id: "sub_elsewhere", object: "subscription", customer: "cus_unknown", status: "active" };
    const { events } = await stripeAction(mock.url, {
      action: "send",
      event: { type: "customer.subscription.updated", data: { object } },
    });
    expect(events[0]).toMatchObject({ id: "evt_test_1", type: "customer.subscription.updated", data: { object } });
    await waitForStripeDeliveries(mock.url, 1);
    expect(hook.received[0]!.event).toMatchObject({ id: "evt_test_1", data: { object } });
  });

  it("delivers unsigned and badly signed events, which the webhook refuses", async () => {
    await subscribe();
    await stripeAction(mock.url, { action: "send_unsigned", event: "evt_test_1" });
    await stripeAction(mock.url, { action: "send_bad_signature" });
    await stripeAction(mock.url, {
      action: "send_bad_signature",
      event: { type: "invoice.paid", data: { object: { id: "in_x", object: "invoice" } } },
    });
    const state = await waitForStripeDeliveries(mock.url, 6);
    expect(state.deliveries.slice(3).map(({ eventId, status, signature }) => ({ eventId, status, signature }))).toEqual([
      { eventId: "evt_test_1", status: 400, signature: "missing" },
      { eventId: "evt_test_3", status: 400, signature: "invalid" },
      { eventId: "evt_test_4", status: 400, signature: "invalid" },
    ]);
    expect(hook.received[3]!.header).toBeNull();
    expect(hook.received[4]!.header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(hook.received[4]!.error).toMatch(/No signatures found matching the expected signature/);
  });
});

describe("control API", () => {
  it("validates settings", async () => {
    for (const body of [{ webhookUrll: "x" }, { deliveryMode: "sideways" }, { webhookUrl: "ftp://x" }, { webhookSecret: "" }]) {
      const response = await fetch(`${mock.url}/__control/stripe`, { method: "POST", body: JSON.stringify(body) });
      expect(response.status).toBe(400);
    }
    await expect(stripeAction(mock.url, { action: "redeliver", event: "evt_nope" })).rejects.toThrow(/404/);
  });

  it("reset keeps the webhook wiring unless told to forget everything", async () => {
    await configureStripe(mock.url, { deliveryMode: "hold", priceId: "price_other" });
    await stripe.customers.create({ email: "a@example.com" });
    let state = await resetStripe(mock.url);
    expect(state.settings).toEqual({
      webhookUrl: hook.url,
      webhookSecret: SECRET,
      priceId: "price_test_monthly",
      deliveryMode: "normal",
      publicUrl: null,
    });
    expect(state.customers).toEqual([]);
    expect((await stripe.customers.create({ email: "b@example.com" })).id).toBe("cus_test_1");
    state = await resetStripe(mock.url, { everything: true });
    expect(state.settings).toMatchObject({ webhookUrl: null, webhookSecret: "whsec_test_standin" });
  });

  it("uses publicUrl for the hosted pages' URLs", async () => {
    await configureStripe(mock.url, { publicUrl: "http://stripe.localhost:9999/" });
    const { session } = await openCheckout();
    expect(session.url).toBe("http://stripe.localhost:9999/stripe/checkout/cs_test_1");
  });
});
