/**
 * Subscriptions through the Worker (issue 5, decision 008): Subscribe Now, Cancel and Resume for
 * the signed-in writer only, and Stripe's webhooks — verified, deduplicated and re-read from
 * Stripe, so duplicate and out-of-order deliveries end in Stripe's current state.
 *
 * The Stripe stand-in is the shared mock server (tests/worker/global-setup.ts). The Worker under
 * Vitest has no port the stand-in could POST to, so its webhook URL stays unset: events it emits
 * are only stored, and these tests take them from its state and deliver them to the Worker
 * themselves, signed with the Worker's STRIPE_WEBHOOK_SECRET. Every test works on its own
 * customers and subscriptions and never resets or reconfigures the stand-in. The tests of this
 * file run one after another (the "nothing at Stripe" checks rely on that).
 */
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { billingTexts } from "~/messages/billing";
import { payStripeCheckout, stripeAction, stripeState, type StripeEvent, type StripeObject, type StripeState } from "../mocks/stripe-control";
import { type SignedUpUser, signUp } from "./support/accounts";
import { Browser, ORIGIN } from "./support/browser";
import { counters, execute, type SubscriptionRow } from "./support/db";
import {
  generateOk,
  modelRequests,
  postGenerate,
  refusal,
  STAND_IN_URL,
  uniqueMarker,
} from "./support/generation";
import { visibleText } from "./support/html";

const DENIED = { status: 403, title: "Action Denied", error: "Please subscribe or renew to continue." };
const ADMIN_MESSAGE = "Admin accounts have unlimited access and need no subscription.";
const NO_SUBSCRIPTION_MESSAGE = "You have no active subscription to change.";
/** What every API route answers to a method it does not take (with its Allow header). */
const METHOD_NOT_ALLOWED = { error: "Method Not Allowed", title: "Error" };

// ---- D1 ----------------------------------------------------------------------------------------

type BillingRow = SubscriptionRow & {
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  subscription_status: string | null;
  cancel_at_period_end: number;
  updated_at: number;
};

async function billingRow(userId: string): Promise<BillingRow> {
  const row = await env.DB.prepare("SELECT * FROM user_subscriptions WHERE user_id = ?").bind(userId).first<BillingRow>();
  if (!row) throw new Error(`no subscription row for ${userId}`);
  return row;
}

/** The stripe_events rows of these event ids (one row per processed id). */
async function stripeEventRows(ids: string[]): Promise<{ id: string; type: string }[]> {
  if (ids.length === 0) return [];
  const { results } = await env.DB.prepare(
    `SELECT id, type FROM stripe_events WHERE id IN (${ids.map(() => "?").join(", ")}) ORDER BY id`,
  )
    .bind(...ids)
    .all<{ id: string; type: string }>();
  return results;
}

async function usersWithCustomer(customerId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT user_id FROM user_subscriptions WHERE stripe_customer_id = ?")
    .bind(customerId)
    .all<{ user_id: string }>();
  return results.map((row) => row.user_id);
}

// ---- Billing API -------------------------------------------------------------------------------

type SubscribeAnswer = { checkout_url: string; kind: "checkout" | "portal" };

/** POST /api/billing/:intent from the dashboard (same origin, no body unless given). */
function postBilling(
  browser: Browser,
  intent: string,
  body: BodyInit | null = null,
  headers: Record<string, string> = {},
): Promise<Response> {
  return browser.postRaw(`/api/billing/${intent}`, body, { Accept: "application/json", ...headers });
}

async function subscribeOk(browser: Browser): Promise<SubscribeAnswer> {
  const response = await postBilling(browser, "subscribe");
  expect(response.status, "POST /api/billing/subscribe").toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return (await response.json()) as SubscribeAnswer;
}

const lastSegment = (url: string) => new URL(url).pathname.split("/").pop()!;

// ---- The Stripe stand-in ------------------------------------------------------------------------

const standIn = () => stripeState(STAND_IN_URL);

function byId(objects: StripeObject[], id: string): StripeObject {
  const found = objects.find((object) => object.id === id);
  if (!found) throw new Error(`the stand-in has no ${id}`);
  return found;
}

/** The one stored event of `type` whose object matches. */
function theEvent(state: StripeState, type: string, matches: (object: StripeObject) => boolean): StripeEvent {
  const found = state.events.filter((event) => event.type === type && matches(event.data.object));
  expect(found, `${type} events`).toHaveLength(1);
  return found[0]!;
}

const invoiceSubscription = (invoice: StripeObject) =>
  (invoice.parent as { subscription_details?: { subscription?: string } } | null)?.subscription_details?.subscription;

/** The Stripe API as the app calls it (the stand-in checks only the `sk_test_` form of the key). */
async function stripeApi(method: string, path: string, form?: Record<string, string>): Promise<StripeObject> {
  const response = await fetch(`${env.STRIPE_API_BASE}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${env.STRIPE_SECRET_KEY}`,
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: form ? new URLSearchParams(form) : undefined,
  });
  if (!response.ok) throw new Error(`stand-in ${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as StripeObject;
}

/** The newest `customer.subscription.updated` event of a subscription. */
async function latestUpdate(subscriptionId: string): Promise<StripeEvent> {
  const updates = (await standIn()).events.filter(
    (event) => event.type === "customer.subscription.updated" && event.data.object.id === subscriptionId,
  );
  const latest = updates.at(-1);
  if (!latest) throw new Error(`no customer.subscription.updated for ${subscriptionId}`);
  return latest;
}

// ---- Webhooks ------------------------------------------------------------------------------------

const encoder = new TextEncoder();

/** Stripe's `Stripe-Signature`: `t=<seconds>,v1=<hex HMAC-SHA256(secret, "t.payload")>`. */
async function signature(
  payload: string,
  { secret = env.STRIPE_WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000) }: { secret?: string; timestamp?: number } = {},
): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${payload}`));
  const hex = [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `t=${timestamp},v1=${hex}`;
}

const payloadOf = (event: StripeEvent | Record<string, unknown>) => JSON.stringify(event, null, 2);

/** POST /api/stripe/webhook the way Stripe does (no cookies, no Origin). */
function postWebhook(payload: string, stripeSignature: string | null): Promise<Response> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json; charset=utf-8",
    "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
  };
  if (stripeSignature !== null) headers["Stripe-Signature"] = stripeSignature;
  return exports.default.fetch(new URL("/api/stripe/webhook", ORIGIN), { method: "POST", headers, body: payload });
}

/** Delivers an event, correctly signed; answers the webhook's JSON (it must be 200). */
async function deliver(event: StripeEvent | Record<string, unknown>): Promise<Record<string, unknown>> {
  const payload = payloadOf(event);
  const response = await postWebhook(payload, await signature(payload));
  const body = await response.text();
  expect(response.status, `webhook ${String(event.type)}: ${body}`).toBe(200);
  return JSON.parse(body) as Record<string, unknown>;
}

// ---- Scenarios -------------------------------------------------------------------------------------

type Paid = {
  user: SignedUpUser;
  customerId: string;
  subscriptionId: string;
  periodEndMs: number;
  completed: StripeEvent;
  created: StripeEvent;
  invoicePaid: StripeEvent;
};

/** Subscribe Now and pay at the stand-in's checkout; answers the emitted events, not yet delivered. */
async function payCheckout(user?: SignedUpUser): Promise<Paid> {
  user ??= await signUp();
  const { checkout_url, kind } = await subscribeOk(user.browser);
  expect(kind).toBe("checkout");
  expect(await payStripeCheckout(checkout_url)).toEqual({ status: 303, location: `${ORIGIN}/dashboard?checkout=success` });

  const state = await standIn();
  const session = byId(state.sessions, lastSegment(checkout_url));
  const customerId = session.customer as string;
  const subscriptionId = session.subscription as string;
  expect(subscriptionId).toMatch(/^sub_/);
  const subscription = byId(state.subscriptions, subscriptionId);
  const items = (subscription.items as { data: { current_period_end: number }[] }).data;
  return {
    user,
    customerId,
    subscriptionId,
    periodEndMs: Math.max(...items.map((item) => item.current_period_end)) * 1000,
    completed: theEvent(state, "checkout.session.completed", (object) => object.id === session.id),
    created: theEvent(state, "customer.subscription.created", (object) => object.id === subscriptionId),
    invoicePaid: theEvent(state, "invoice.paid", (object) => invoiceSubscription(object) === subscriptionId),
  };
}

/** A writer with an active subscription: paid, and the three events delivered in order. */
async function subscribedWriter(user?: SignedUpUser): Promise<Paid> {
  const paid = await payCheckout(user);
  for (const event of [paid.completed, paid.created, paid.invoicePaid]) await deliver(event);
  expect(await billingRow(paid.user.userId)).toMatchObject({ is_subscribed: 1, stripe_subscription_id: paid.subscriptionId });
  return paid;
}

const initial = (marker: string) => ({ kind: "initial" as const, tool: "poetry", element: "imagery", fields: { premise: marker } });

afterEach(() => {
  vi.restoreAllMocks();
});

// ---------------------------------------------------------------------------------------------------

describe("POST /api/billing/subscribe", () => {
  it("signed out → 401 'User must be logged in to create subscription', nothing at Stripe", async () => {
    const before = await standIn();
    const response = await postBilling(new Browser(), "subscribe");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "User must be logged in to create subscription", title: "Error" });
    const after = await standIn();
    expect(after.customers).toHaveLength(before.customers.length);
    expect(after.sessions).toHaveLength(before.sessions.length);
  });

  it("signed out cancel and resume → 401", async () => {
    for (const intent of ["cancel", "resume"]) {
      const response = await postBilling(new Browser(), intent);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: billingTexts.signedOut, title: "Error" });
    }
  });

  it("a trial user gets a Checkout session at the stand-in, for this user, with a customer stored and reused", async () => {
    const user = await signUp();
    const first = await subscribeOk(user.browser);
    expect(first.kind).toBe("checkout");
    expect(first.checkout_url.startsWith(`${STAND_IN_URL}/stripe/checkout/cs_`)).toBe(true);

    const row = await billingRow(user.userId);
    expect(row.stripe_customer_id).toMatch(/^cus_/);
    expect(row).toMatchObject({ is_subscribed: 0, stripe_subscription_id: null, subscription_status: null });

    const state = await standIn();
    const session = byId(state.sessions, lastSegment(first.checkout_url));
    expect(session).toMatchObject({
      mode: "subscription",
      status: "open",
      client_reference_id: user.userId,
      customer: row.stripe_customer_id,
      success_url: `${ORIGIN}/dashboard?checkout=success`,
      cancel_url: `${ORIGIN}/dashboard?checkout=cancelled`,
      metadata: { user_id: user.userId },
    });
    expect(byId(state.customers, row.stripe_customer_id!)).toMatchObject({
      email: user.email,
      metadata: { user_id: user.userId },
    });

    // Subscribe Now again (another tab, a double click): the same open session, the same
    // customer — a second payable Checkout would allow a second subscription (issue 11).
    const second = await subscribeOk(user.browser);
    expect(second.kind).toBe("checkout");
    expect(second.checkout_url).toBe(first.checkout_url);
    const again = await standIn();
    expect(again.sessions.filter((item) => item.customer === row.stripe_customer_id)).toHaveLength(1);
    expect(byId(again.sessions, lastSegment(second.checkout_url))).toMatchObject({
      status: "open",
      client_reference_id: user.userId,
      customer: row.stripe_customer_id,
    });
    expect(again.customers.filter((customer) => (customer.metadata as Record<string, string>).user_id === user.userId)).toHaveLength(1);
    expect((await billingRow(user.userId)).stripe_customer_id).toBe(row.stripe_customer_id);
  });

  it("a body naming another user (JSON or form) still subscribes only the signed-in user", async () => {
    const me = await signUp();
    const other = await signUp();
    const naming = {
      user_id: other.userId,
      userId: other.userId,
      email: other.email,
      client_reference_id: other.userId,
      customer: "cus_someone_else",
    };

    const asJson = await postBilling(me.browser, "subscribe", JSON.stringify(naming), { "Content-Type": "application/json" });
    const asForm = await postBilling(me.browser, "subscribe", new URLSearchParams(naming).toString(), {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    const mine = await billingRow(me.userId);
    const state = await standIn();
    for (const response of [asJson, asForm]) {
      expect(response.status).toBe(200);
      const answer = (await response.json()) as SubscribeAnswer;
      expect(answer.kind).toBe("checkout");
      expect(byId(state.sessions, lastSegment(answer.checkout_url))).toMatchObject({
        client_reference_id: me.userId,
        customer: mine.stripe_customer_id,
        metadata: { user_id: me.userId },
      });
    }
    expect(byId(state.customers, mine.stripe_customer_id!)).toMatchObject({ email: me.email });
    // The other user got nothing: no customer on their row, none at Stripe.
    expect((await billingRow(other.userId)).stripe_customer_id).toBeNull();
    expect(state.customers.filter((customer) => (customer.metadata as Record<string, string>).user_id === other.userId)).toEqual([]);
    expect(state.sessions.filter((session) => session.client_reference_id === other.userId)).toEqual([]);
  });

  it("an admin → 409, no customer created", async () => {
    const admin = await signUp();
    await execute("UPDATE user_subscriptions SET is_admin = 1 WHERE user_id = ?", admin.userId);
    const before = await standIn();
    const response = await postBilling(admin.browser, "subscribe");
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: ADMIN_MESSAGE, title: "Error" });
    expect((await billingRow(admin.userId)).stripe_customer_id).toBeNull();
    expect((await standIn()).customers).toHaveLength(before.customers.length);
  });

  it("a subscriber gets the Billing Portal (kind 'portal') for their own customer", async () => {
    const { user, customerId } = await subscribedWriter();
    const answer = await subscribeOk(user.browser);
    expect(answer.kind).toBe("portal");
    expect(answer.checkout_url.startsWith(`${STAND_IN_URL}/stripe/portal/bps_`)).toBe(true);
    expect(byId((await standIn()).portalSessions, lastSegment(answer.checkout_url))).toMatchObject({
      customer: customerId,
      return_url: `${ORIGIN}/dashboard`,
    });
  });
});

describe("Subscribe Now before the webhook has landed", () => {
  it("a second Subscribe Now after paying (webhook still on its way) opens the Portal, not a second Checkout", async () => {
    const { user, customerId, subscriptionId, periodEndMs } = await payCheckout();
    // No event delivered: the row still says "not subscribed".
    expect(await billingRow(user.userId)).toMatchObject({ is_subscribed: 0 });
    const sessionsBefore = (await standIn()).sessions.length;

    const answer = await subscribeOk(user.browser);
    expect(answer.kind).toBe("portal");
    expect(byId((await standIn()).portalSessions, lastSegment(answer.checkout_url))).toMatchObject({ customer: customerId });
    expect((await standIn()).sessions.length).toBe(sessionsBefore);
    // Stripe's word was applied on the way.
    expect(await billingRow(user.userId)).toMatchObject({
      is_subscribed: 1,
      stripe_subscription_id: subscriptionId,
      subscription_end_date: periodEndMs,
    });
  });
});

describe("POST /api/stripe/webhook: verification", () => {
  it("missing, bad, foreign-secret and stale signatures → 400, and nothing changes in D1", async () => {
    const paid = await payCheckout();
    const before = await billingRow(paid.user.userId);
    const events = [paid.completed, paid.created, paid.invoicePaid];
    const ids = events.map((event) => event.id);

    for (const event of events) {
      const payload = payloadOf(event);
      const now = Math.floor(Date.now() / 1000);
      const valid = await signature(payload);
      const v1 = valid.split(",v1=")[1]!;
      const attempts: [string, string | null][] = [
        ["no Stripe-Signature header", null],
        ["an empty header", ""],
        ["garbage", "not-a-signature"],
        ["a v1 of the wrong length", `t=${now},v1=abc123`],
        ["a flipped signature", `t=${now},v1=${v1.slice(0, -1)}${v1.endsWith("0") ? "1" : "0"}`],
        ["the signature of another payload", await signature(`${payload} `)],
        ["a signature without its timestamp", `v1=${v1}`],
        ["another secret", await signature(payload, { secret: "whsec_not_the_worker_secret" })],
        ["the stand-in's default secret", await signature(payload, { secret: "whsec_test_standin" })],
        ["a timestamp 6 minutes old", await signature(payload, { timestamp: now - 6 * 60 })],
        ["a valid signature sent with another timestamp", `t=${now - 1},v1=${v1}`],
      ];
      for (const [what, header] of attempts) {
        const response = await postWebhook(payload, header);
        expect(response.status, what).toBe(400);
        expect(response.headers.get("Content-Type"), what).toMatch(/^application\/json/);
        expect(await response.json(), what).toEqual({ error: expect.any(String), title: "Error" });
      }
      // A signed body that was altered after signing.
      const tampered = payload.replace(paid.user.userId, "someone-else");
      expect((await postWebhook(tampered, valid)).status).toBe(400);
    }

    expect(await stripeEventRows(ids)).toEqual([]);
    expect(await billingRow(paid.user.userId)).toEqual(before);
    expect(before).toMatchObject({ is_subscribed: 0, stripe_subscription_id: null, subscription_status: null });
  });
});

describe("POST /api/stripe/webhook: applying Stripe's state", () => {
  it("a paid checkout: the user becomes subscribed with Stripe's period end, and the events are recorded", async () => {
    const paid = await payCheckout();
    const { user, customerId, subscriptionId, periodEndMs } = paid;
    const trial = await billingRow(user.userId);

    expect(await deliver(paid.completed)).toEqual({ received: true });
    expect(await deliver(paid.created)).toEqual({ received: true });
    expect(await deliver(paid.invoicePaid)).toEqual({ received: true });

    const row = await billingRow(user.userId);
    expect(row).toMatchObject({
      is_subscribed: 1,
      subscription_status: "active",
      subscription_end_date: periodEndMs,
      stripe_customer_id: customerId,
      stripe_subscription_id: subscriptionId,
      cancel_at_period_end: 0,
      // The trial's counters are left as they were.
      queries_remaining: trial.queries_remaining,
      queries_used: trial.queries_used,
      trial_end_date: trial.trial_end_date,
    });
    expect(periodEndMs).toBeGreaterThan(Date.now());
    expect(await stripeEventRows([paid.completed.id, paid.created.id, paid.invoicePaid.id])).toEqual(
      [
        { id: paid.completed.id, type: "checkout.session.completed" },
        { id: paid.created.id, type: "customer.subscription.created" },
        { id: paid.invoicePaid.id, type: "invoice.paid" },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );

    // The dashboard says so.
    const html = await (await user.browser.get("/dashboard")).text();
    expect(visibleText(html)).toContain(billingTexts.active);
  });

  it("each event alone is enough: invoice.paid first, on its own, subscribes the user", async () => {
    const paid = await payCheckout();
    await deliver(paid.invoicePaid);
    expect(await billingRow(paid.user.userId)).toMatchObject({
      is_subscribed: 1,
      subscription_status: "active",
      subscription_end_date: paid.periodEndMs,
      stripe_subscription_id: paid.subscriptionId,
    });
  });

  it("a duplicate delivery answers 200 and has no second effect", async () => {
    const paid = await payCheckout();
    for (const event of [paid.completed, paid.created, paid.invoicePaid]) await deliver(event);
    const row = await billingRow(paid.user.userId);

    for (const event of [paid.completed, paid.created, paid.invoicePaid, paid.created]) {
      expect(await deliver(event)).toEqual({ received: true, duplicate: true });
    }
    // Not even updated_at moved: the repeats did no work.
    expect(await billingRow(paid.user.userId)).toEqual(row);
    const rows = await stripeEventRows([paid.completed.id, paid.created.id, paid.invoicePaid.id]);
    expect(rows.map((r) => r.id).sort()).toEqual([paid.completed.id, paid.created.id, paid.invoicePaid.id].sort());
  });

  it("out of order: subscription.updated (cancel at period end) before subscription.created ends in Stripe's current state", async () => {
    const paid = await payCheckout();
    const { user, subscriptionId } = paid;
    // The writer cancels in the Billing Portal before any webhook has arrived.
    const cancelled = await stripeApi("POST", `/v1/subscriptions/${subscriptionId}`, { cancel_at_period_end: "true" });
    expect(cancelled.cancel_at_period_end).toBe(true);
    const updated = await latestUpdate(subscriptionId);
    expect(updated.data.object.cancel_at_period_end).toBe(true);

    await deliver(updated);
    const afterUpdate = await billingRow(user.userId);
    expect(afterUpdate).toMatchObject({
      is_subscribed: 1,
      subscription_status: "active",
      cancel_at_period_end: 1,
      subscription_end_date: paid.periodEndMs,
      stripe_subscription_id: subscriptionId,
    });

    // The older events arrive late; their snapshots say "not cancelling" but Stripe says otherwise.
    expect(paid.created.data.object.cancel_at_period_end).toBe(false);
    for (const event of [paid.created, paid.completed, paid.invoicePaid]) await deliver(event);
    expect(await billingRow(user.userId)).toMatchObject({
      is_subscribed: 1,
      subscription_status: "active",
      cancel_at_period_end: 1,
      subscription_end_date: paid.periodEndMs,
      stripe_subscription_id: subscriptionId,
    });
    expect(await stripeEventRows([updated.id, paid.created.id, paid.completed.id, paid.invoicePaid.id])).toHaveLength(4);
  });

  it("a failed renewal: past_due keeps access, and the dashboard asks for a new card", async () => {
    const paid = await subscribedWriter();
    const { events } = await stripeAction(STAND_IN_URL, { action: "payment_failed", subscription: paid.subscriptionId });
    expect(events.map((event) => event.type)).toEqual(["invoice.payment_failed", "customer.subscription.updated"]);
    for (const event of events) await deliver(event);

    expect(await billingRow(paid.user.userId)).toMatchObject({
      is_subscribed: 1,
      subscription_status: "past_due",
      subscription_end_date: paid.periodEndMs,
      cancel_at_period_end: 0,
    });
    const response = await paid.user.browser.get("/dashboard");
    expect(response.status).toBe(200);
    expect(visibleText(await response.text())).toContain(billingTexts.pastDue);
    // Still allowed to generate.
    expect((await generateOk(paid.user.browser, initial(uniqueMarker()))).queriesRemaining).toBeNull();
  });

  it("a subscriber generates beyond the trial uncounted; when Stripe ends the subscription, the spent trial is denied", async () => {
    const user = await signUp();
    // The trial is used up.
    await execute("UPDATE user_subscriptions SET queries_remaining = 0, queries_used = 5 WHERE user_id = ?", user.userId);
    expect(await refusal(await postGenerate(user.browser, initial(uniqueMarker())))).toEqual(DENIED);

    const paid = await subscribedWriter(user);
    for (let turn = 0; turn < 6; turn += 1) {
      expect((await generateOk(user.browser, initial(uniqueMarker()))).queriesRemaining).toBeNull();
    }
    expect(await counters(user.userId)).toEqual({ remaining: 0, used: 5 });

    const { events } = await stripeAction(STAND_IN_URL, { action: "end", subscription: paid.subscriptionId });
    expect(events.map((event) => event.type)).toEqual(["customer.subscription.deleted"]);
    await deliver(events[0]!);
    const endedAt = (byId((await standIn()).subscriptions, paid.subscriptionId).ended_at as number) * 1000;
    expect(await billingRow(user.userId)).toMatchObject({
      is_subscribed: 0,
      subscription_status: "canceled",
      subscription_end_date: endedAt,
      cancel_at_period_end: 0,
      stripe_subscription_id: paid.subscriptionId,
      stripe_customer_id: paid.customerId,
    });

    const marker = uniqueMarker();
    expect(await refusal(await postGenerate(user.browser, initial(marker)))).toEqual(DENIED);
    expect(await modelRequests(marker)).toEqual([]);
    expect(await counters(user.userId)).toEqual({ remaining: 0, used: 5 });

    // Late copies of the old events cannot bring access back.
    for (const event of [paid.created, paid.invoicePaid]) await deliver(event);
    expect(await billingRow(user.userId)).toMatchObject({ is_subscribed: 0, subscription_status: "canceled" });

    // Subscribe Now again: a new Checkout for the same customer.
    const again = await subscribeOk(user.browser);
    expect(again.kind).toBe("checkout");
    expect(byId((await standIn()).sessions, lastSegment(again.checkout_url)).customer).toBe(paid.customerId);
  });

  it("an event for a customer no user has: 200, logged, nothing changed", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const bystander = await subscribedWriter();
    const bystanderRow = await billingRow(bystander.user.userId);
    const tag = crypto.randomUUID().slice(0, 8);
    const customerId = `cus_unknown_${tag}`;
    const subscriptionId = `sub_unknown_${tag}`;
    const now = Math.floor(Date.now() / 1000);
    const subscription = {
      id: subscriptionId,
      object: "subscription",
      customer: customerId,
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      ended_at: null,
      // Not ASCII: the signature covers the raw UTF-8 bytes.
      metadata: { note: "Zoë ✓ 写作" },
      items: { object: "list", data: [{ id: `si_unknown_${tag}`, object: "subscription_item", current_period_end: now + 86_400 }] },
    };
    const event = (type: string, object: Record<string, unknown>) => ({
      id: `evt_unknown_${type}_${tag}`,
      object: "event",
      api_version: "2026-10-28.endive",
      created: now,
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    const unknownEvents = [
      event("customer.subscription.updated", subscription),
      event("customer.subscription.deleted", { ...subscription, status: "canceled", ended_at: now }),
      // A completed checkout of an unknown customer naming an existing user who already has a customer.
      event("checkout.session.completed", {
        id: `cs_unknown_${tag}`,
        object: "checkout.session",
        customer: customerId,
        subscription: subscriptionId,
        client_reference_id: bystander.user.userId,
        mode: "subscription",
        status: "complete",
      }),
      // … and one naming no user at all.
      event("invoice.paid", {
        id: `in_unknown_${tag}`,
        object: "invoice",
        customer: customerId,
        parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId, metadata: {} } },
      }),
    ];
    for (const unknown of unknownEvents) expect(await deliver(unknown)).toEqual({ received: true });

    for (const unknown of unknownEvents) {
      expect(warn.mock.calls.some((call) => String(call[0]).includes(unknown.id) && String(call[0]).includes(customerId))).toBe(true);
    }
    expect(await usersWithCustomer(customerId)).toEqual([]);
    expect(await billingRow(bystander.user.userId)).toEqual(bystanderRow);
    const { results } = await env.DB.prepare("SELECT user_id FROM user_subscriptions WHERE stripe_subscription_id = ?")
      .bind(subscriptionId)
      .all();
    expect(results).toEqual([]);
  });
});

describe("POST /api/stripe/webhook: failures Stripe retries", () => {
  it("Stripe cannot answer for the subscription → 500 and the event is not recorded (so a retry is processed)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const paid = await subscribedWriter();
    const row = await billingRow(paid.user.userId);
    const tag = crypto.randomUUID().slice(0, 8);
    const missing = {
      ...paid.created,
      id: `evt_missing_${tag}`,
      type: "customer.subscription.updated",
      data: { object: { ...paid.created.data.object, id: `sub_missing_${tag}` } },
    };
    const payload = payloadOf(missing);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await postWebhook(payload, await signature(payload));
      expect(response.status).toBe(500);
      await response.body?.cancel();
    }
    expect(await stripeEventRows([missing.id])).toEqual([]);
    expect(await billingRow(paid.user.userId)).toEqual(row);
  });

  it("an oversized body → 413, nothing recorded", async () => {
    const paid = await payCheckout();
    const before = await billingRow(paid.user.userId);
    const big = { ...paid.created, data: { object: { ...paid.created.data.object, padding: "x".repeat(600 * 1024) } } };
    const payload = payloadOf(big);
    const response = await postWebhook(payload, await signature(payload));
    expect(response.status).toBe(413);
    expect(await stripeEventRows([paid.created.id])).toEqual([]);
    expect(await billingRow(paid.user.userId)).toEqual(before);
  });
});

describe("POST /api/billing/cancel and /resume", () => {
  it("cancel sets cancel at period end at Stripe and on the row (still subscribed); resume undoes it", async () => {
    const paid = await subscribedWriter();
    const { user, subscriptionId, periodEndMs } = paid;

    const cancel = await postBilling(user.browser, "cancel");
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toEqual({ ok: true, endsAt: new Date(periodEndMs).toISOString() });
    expect(await billingRow(user.userId)).toMatchObject({
      is_subscribed: 1,
      subscription_status: "active",
      cancel_at_period_end: 1,
      subscription_end_date: periodEndMs,
    });
    expect(byId((await standIn()).subscriptions, subscriptionId)).toMatchObject({
      cancel_at_period_end: true,
      status: "active",
    });
    // Stripe's webhook for the change confirms the same state.
    await deliver(await latestUpdate(subscriptionId));
    expect(await billingRow(user.userId)).toMatchObject({ is_subscribed: 1, cancel_at_period_end: 1 });
    const html = visibleText(await (await user.browser.get("/dashboard")).text());
    expect(html).toContain("Your subscription ends on");

    const resume = await postBilling(user.browser, "resume");
    expect(resume.status).toBe(200);
    expect(await resume.json()).toEqual({ ok: true, endsAt: new Date(periodEndMs).toISOString() });
    expect(await billingRow(user.userId)).toMatchObject({ is_subscribed: 1, subscription_status: "active", cancel_at_period_end: 0 });
    expect(byId((await standIn()).subscriptions, subscriptionId)).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    await deliver(await latestUpdate(subscriptionId));
    expect(await billingRow(user.userId)).toMatchObject({ is_subscribed: 1, cancel_at_period_end: 0 });
  });

  it("a user without a subscription → 409, and nothing happens at Stripe", async () => {
    const user = await signUp();
    const before = await standIn();
    for (const intent of ["cancel", "resume"]) {
      const response = await postBilling(user.browser, intent);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: NO_SUBSCRIPTION_MESSAGE, title: "Error" });
    }
    const after = await standIn();
    expect(after.subscriptions).toEqual(before.subscriptions);
    expect(after.events).toHaveLength(before.events.length);
    expect(after.customers).toHaveLength(before.customers.length);
  });

  it("user B cannot cancel A's subscription: B's cancel acts on B only, whatever the body says", async () => {
    const a = await subscribedWriter();
    const rowA = await billingRow(a.user.userId);

    // B without a subscription, naming A's subscription and account.
    const b = await signUp();
    const naming = JSON.stringify({ subscription: a.subscriptionId, subscriptionId: a.subscriptionId, user_id: a.user.userId, email: a.user.email });
    const refused = await postBilling(b.browser, "cancel", naming, { "Content-Type": "application/json" });
    expect(refused.status).toBe(409);
    expect(byId((await standIn()).subscriptions, a.subscriptionId)).toMatchObject({ cancel_at_period_end: false, status: "active" });
    expect(await billingRow(a.user.userId)).toEqual(rowA);

    // B subscribes too, then cancels with a form naming A.
    const paidB = await subscribedWriter(b);
    const form = new URLSearchParams({ subscription: a.subscriptionId, user_id: a.user.userId, email: a.user.email }).toString();
    const cancelled = await postBilling(b.browser, "cancel", form, { "Content-Type": "application/x-www-form-urlencoded" });
    expect(cancelled.status).toBe(200);
    const state = await standIn();
    expect(byId(state.subscriptions, paidB.subscriptionId)).toMatchObject({ cancel_at_period_end: true });
    expect(byId(state.subscriptions, a.subscriptionId)).toMatchObject({ cancel_at_period_end: false, status: "active" });
    expect(await billingRow(b.userId)).toMatchObject({ cancel_at_period_end: 1, stripe_subscription_id: paidB.subscriptionId });
    expect(await billingRow(a.user.userId)).toEqual(rowA);
  });
});

describe("methods and origins", () => {
  it("a cross-site POST to /api/billing/* → 403 and nothing happens", async () => {
    const paid = await subscribedWriter();
    const row = await billingRow(paid.user.userId);
    const trial = await signUp();
    const before = await standIn();
    for (const [user, intent] of [
      [trial, "subscribe"],
      [paid.user, "subscribe"],
      [paid.user, "cancel"],
      [paid.user, "resume"],
    ] as const) {
      for (const headers of [{ Origin: "https://evil.example" }, { Origin: "null" }]) {
        const response = await postBilling(user.browser, intent, null, headers);
        expect(response.status, `${intent} from ${headers.Origin}`).toBe(403);
      }
      // No Origin, but the browser says the request is cross-site.
      const response = await user.browser.request(`/api/billing/${intent}`, {
        method: "POST",
        headers: { "Sec-Fetch-Site": "cross-site", Accept: "application/json" },
      });
      expect(response.status, `${intent} with Sec-Fetch-Site: cross-site`).toBe(403);
    }
    const after = await standIn();
    expect(after.customers).toHaveLength(before.customers.length);
    expect(after.sessions).toHaveLength(before.sessions.length);
    expect(after.portalSessions).toHaveLength(before.portalSessions.length);
    expect(after.events).toHaveLength(before.events.length);
    expect((await billingRow(trial.userId)).stripe_customer_id).toBeNull();
    expect(await billingRow(paid.user.userId)).toEqual(row);
  });

  it("GET /api/billing/subscribe → 405; GET /api/stripe/webhook → 405", async () => {
    const { browser } = await signUp();
    for (const path of ["/api/billing/subscribe", "/api/billing/cancel", "/api/stripe/webhook"]) {
      const response = await browser.get(path);
      expect(response.status, path).toBe(405);
      expect(response.headers.get("Allow"), path).toBe("POST");
      expect(await response.json(), path).toEqual(METHOD_NOT_ALLOWED);
    }
    const anonymous = await exports.default.fetch(new URL("/api/stripe/webhook", ORIGIN));
    expect(anonymous.status).toBe(405);
    expect(anonymous.headers.get("Allow")).toBe("POST");
    expect(await anonymous.json()).toEqual(METHOD_NOT_ALLOWED);
  });
});

// ---- One writer, at most one subscription (issue 11, decision 011) ------------------------------

/** This customer's Checkout sessions at the stand-in, oldest first. */
async function sessionsOf(customerId: string): Promise<StripeObject[]> {
  return (await standIn()).sessions.filter((session) => session.customer === customerId);
}

/**
 * A second subscription for a writer who already has one, paid through a Checkout session made
 * directly at the stand-in (as one created before this fix, or in Stripe's dashboard, would be).
 * Answers its id and the events its payment emitted, not yet delivered.
 */
async function paySecondSubscription({ user, customerId }: { user: SignedUpUser; customerId: string }) {
  const session = await stripeApi("POST", "/v1/checkout/sessions", {
    mode: "subscription",
    customer: customerId,
    client_reference_id: user.userId,
    "line_items[0][price]": env.STRIPE_PRICE_ID,
    "line_items[0][quantity]": "1",
    success_url: `${ORIGIN}/dashboard?checkout=success`,
    "metadata[user_id]": user.userId,
    "subscription_data[metadata][user_id]": user.userId,
  });
  expect(await payStripeCheckout(session.url as string)).toMatchObject({ status: 303 });
  const state = await standIn();
  const subscriptionId = byId(state.sessions, session.id).subscription as string;
  return {
    subscriptionId,
    events: [
      theEvent(state, "checkout.session.completed", (object) => object.id === session.id),
      theEvent(state, "customer.subscription.created", (object) => object.id === subscriptionId),
      theEvent(state, "invoice.paid", (object) => invoiceSubscription(object) === subscriptionId),
    ],
  };
}

/** The refunds of a subscription's invoice payments, at the stand-in. */
function refundsOf(state: StripeState, subscriptionId: string): StripeObject[] {
  const invoices = new Set(state.invoices.filter((invoice) => invoiceSubscription(invoice) === subscriptionId).map((invoice) => invoice.id));
  const intents = new Set(
    state.invoicePayments
      .filter((payment) => invoices.has(payment.invoice as string))
      .map((payment) => (payment.payment as { payment_intent: string }).payment_intent),
  );
  expect(intents.size, `paid invoice payments of ${subscriptionId}`).toBeGreaterThan(0);
  return state.refunds.filter((refund) => intents.has(refund.payment_intent as string));
}

/** Console lines (any arguments joined) that mention every one of `words`. */
const linesWith = (spy: { mock: { calls: unknown[][] } }, ...words: string[]) =>
  spy.mock.calls.map((call) => call.map(String).join(" ")).filter((line) => words.every((word) => line.includes(word)));

describe("One writer, one Checkout session that can be paid", () => {
  it("concurrent Subscribe Now requests get the same Checkout URL; no other session of the customer can be paid", async () => {
    const user = await signUp();
    const answers = await Promise.all([subscribeOk(user.browser), subscribeOk(user.browser), subscribeOk(user.browser)]);
    expect(answers.map((answer) => answer.kind)).toEqual(["checkout", "checkout", "checkout"]);
    expect(new Set(answers.map((answer) => answer.checkout_url)).size, "one URL for all").toBe(1);
    const url = answers[0]!.checkout_url;

    const row = await billingRow(user.userId);
    expect(row.stripe_customer_id).toMatch(/^cus_/);
    expect((row as { checkout_session_id?: string | null }).checkout_session_id).toBe(lastSegment(url));
    const sessions = await sessionsOf(row.stripe_customer_id!);
    expect(sessions.filter((session) => session.status === "open").map((session) => session.id)).toEqual([lastSegment(url)]);
    // Any session a losing request created was expired at once: its page can no longer be paid.
    for (const session of sessions.filter((item) => item.id !== lastSegment(url))) {
      expect(session.status).toBe("expired");
      expect((await payStripeCheckout(`${STAND_IN_URL}/stripe/checkout/${session.id}`)).status).toBe(409);
    }

    expect((await payStripeCheckout(url)).status).toBe(303);
    expect((await payStripeCheckout(url)).status, "the one session cannot be paid twice").toBe(409);
    const subscriptions = (await standIn()).subscriptions.filter((item) => item.customer === row.stripe_customer_id);
    expect(subscriptions).toHaveLength(1);
  });

  it("the open session is reused until it expires; then Subscribe Now makes a new one, and the expiry webhook clears the old", async () => {
    const user = await signUp();
    const first = await subscribeOk(user.browser);
    expect((await subscribeOk(user.browser)).checkout_url).toBe(first.checkout_url);

    // Stripe expires it (24 hours on, or from the dashboard) and says so by webhook.
    const sessionId = lastSegment(first.checkout_url);
    await stripeApi("POST", `/v1/checkout/sessions/${sessionId}/expire`);
    const expired = theEvent(await standIn(), "checkout.session.expired", (object) => object.id === sessionId);
    expect(await deliver(expired)).toEqual({ received: true });
    expect(await billingRow(user.userId)).toMatchObject({ checkout_session_id: null, is_subscribed: 0 });

    const second = await subscribeOk(user.browser);
    expect(second.kind).toBe("checkout");
    expect(second.checkout_url).not.toBe(first.checkout_url);
    expect(await billingRow(user.userId)).toMatchObject({ checkout_session_id: lastSegment(second.checkout_url) });
    expect(byId((await standIn()).sessions, lastSegment(second.checkout_url)).status).toBe("open");

    // Paid: the completed checkout's webhook clears the column too.
    expect((await payStripeCheckout(second.checkout_url)).status).toBe(303);
    const completed = theEvent(await standIn(), "checkout.session.completed", (object) => object.id === lastSegment(second.checkout_url));
    await deliver(completed);
    expect(await billingRow(user.userId)).toMatchObject({ checkout_session_id: null, is_subscribed: 1 });
  });
});

describe("A second live subscription is cancelled at once and refunded", () => {
  it("its webhook cancels and refunds the newcomer at Stripe, keeps the first, and logs one line naming both", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const first = await subscribedWriter();
    const rowBefore = await billingRow(first.user.userId);
    const second = await paySecondSubscription(first);

    for (const event of second.events) expect(await deliver(event)).toEqual({ received: true });

    const state = await standIn();
    expect(byId(state.subscriptions, second.subscriptionId)).toMatchObject({ status: "canceled", ended_at: expect.any(Number) });
    expect(byId(state.subscriptions, first.subscriptionId)).toMatchObject({ status: "active", cancel_at_period_end: false });
    expect(refundsOf(state, second.subscriptionId)).toEqual([
      expect.objectContaining({ amount: 500, status: "succeeded", reason: "duplicate" }),
    ]);
    expect(refundsOf(state, first.subscriptionId)).toEqual([]);
    expect(await billingRow(first.user.userId)).toMatchObject({
      is_subscribed: 1,
      subscription_status: "active",
      stripe_subscription_id: first.subscriptionId,
      subscription_end_date: rowBefore.subscription_end_date,
    });
    expect(linesWith(warn, second.subscriptionId, first.subscriptionId, first.customerId), "one log line naming both").toHaveLength(1);

    // Stripe's word on the cancellation arrives too: the writer keeps the first subscription.
    const deleted = theEvent(state, "customer.subscription.deleted", (object) => object.id === second.subscriptionId);
    await deliver(deleted);
    expect(await billingRow(first.user.userId)).toMatchObject({ is_subscribed: 1, stripe_subscription_id: first.subscriptionId });
    expect(refundsOf(await standIn(), second.subscriptionId)).toHaveLength(1);
  });

  it("both paid before any webhook, delivered newest first: the older one is kept, the newer cancelled and refunded", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const first = await payCheckout();
    const second = await paySecondSubscription(first);
    // Subscribe Now meanwhile: the Billing Portal, and the older subscription is the writer's.
    expect((await subscribeOk(first.user.browser)).kind).toBe("portal");
    expect(await billingRow(first.user.userId)).toMatchObject({ is_subscribed: 1, stripe_subscription_id: first.subscriptionId });

    for (const event of [...second.events].reverse()) await deliver(event);
    for (const event of [first.completed, first.created, first.invoicePaid]) await deliver(event);

    const state = await standIn();
    expect(byId(state.subscriptions, second.subscriptionId).status).toBe("canceled");
    expect(byId(state.subscriptions, first.subscriptionId).status).toBe("active");
    expect(refundsOf(state, second.subscriptionId)).toHaveLength(1);
    expect(refundsOf(state, first.subscriptionId)).toEqual([]);
    expect(await billingRow(first.user.userId)).toMatchObject({ is_subscribed: 1, stripe_subscription_id: first.subscriptionId });
  });

  it("in-app Cancel while two subscriptions are live (no webhook yet): neither renews", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const first = await subscribedWriter();
    const second = await paySecondSubscription(first);

    const cancel = await postBilling(first.user.browser, "cancel");
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toEqual({ ok: true, endsAt: new Date(first.periodEndMs).toISOString() });
    const live = (await standIn()).subscriptions.filter((item) => item.customer === first.customerId && item.status !== "canceled");
    expect(live.map((item) => item.id).sort()).toEqual([first.subscriptionId, second.subscriptionId].sort());
    for (const subscription of live) expect(subscription.cancel_at_period_end, subscription.id).toBe(true);
    expect(await billingRow(first.user.userId)).toMatchObject({ stripe_subscription_id: first.subscriptionId, cancel_at_period_end: 1 });
  });
});
