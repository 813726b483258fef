/**
 * Stand-in for the slice of Stripe the app uses: customers, Checkout Sessions for a $5/month
 * subscription (retrieve, expire), subscriptions (cancel at period end, cancel now), invoice
 * payments and refunds (stripe-payments.ts), the Billing Portal, and signed webhooks. The real `stripe` SDK talks to it unchanged when constructed with
 * `host: "127.0.0.1", port, protocol: "http"` and the fetch HTTP client.
 *
 * - REST: form-encoded bodies with Stripe's bracket keys, `Bearer sk_test_…` auth, Stripe's error
 *   JSON, `expand[]`, idempotency keys. Ids are deterministic: cus_test_1, cs_test_1, sub_test_1…
 * - Hosted pages for people and browsers: `/stripe/checkout/:id` (pay or cancel) and
 *   `/stripe/portal/:id` (cancel or renew, return to the app).
 * - Webhooks: events are signed exactly as Stripe signs them and POSTed to the configured URL
 *   one at a time, after the API response; each delivery's status is recorded.
 *
 * Tests steer it through `/__control/stripe` (see stripe-control.ts): webhook URL and secret,
 * delivery modes (duplicate, reverse, hold), and actions (period end, failed payment, renewal,
 * redelivery, arbitrary, unsigned and badly signed events).
 */
import { createHmac } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { readBody, sendHtml, sendJson } from "./http.ts";
import { createPaymentLedger } from "./stripe-payments.ts";
import type {
  StripeAction,
  StripeDelivery,
  StripeDeliveryMode,
  StripeEvent,
  StripeEventInput,
  StripeObject,
  StripeSettings,
  StripeSettingsUpdate,
  StripeState,
} from "./stripe-control.ts";

export type { StripeEvent, StripeSettings, StripeState } from "./stripe-control.ts";

/** The API version the installed SDK (stripe@23) speaks; stamped on every event. */
export const STRIPE_API_VERSION = "2026-10-28.endive";

const DEFAULTS: StripeSettings = {
  webhookUrl: null,
  webhookSecret: "whsec_test_standin",
  priceId: "price_test_monthly",
  deliveryMode: "normal",
  publicUrl: null,
};
const DELIVERY_MODES: StripeDeliveryMode[] = ["normal", "duplicate", "reverse", "hold"];
const UNIT_AMOUNT = 500;
const PRODUCT_ID = "prod_test_writestuff";
const PRODUCT_NAME = "The Write Stuff";
const PRICE_LABEL = "$5.00";
const PERIOD_SECONDS = 30 * 24 * 60 * 60;
const CATALOG_CREATED = 1_700_000_000;
const DECLINED_CARD = "4000000000000002";
const DELIVERY_TIMEOUT_MS = 10_000;
const SETTLE_LIMIT_MS = 10_000;

type Metadata = Record<string, string>;
type Json = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Wire helpers

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Decodes Stripe's form encoding (`a[b][0][c]=v`) into nested objects; objects whose keys are
 * all indexes (`line_items[0]`, `expand[]`) become arrays.
 */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const head = /^[^[]+/.exec(key)?.[0] ?? key;
    const path = [head, ...[...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    let node = root;
    path.forEach((part, i) => {
      const name = part === "" ? String(Object.keys(node).length) : part;
      if (i === path.length - 1) node[name] = value;
      else node = isObject(node[name]) ? (node[name] as Json) : (node[name] = {});
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!isObject(value)) return value;
    const keys = Object.keys(value);
    if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
      return keys.sort((a, b) => Number(a) - Number(b)).map((k) => arrays(value[k]));
    }
    return Object.fromEntries(keys.map((k) => [k, arrays(value[k])]));
  };
  return arrays(root) as Json;
}

/** The `Stripe-Signature` header Stripe sends: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "t.payload")>`. */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** A Stripe API error: answered as `{ error: { type, message, code?, param? } }`. */
class StripeApiError extends Error {
  readonly status: number;
  readonly extra: { type?: string; code?: string; param?: string };
  constructor(status: number, message: string, extra: { type?: string; code?: string; param?: string } = {}) {
    super(message);
    this.status = status;
    this.extra = extra;
  }
}

/** A control API error with its HTTP status (other control errors answer 400). */
class ControlError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const missing = (kind: string, id: string, param?: string) =>
  new StripeApiError(param ? 400 : 404, `No such ${kind}: '${id}'`, { code: "resource_missing", ...(param ? { param } : {}) });

const invalidParam = (param: string, message: string) => new StripeApiError(400, message, { param });

const str = (params: Json, name: string): string | undefined => {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalidParam(name, `Invalid string: ${name}`);
  return value;
};

/** Metadata as sent (`metadata[k]=v`); `metadata=` (empty) clears it. */
function metadataParam(params: Json, name = "metadata"): Metadata | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (value === "") return {};
  if (!isObject(value) || Object.values(value).some((v) => typeof v !== "string")) {
    throw invalidParam(name, `Invalid hash: ${name}`);
  }
  return value as Metadata;
}

function boolParam(params: Json, name: string): boolean | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  throw invalidParam(name, `Invalid boolean: ${String(value)}`);
}

/** Merges metadata the way Stripe updates do: new keys added, empty values remove keys. */
function mergeMetadata(current: Metadata, update: Metadata): Metadata {
  const next = { ...current, ...update };
  for (const [key, value] of Object.entries(update)) if (value === "") delete next[key];
  return next;
}

const now = () => Math.floor(Date.now() / 1000);
const clone = <T>(value: T): T => structuredClone(value);

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const formatDate = (seconds: number | null | undefined) =>
  seconds
    ? new Date(seconds * 1000).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" })
    : "—";

// ---------------------------------------------------------------------------------------------
// Objects

type Customer = StripeObject & { object: "customer"; email: string | null; metadata: Metadata };

type CheckoutSession = StripeObject & {
  object: "checkout.session";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  customer: string | null;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  subscription: string | null;
  invoice: string | null;
  metadata: Metadata;
};

type SubscriptionItem = StripeObject & {
  object: "subscription_item";
  current_period_start: number;
  current_period_end: number;
  price: StripeObject;
  quantity: number;
  subscription: string;
};

type Subscription = StripeObject & {
  object: "subscription";
  status: "active" | "past_due" | "canceled";
  customer: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  items: { object: "list"; data: SubscriptionItem[]; has_more: false; total_count: number; url: string };
  latest_invoice: string | null;
  metadata: Metadata;
};

type Invoice = StripeObject & { object: "invoice"; status: "open" | "paid"; customer: string };

type PortalSession = StripeObject & {
  object: "billing_portal.session";
  customer: string;
  return_url: string | null;
  url: string;
};

/** What a session will buy, kept beside the session (Stripe keeps it in line_items). */
type SessionOrder = { priceId: string; quantity: number; subscriptionMetadata: Metadata };

/** A queued delivery: the event and how to sign it. */
type Job = { event: StripeEvent; signature: StripeDelivery["signature"] };

type Emission = { type: string; object: StripeObject; previous?: Json };

/** Top-level fields whose value differs between two snapshots, with the old values. */
function previousAttributes(before: Json, after: Json): Json {
  const changed: Json = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = clone(before[key]);
  }
  return changed;
}

function parseSettingsUpdate(body: unknown): StripeSettingsUpdate {
  if (!isObject(body)) throw new Error("Send a JSON object");
  const unknown = Object.keys(body).filter((key) => !(key in DEFAULTS));
  if (unknown.length > 0) throw new Error(`Unknown setting(s): ${unknown.join(", ")}`);
  const update: StripeSettingsUpdate = {};
  for (const key of ["webhookUrl", "publicUrl"] as const) {
    const value = body[key];
    if (value === undefined) continue;
    if (value !== null && (typeof value !== "string" || !/^https?:\/\/[^/]/.test(value))) {
      throw new Error(`${key} must be an http(s) URL or null`);
    }
    update[key] = value === null || key === "webhookUrl" ? value : value.replace(/\/+$/, "");
  }
  for (const key of ["webhookSecret", "priceId"] as const) {
    const value = body[key];
    if (value === undefined) continue;
    if (typeof value !== "string" || !value.trim() || /\s/.test(value)) {
      throw new Error(`${key} must be a non-empty string without spaces`);
    }
    update[key] = value;
  }
  if (body.deliveryMode !== undefined) {
    if (!DELIVERY_MODES.includes(body.deliveryMode as StripeDeliveryMode)) {
      throw new Error(`deliveryMode must be one of ${DELIVERY_MODES.map((m) => `"${m}"`).join(", ")}`);
    }
    update.deliveryMode = body.deliveryMode as StripeDeliveryMode;
  }
  return update;
}

function parseEventInput(value: unknown): StripeEventInput {
  if (!isObject(value) || typeof value.type !== "string" || !value.type) {
    throw new Error("event must be { type, data: { object } }");
  }
  if (!isObject(value.data) || !isObject(value.data.object)) throw new Error("event.data.object must be an object");
  const { object, previous_attributes } = value.data;
  if (previous_attributes !== undefined && !isObject(previous_attributes)) {
    throw new Error("event.data.previous_attributes must be an object");
  }
  return { type: value.type, data: { object, ...(previous_attributes ? { previous_attributes } : {}) } };
}

// ---------------------------------------------------------------------------------------------
// The stand-in

export function createStripeStandIn(initial: StripeSettingsUpdate = {}) {
  const defaults = (): StripeSettings => ({ ...DEFAULTS, ...parseSettingsUpdate(initial) });
  let settings = defaults();

  let counters = new Map<string, number>();
  const nextId = (prefix: string) => {
    const n = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, n);
    return `${prefix}_test_${n}`;
  };

  let customers = new Map<string, Customer>();
  let sessions = new Map<string, CheckoutSession>();
  let orders = new Map<string, SessionOrder>();
  let subscriptions = new Map<string, Subscription>();
  let invoices = new Map<string, Invoice>();
  let portalSessions = new Map<string, PortalSession>();
  const ledger = createPaymentLedger({
    nextId: (prefix) => nextId(prefix),
    now,
    apiError: (status, message, extra) => new StripeApiError(status, message, extra),
  });
  let events: StripeEvent[] = [];
  let idempotent = new Map<string, { params: string; status: number; body: unknown }>();

  // Webhook delivery: one queue, one delivery at a time.
  let outbox: Job[] = [];
  let held: StripeEvent[] = [];
  let deliveries: StripeDelivery[] = [];
  let deliveryCount = 0;
  let generation = 0;
  let pumping = false;
  let inFlight = 0;
  const closing = new AbortController();

  const price = (): StripeObject => ({
    id: settings.priceId,
    object: "price",
    active: true,
    billing_scheme: "per_unit",
    created: CATALOG_CREATED,
    currency: "usd",
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: PRODUCT_ID,
    recurring: { interval: "month", interval_count: 1, meter: null, usage_type: "licensed" },
    tax_behavior: "unspecified",
    type: "recurring",
    unit_amount: UNIT_AMOUNT,
    unit_amount_decimal: String(UNIT_AMOUNT),
  });

  const product = (): StripeObject => ({
    id: PRODUCT_ID,
    object: "product",
    active: true,
    created: CATALOG_CREATED,
    default_price: settings.priceId,
    description: "Unlimited writing assistants.",
    livemode: false,
    metadata: {},
    name: PRODUCT_NAME,
    updated: CATALOG_CREATED,
  });

  /** Any stored object by id (for `expand`). */
  function lookup(id: string): StripeObject | undefined {
    if (id === settings.priceId) return price();
    if (id === PRODUCT_ID) return product();
    return (
      customers.get(id) ??
      sessions.get(id) ??
      subscriptions.get(id) ??
      invoices.get(id) ??
      portalSessions.get(id) ??
      ledger.lookup(id) ??
      events.find((e) => e.id === id)
    );
  }

  function expandAt(value: unknown, parts: string[]): unknown {
    if (parts.length === 0) return value;
    if (Array.isArray(value)) return value.map((item) => expandAt(item, parts));
    if (!isObject(value)) return value;
    const [head, ...rest] = parts as [string, ...string[]];
    if (!(head in value)) return value;
    let child = value[head];
    if (typeof child === "string") child = clone(lookup(child)) ?? child;
    return { ...value, [head]: expandAt(child, rest) };
  }

  function expand(body: unknown, params: Json): unknown {
    const paths = params.expand;
    if (paths === undefined) return body;
    const list = Array.isArray(paths) ? paths : [paths];
    return list.reduce((acc: unknown, path) => (typeof path === "string" ? expandAt(acc, path.split(".")) : acc), body);
  }

  // --- Events and delivery

  function makeEvent({ type, object, previous }: Emission, requestId: string | null = null): StripeEvent {
    const event: StripeEvent = {
      id: nextId("evt"),
      object: "event",
      api_version: STRIPE_API_VERSION,
      created: now(),
      type,
      data: { object: clone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: requestId, idempotency_key: null },
    };
    events.push(event);
    return event;
  }

  /** Stores the events of one action and schedules them by the delivery mode. */
  function emit(emissions: Emission[], requestId: string | null = null): StripeEvent[] {
    const made = emissions.map((emission) => makeEvent(emission, requestId));
    const job = (event: StripeEvent): Job => ({ event, signature: "valid" });
    switch (settings.deliveryMode) {
      case "hold":
        held.push(...made);
        break;
      case "duplicate":
        outbox.push(...made.flatMap((event) => [job(event), job(event)]));
        break;
      case "reverse":
        outbox.push(...[...made].reverse().map(job));
        break;
      default:
        outbox.push(...made.map(job));
    }
    pump();
    return made;
  }

  async function deliver(job: Job, url: string) {
    const payload = JSON.stringify(job.event, null, 2);
    const headers: Record<string, string> = {
      "Content-Type": "application/json; charset=utf-8",
      "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
    };
    if (job.signature === "valid") headers["Stripe-Signature"] = signStripePayload(payload, settings.webhookSecret);
    if (job.signature === "invalid") {
      headers["Stripe-Signature"] = signStripePayload(payload, `${settings.webhookSecret}_not_the_secret`);
    }
    const started = generation;
    let status = 0;
    let response = "";
    let error: string | null = null;
    try {
      const answer = await fetch(url, {
        method: "POST",
        headers,
        body: payload,
        redirect: "manual",
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      });
      status = answer.status;
      response = (await answer.text()).slice(0, 500);
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    if (started !== generation) return; // reset while in flight: forget it
    deliveries.push({
      n: ++deliveryCount,
      eventId: job.event.id,
      type: job.event.type,
      status,
      signature: job.signature,
      response,
      error,
      at: Date.now(),
    });
  }

  /** Starts the delivery loop (after the current response has gone out) unless it runs. */
  function pump() {
    if (pumping) return;
    pumping = true;
    setImmediate(async () => {
      try {
        while (outbox.length > 0 && settings.webhookUrl && !closing.signal.aborted) {
          const job = outbox.shift()!;
          inFlight += 1;
          try {
            await deliver(job, settings.webhookUrl);
          } finally {
            inFlight -= 1;
          }
        }
      } finally {
        pumping = false;
      }
    });
  }

  const queued = () => outbox.length + inFlight;

  async function settle() {
    const deadline = Date.now() + SETTLE_LIMIT_MS;
    while ((inFlight > 0 || (outbox.length > 0 && settings.webhookUrl)) && Date.now() < deadline) {
      await sleep(5);
    }
  }

  // --- State

  function state(): StripeState {
    return clone({
      settings,
      customers: [...customers.values()],
      sessions: [...sessions.values()],
      subscriptions: [...subscriptions.values()],
      invoices: [...invoices.values()],
      portalSessions: [...portalSessions.values()],
      ...ledger.state(),
      events,
      deliveries,
      heldEvents: held.map((e) => e.id),
      queuedDeliveries: queued(),
    });
  }

  function reset({ everything = false }: { everything?: boolean } = {}) {
    const keep = { webhookUrl: settings.webhookUrl, webhookSecret: settings.webhookSecret };
    settings = everything ? defaults() : { ...defaults(), ...keep };
    counters = new Map();
    customers = new Map();
    sessions = new Map();
    orders = new Map();
    subscriptions = new Map();
    invoices = new Map();
    portalSessions = new Map();
    ledger.reset();
    events = [];
    idempotent = new Map();
    outbox = [];
    held = [];
    deliveries = [];
    deliveryCount = 0;
    generation += 1;
  }

  // --- Domain operations

  function createCustomer(email: string | null, metadata: Metadata = {}): Customer {
    const customer: Customer = {
      id: nextId("cus"),
      object: "customer",
      address: null,
      balance: 0,
      created: now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: null,
      email,
      invoice_prefix: `TWS${String(customers.size + 1).padStart(4, "0")}`,
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata,
      name: null,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: "none",
      test_clock: null,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function createInvoice(
    subscription: Subscription,
    { paid, reason }: { paid: boolean; reason: "subscription_create" | "subscription_cycle" },
  ): Invoice {
    const item = subscription.items.data[0]!;
    const id = nextId("in");
    const created = now();
    const customer = customers.get(subscription.customer);
    const invoice: Invoice = {
      id,
      object: "invoice",
      account_country: "US",
      amount_due: UNIT_AMOUNT,
      amount_paid: paid ? UNIT_AMOUNT : 0,
      amount_remaining: paid ? 0 : UNIT_AMOUNT,
      attempt_count: 1,
      attempted: true,
      auto_advance: !paid,
      billing_reason: reason,
      collection_method: "charge_automatically",
      created,
      currency: "usd",
      customer: subscription.customer,
      customer_email: customer?.email ?? null,
      description: null,
      hosted_invoice_url: null,
      lines: {
        object: "list",
        data: [
          {
            id: nextId("il"),
            object: "line_item",
            amount: UNIT_AMOUNT,
            currency: "usd",
            description: `1 × ${PRODUCT_NAME} (at ${PRICE_LABEL} / month)`,
            invoice: id,
            livemode: false,
            metadata: {},
            parent: {
              subscription_item_details: {
                invoice_item: null,
                proration: false,
                subscription: subscription.id,
                subscription_item: item.id,
              },
              type: "subscription_item_details",
            },
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: {
              price_details: { price: settings.priceId, product: PRODUCT_ID },
              type: "price_details",
              unit_amount_decimal: String(UNIT_AMOUNT),
            },
            quantity: item.quantity,
            subtotal: UNIT_AMOUNT,
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: paid ? null : created + 3 * 24 * 60 * 60,
      number: `${String(customer?.invoice_prefix ?? "TWS0000")}-${String(invoices.size + 1).padStart(4, "0")}`,
      parent: {
        quote_details: null,
        subscription_details: { metadata: clone(subscription.metadata), subscription: subscription.id },
        type: "subscription_details",
      },
      period_end: item.current_period_start,
      period_start: item.current_period_start,
      status: paid ? "paid" : "open",
      status_transitions: {
        finalized_at: created,
        marked_uncollectible_at: null,
        paid_at: paid ? created : null,
        voided_at: null,
      },
      subtotal: UNIT_AMOUNT,
      total: UNIT_AMOUNT,
    };
    invoices.set(id, invoice);
    subscription.latest_invoice = id;
    if (paid) ledger.recordPayment({ id, customer: subscription.customer, amount_paid: UNIT_AMOUNT, currency: "usd" });
    return invoice;
  }

  function createSubscription(customer: string, order: SessionOrder): Subscription {
    const id = nextId("sub");
    const start = now();
    const subscription: Subscription = {
      id,
      object: "subscription",
      application: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: "charge_automatically",
      created: start,
      currency: "usd",
      customer,
      default_payment_method: null,
      description: null,
      discounts: [],
      ended_at: null,
      items: {
        object: "list",
        data: [
          {
            id: nextId("si"),
            object: "subscription_item",
            created: start,
            current_period_end: start + PERIOD_SECONDS,
            current_period_start: start,
            discounts: [],
            metadata: {},
            price: price(),
            quantity: order.quantity,
            subscription: id,
            tax_rates: [],
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: clone(order.subscriptionMetadata),
      pause_collection: null,
      start_date: start,
      status: "active",
      test_clock: null,
      trial_end: null,
      trial_start: null,
    };
    subscriptions.set(id, subscription);
    return subscription;
  }

  /** Applies a change to a subscription and answers the `customer.subscription.updated` emission (null: nothing changed). */
  function updateSubscription(subscription: Subscription, change: (s: Subscription) => void): Emission | null {
    const before = clone(subscription);
    change(subscription);
    const previous = previousAttributes(before, subscription);
    if (Object.keys(previous).length === 0) return null;
    return { type: "customer.subscription.updated", object: subscription, previous };
  }

  function setCancelAtPeriodEnd(subscription: Subscription, cancel: boolean): Emission | null {
    if (subscription.status === "canceled") {
      throw new StripeApiError(400, "A canceled subscription can only update its cancellation_details and metadata.");
    }
    return updateSubscription(subscription, (s) => {
      const periodEnd = s.items.data[0]!.current_period_end;
      s.cancel_at_period_end = cancel;
      s.cancel_at = cancel ? periodEnd : null;
      s.canceled_at = cancel ? (s.canceled_at ?? now()) : null;
      s.cancellation_details = { comment: null, feedback: null, reason: cancel ? "cancellation_requested" : null };
    });
  }

  function endSubscription(subscription: Subscription, reason: string): Emission {
    if (subscription.status === "canceled") {
      throw new StripeApiError(400, `The subscription ${subscription.id} is already canceled.`);
    }
    const at = now();
    subscription.status = "canceled";
    subscription.canceled_at = subscription.canceled_at ?? at;
    subscription.ended_at = at;
    subscription.cancel_at = subscription.cancel_at ?? at;
    subscription.cancellation_details = { ...subscription.cancellation_details, reason };
    return { type: "customer.subscription.deleted", object: subscription };
  }

  /** Only an open session can be expired; afterwards its page can no longer be paid. */
  function expireSession(session: CheckoutSession, requestId: string): CheckoutSession {
    if (session.status !== "open") {
      throw new StripeApiError(400, `Only Checkout Sessions with a status in ["open"] can be expired. This session is ${session.status}.`, {
        param: "session",
      });
    }
    session.status = "expired";
    session.url = null;
    emit([{ type: "checkout.session.expired", object: session }], requestId);
    return session;
  }

  function paySession(session: CheckoutSession, email: string | null, requestId: string): void {
    const order = orders.get(session.id)!;
    const customer = session.customer
      ? customers.get(session.customer)!
      : createCustomer(session.customer_email ?? email);
    const subscription = createSubscription(customer.id, order);
    const invoice = createInvoice(subscription, { paid: true, reason: "subscription_create" });
    session.status = "complete";
    session.payment_status = "paid";
    session.customer = customer.id;
    session.customer_details = { email: customer.email };
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    session.url = null;
    emit(
      [
        { type: "checkout.session.completed", object: session },
        { type: "customer.subscription.created", object: subscription },
        { type: "invoice.paid", object: invoice },
      ],
      requestId,
    );
  }

  // --- REST API

  const list = (url: string, data: StripeObject[]) => ({ object: "list", data, has_more: false, url });
  const newestFirst = <T extends StripeObject>(items: Iterable<T>) =>
    [...items].sort((a, b) => Number(b.created) - Number(a.created) || b.id.localeCompare(a.id, "en", { numeric: true }));
  const limited = <T>(items: T[], params: Json) => {
    const limit = Number(params.limit ?? 10);
    return items.slice(0, Number.isInteger(limit) && limit > 0 ? Math.min(limit, 100) : 10);
  };

  function customerParam(params: Json, name = "customer"): Customer | null {
    const id = str(params, name);
    if (!id) return null;
    const customer = customers.get(id);
    if (!customer) throw missing("customer", id, name);
    return customer;
  }

  function getOr404<T>(map: Map<string, T>, kind: string, id: string): T {
    const found = map.get(id);
    if (!found) throw missing(kind, id);
    return found;
  }

  /** Tiny subset of Stripe's search query language: `email:'a@b.c'`, `metadata['k']:'v'`, joined by AND. */
  function searchCustomers(query: string): Customer[] {
    const clauses = query.split(/\s+AND\s+/i).map((clause) => {
      const match = /^\s*(email|name|metadata\[['"]([^'"]+)['"]\])\s*:\s*['"]([^'"]*)['"]\s*$/.exec(clause);
      if (!match) throw invalidParam("query", `The stand-in cannot search for: ${clause}`);
      return { field: match[1]!, key: match[2], value: match[3]! };
    });
    return newestFirst(customers.values()).filter((customer) =>
      clauses.every(({ field, key, value }) =>
        key !== undefined ? customer.metadata[key] === value : customer[field] === value,
      ),
    );
  }

  type Route = { status: number; body: unknown };

  function api(method: string, path: string, params: Json, req: IncomingMessage, requestId: string): Route {
    const ok = (body: unknown) => ({ status: 200, body: expand(body, params) });
    const base = settings.publicUrl ?? `http://${req.headers.host ?? "127.0.0.1"}`;
    let m: RegExpExecArray | null;

    // Customers
    if (path === "/v1/customers" && method === "POST") {
      const email = str(params, "email") ?? null;
      return ok(createCustomer(email || null, metadataParam(params) ?? {}));
    }
    if (path === "/v1/customers" && method === "GET") {
      const email = str(params, "email");
      const found = newestFirst(customers.values()).filter((c) => email === undefined || c.email === email);
      return ok(list("/v1/customers", limited(found, params)));
    }
    if (path === "/v1/customers/search" && method === "GET") {
      const found = limited(searchCustomers(str(params, "query") ?? ""), params);
      return ok({ object: "search_result", data: found, has_more: false, next_page: null, url: "/v1/customers/search" });
    }
    if ((m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const customer = getOr404(customers, "customer", m[1]!);
      if (method === "GET") return ok(customer);
      if (method === "POST") {
        const email = str(params, "email");
        if (email !== undefined) customer.email = email || null;
        const metadata = metadataParam(params);
        if (metadata) customer.metadata = mergeMetadata(customer.metadata, metadata);
        return ok(customer);
      }
    }

    // Catalog
    if ((m = /^\/v1\/prices\/([^/]+)$/.exec(path)) && method === "GET") {
      if (m[1] !== settings.priceId) throw missing("price", m[1]!);
      return ok(price());
    }
    if ((m = /^\/v1\/products\/([^/]+)$/.exec(path)) && method === "GET") {
      if (m[1] !== PRODUCT_ID) throw missing("product", m[1]!);
      return ok(product());
    }

    // Checkout
    if (path === "/v1/checkout/sessions" && method === "POST") {
      const mode = str(params, "mode");
      if (!mode) throw invalidParam("mode", "Missing required param: mode.");
      if (mode !== "subscription") throw invalidParam("mode", "The stand-in only supports mode=subscription.");
      const customer = customerParam(params);
      const customerEmail = str(params, "customer_email") || null;
      if (customer && customerEmail) {
        throw invalidParam("customer_email", "You may only specify one of these parameters: customer, customer_email.");
      }
      const successUrl = str(params, "success_url");
      if (!successUrl) throw invalidParam("success_url", "Missing required param: success_url.");
      const lineItems = params.line_items;
      if (!Array.isArray(lineItems) || lineItems.length === 0) {
        throw invalidParam("line_items", "Missing required param: line_items.");
      }
      if (lineItems.length > 1) throw invalidParam("line_items", "The stand-in sells one price: send one line item.");
      const item = isObject(lineItems[0]) ? lineItems[0] : {};
      const priceId = typeof item.price === "string" ? item.price : "";
      if (!priceId) throw invalidParam("line_items[0][price]", "Missing required param: line_items[0][price].");
      if (priceId !== settings.priceId) throw missing("price", priceId, "line_items[0][price]");
      const quantity = item.quantity === undefined ? 1 : Number(item.quantity);
      if (!Number.isInteger(quantity) || quantity < 1) {
        throw invalidParam("line_items[0][quantity]", "Invalid integer: line_items[0][quantity].");
      }
      const subscriptionData = params.subscription_data;
      const id = nextId("cs");
      const created = now();
      const session: CheckoutSession = {
        id,
        object: "checkout.session",
        amount_subtotal: UNIT_AMOUNT * quantity,
        amount_total: UNIT_AMOUNT * quantity,
        cancel_url: str(params, "cancel_url") ?? null,
        client_reference_id: str(params, "client_reference_id") || null,
        created,
        currency: "usd",
        customer: customer?.id ?? null,
        customer_details: null,
        customer_email: customerEmail,
        expires_at: created + 24 * 60 * 60,
        invoice: null,
        livemode: false,
        metadata: metadataParam(params) ?? {},
        mode,
        payment_status: "unpaid",
        status: "open",
        subscription: null,
        success_url: successUrl,
        ui_mode: "hosted",
        url: `${base}/stripe/checkout/${id}`,
      };
      sessions.set(id, session);
      orders.set(id, {
        priceId,
        quantity,
        subscriptionMetadata: isObject(subscriptionData)
          ? (metadataParam(subscriptionData, "metadata") ?? {})
          : {},
      });
      return ok(session);
    }
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && method === "GET") {
      return ok(getOr404(sessions, "checkout.session", m[1]!));
    }
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)) && method === "POST") {
      return ok(expireSession(getOr404(sessions, "checkout.session", m[1]!), requestId));
    }

    // Subscriptions
    if (path === "/v1/subscriptions" && method === "GET") {
      const customer = str(params, "customer");
      const status = str(params, "status");
      const found = newestFirst(subscriptions.values()).filter(
        (s) =>
          (customer === undefined || s.customer === customer) &&
          (status === "all" || (status === undefined ? s.status !== "canceled" : s.status === status)),
      );
      return ok(list("/v1/subscriptions", limited(found, params)));
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = getOr404(subscriptions, "subscription", m[1]!);
      if (method === "GET") return ok(subscription);
      if (method === "POST") {
        const emissions: (Emission | null)[] = [];
        const cancel = boolParam(params, "cancel_at_period_end");
        if (cancel !== undefined) emissions.push(setCancelAtPeriodEnd(subscription, cancel));
        const metadata = metadataParam(params);
        if (metadata) {
          emissions.push(updateSubscription(subscription, (s) => (s.metadata = mergeMetadata(s.metadata, metadata))));
        }
        const changes = emissions.filter((e): e is Emission => e !== null);
        if (changes.length > 0) {
          // One update, one event: the first change's old values plus any later ones.
          const previous = Object.assign({}, ...changes.map((c) => c.previous).reverse()) as Json;
          emit([{ type: "customer.subscription.updated", object: subscription, previous }], requestId);
        }
        return ok(subscription);
      }
      if (method === "DELETE") {
        const ended = endSubscription(subscription, "cancellation_requested");
        const details = params.cancellation_details;
        if (isObject(details) && typeof details.comment === "string") subscription.cancellation_details.comment = details.comment;
        emit([ended], requestId);
        return ok(subscription);
      }
    }

    // Invoices and events
    if ((m = /^\/v1\/invoices\/([^/]+)$/.exec(path)) && method === "GET") {
      return ok(getOr404(invoices, "invoice", m[1]!));
    }
    if (path === "/v1/invoices" && method === "GET") {
      const customer = str(params, "customer");
      const subscription = str(params, "subscription");
      const status = str(params, "status");
      const found = newestFirst(invoices.values()).filter(
        (i) =>
          (customer === undefined || i.customer === customer) &&
          (status === undefined || i.status === status) &&
          (subscription === undefined ||
            (i.parent as { subscription_details: { subscription: string } }).subscription_details.subscription ===
              subscription),
      );
      return ok(list("/v1/invoices", limited(found, params)));
    }
    if ((m = /^\/v1\/events\/([^/]+)$/.exec(path)) && method === "GET") {
      const event = events.find((e) => e.id === m![1]);
      if (!event) throw missing("event", m[1]!);
      return ok(event);
    }

    // Billing portal
    if (path === "/v1/billing_portal/sessions" && method === "POST") {
      const customer = customerParam(params);
      if (!customer) throw invalidParam("customer", "Missing required param: customer.");
      const id = nextId("bps");
      const session: PortalSession = {
        id,
        object: "billing_portal.session",
        configuration: "bpc_test_standin",
        created: now(),
        customer: customer.id,
        flow: null,
        livemode: false,
        locale: null,
        on_behalf_of: null,
        return_url: str(params, "return_url") || null,
        url: `${base}/stripe/portal/${id}`,
      };
      portalSessions.set(id, session);
      return ok(session);
    }

    // Invoice payments and refunds
    const money = ledger.route(method, path, params);
    if (money) return ok("list" in money ? list(money.url, limited(money.list, params)) : money.object);

    throw new StripeApiError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const STRIPE_API_PATHS =
    /^\/v1\/(customers|checkout|subscriptions|billing_portal|prices|products|invoices|invoice_payments|refunds|events)(\/|$)/;

  let requestCounter = 0;

  function sendStripe(res: ServerResponse, status: number, body: unknown, requestId: string, headers: Json = {}) {
    res.writeHead(status, {
      "Content-Type": "application/json",
      "Request-Id": requestId,
      "Stripe-Version": STRIPE_API_VERSION,
      ...(status >= 400 && status < 500 ? { "Stripe-Should-Retry": "false" } : {}),
      ...(headers as Record<string, string>),
    });
    res.end(JSON.stringify(body, null, 2));
  }

  function errorBody(error: StripeApiError, requestId: string) {
    const { type = "invalid_request_error", code, param } = error.extra;
    return {
      error: {
        ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}` } : {}),
        message: error.message,
        ...(param ? { param } : {}),
        request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
        type,
      },
    };
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const requestId = `req_test_${++requestCounter}`;
    const method = req.method ?? "GET";
    const fail = (error: StripeApiError) => sendStripe(res, error.status, errorBody(error, requestId), requestId);

    const auth = req.headers.authorization ?? "";
    const key = /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
    if (!key) {
      return fail(
        new StripeApiError(
          401,
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
        ),
      );
    }
    if (!/^(sk|rk)_test_\S+$/.test(key)) {
      return fail(new StripeApiError(401, `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(4)}${key.slice(-4)}`));
    }

    const text = method === "POST" ? await readBody(req) : "";
    const params = { ...parseStripeForm(url.search.slice(1)), ...parseStripeForm(text) };

    const idempotencyKey = method === "POST" || method === "DELETE" ? req.headers["idempotency-key"] : undefined;
    const slot = typeof idempotencyKey === "string" ? `${key}|${url.pathname}|${idempotencyKey}` : null;
    const fingerprint = JSON.stringify(params);
    if (slot) {
      const earlier = idempotent.get(slot);
      if (earlier && earlier.params !== fingerprint) {
        return fail(
          new StripeApiError(
            400,
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(idempotencyKey)}' if you meant to execute a different request.`,
            { type: "idempotency_error" },
          ),
        );
      }
      if (earlier) {
        return sendStripe(res, earlier.status, earlier.body, requestId, {
          "Idempotent-Replayed": "true",
          "Idempotency-Key": String(idempotencyKey),
        });
      }
    }

    let route: Route;
    try {
      route = api(method, url.pathname, params, req, requestId);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      route = { status: error.status, body: errorBody(error, requestId) };
    }
    if (slot && route.status < 300) idempotent.set(slot, { params: fingerprint, ...route });
    sendStripe(res, route.status, route.body, requestId);
  }

  // --- Hosted pages

  function page(title: string, content: string, status = 200): { status: number; html: string } {
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — The Write Stuff (test payments)</title>
<style>
  :root { color-scheme: light; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; background: #f6f8fa; color: #1a1f36; line-height: 1.5; }
  main { max-width: 30rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border: 1px solid #d0d7de; border-radius: 12px; }
  h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
  h2 { font-size: 1.15rem; margin: 0 0 .5rem; }
  .badge { display: inline-block; margin: 0 0 1rem; padding: .15rem .6rem; border-radius: 999px; background: #fff4d6; color: #5c3c00; font-size: .85rem; font-weight: 600; }
  .price { font-size: 1.1rem; font-weight: 600; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; margin-top: .25rem; padding: .6rem .75rem; font: inherit; color: #1a1f36; background: #fff; border: 1px solid #6b7280; border-radius: 6px; }
  .row { display: flex; gap: 1rem; } .row > div { flex: 1; }
  button, .button { display: inline-block; box-sizing: border-box; margin-top: 1.25rem; padding: .7rem 1.25rem; font: inherit; font-weight: 600; border-radius: 6px; border: 2px solid #3b37c8; cursor: pointer; text-decoration: none; }
  .primary { width: 100%; background: #3b37c8; color: #fff; }
  .secondary { background: #fff; color: #3b37c8; }
  .danger { background: #fff; color: #a4161a; border-color: #a4161a; }
  a { color: #3b37c8; }
  :focus-visible { outline: 3px solid #0b5cff; outline-offset: 3px; }
  input:focus-visible { outline-offset: 1px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: .5rem 0 0; }
  dt { font-weight: 600; } dd { margin: 0; }
  section { border-top: 1px solid #d0d7de; padding-top: 1rem; margin-top: 1rem; }
  .alert { padding: .75rem 1rem; border-radius: 6px; background: #fde8e8; color: #7a1010; border: 1px solid #a4161a; }
  .notice { padding: .75rem 1rem; border-radius: 6px; background: #e6f4ea; color: #0f5323; border: 1px solid #1e7a3a; }
  .muted { color: #4b5563; font-size: .9rem; }
</style>
</head>
<body>
<main>
<p class="badge">Test mode · local Stripe stand-in · no real payment</p>
${content}
</main>
</body>
</html>`;
    return { status, html };
  }

  function messagePage(title: string, text: string, status: number, link?: { href: string; label: string }) {
    return page(
      title,
      `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ""}`,
      status,
    );
  }

  /** An expired session's page: it can no longer be paid (Stripe shows the same). */
  const expiredPage = (session: CheckoutSession, status: number) =>
    messagePage(
      "This checkout session has expired",
      "It can no longer be paid, and nothing was charged.",
      status,
      session.cancel_url ? { href: session.cancel_url, label: "Return to The Write Stuff" } : undefined,
    );

  const successUrlOf = (session: CheckoutSession) => session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);

  function checkoutPage(session: CheckoutSession, { error, card }: { error?: string; card?: string } = {}) {
    const customer = session.customer ? customers.get(session.customer) : undefined;
    const email = customer?.email ?? session.customer_email ?? "";
    const fixedEmail = Boolean(customer || session.customer_email);
    const path = `/stripe/checkout/${encodeURIComponent(session.id)}`;
    return page(
      "Checkout",
      `<h1>Subscribe to The Write Stuff</h1>
<p class="price">The Write Stuff — ${PRICE_LABEL} per month</p>
<p class="muted">Billed monthly. Cancel any time.</p>
${error ? `<p class="alert" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="${path}/pay">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(email)}"${fixedEmail ? " readonly" : ""}>
  <label for="card">Card number</label>
  <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${escapeHtml(card ?? "4242 4242 4242 4242")}">
  <div class="row">
    <div><label for="expiry">Expiry date (MM / YY)</label>
    <input id="expiry" name="expiry" autocomplete="cc-exp" value="12 / 34"></div>
    <div><label for="cvc">Security code (CVC)</label>
    <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" value="123"></div>
  </div>
  <button type="submit" class="primary">Pay ${PRICE_LABEL}</button>
</form>
<p><a class="button secondary" href="${path}/cancel">Cancel</a></p>`,
      error ? 402 : 200,
    );
  }

  function portalPage(portal: PortalSession, done: string | null) {
    const customer = customers.get(portal.customer);
    const path = `/stripe/portal/${encodeURIComponent(portal.id)}`;
    const subs = newestFirst([...subscriptions.values()].filter((s) => s.customer === portal.customer));
    const sections = subs.map((s) => {
      const end = s.items.data[0]!.current_period_end;
      const status =
        s.status === "canceled"
          ? "Canceled"
          : s.status === "past_due"
            ? "Past due — payment failed"
            : s.cancel_at_period_end
              ? "Active — cancels at the end of the period"
              : "Active";
      const [dateLabel, date] =
        s.status === "canceled"
          ? ["Ended on", s.ended_at]
          : s.cancel_at_period_end
            ? ["Ends on", s.cancel_at ?? end]
            : ["Renews on", end];
      const action =
        s.status === "canceled"
          ? ""
          : `<form method="post" action="${path}/${s.cancel_at_period_end ? "renew" : "cancel"}">
  <input type="hidden" name="subscription" value="${escapeHtml(s.id)}">
  <button type="submit" class="${s.cancel_at_period_end ? "secondary" : "danger"}">${s.cancel_at_period_end ? "Renew subscription" : "Cancel subscription"}</button>
</form>`;
      return `<section aria-labelledby="h-${escapeHtml(s.id)}">
<h2 id="h-${escapeHtml(s.id)}">The Write Stuff — ${PRICE_LABEL} per month</h2>
<dl>
  <dt>Status</dt><dd>${escapeHtml(status)}</dd>
  <dt>${dateLabel}</dt><dd>${escapeHtml(formatDate(date))}</dd>
</dl>
${action}
</section>`;
    });
    const notice =
      done === "canceled"
        ? "Your subscription is canceled. You keep access until the end of the paid period."
        : done === "renewed"
          ? "Your subscription is renewed. It will continue every month."
          : "";
    return page(
      "Billing",
      `<h1>Manage your subscription</h1>
${customer?.email ? `<p class="muted">Signed in as ${escapeHtml(customer.email)}</p>` : ""}
${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ""}
${sections.join("\n") || "<p>You have no subscriptions.</p>"}
${portal.return_url ? `<p><a class="button secondary" href="${escapeHtml(portal.return_url)}">Return to The Write Stuff</a></p>` : ""}`,
    );
  }

  const sendPage = (res: ServerResponse, { status, html }: { status: number; html: string }) => sendHtml(res, html, status);

  function redirect(res: ServerResponse, location: string) {
    res.writeHead(303, { Location: location, "Cache-Control": "no-store" });
    res.end();
  }

  async function handleCheckoutPage(req: IncomingMessage, res: ServerResponse, id: string, action: string | undefined) {
    const session = sessions.get(id);
    if (!session) return sendPage(res, messagePage("Checkout session not found", `There is no checkout session ${id}.`, 404));
    const method = req.method ?? "GET";

    if (action === undefined && method === "GET") {
      if (session.status === "expired") return sendPage(res, expiredPage(session, 200));
      if (session.status !== "open") {
        return sendPage(
          res,
          messagePage("This checkout is complete", "This checkout session has already been paid.", 200, {
            href: successUrlOf(session),
            label: "Return to The Write Stuff",
          }),
        );
      }
      return sendPage(res, checkoutPage(session));
    }
    if (action === "cancel" && (method === "GET" || method === "POST")) {
      if (method === "POST") await readBody(req);
      if (session.cancel_url) return redirect(res, session.cancel_url);
      return sendPage(res, messagePage("Checkout canceled", "You have not been charged.", 200));
    }
    if (action === "pay" && method === "POST") {
      const form = new URLSearchParams(await readBody(req));
      // Checked after the last await: two simultaneous payments cannot both pass.
      if (session.status === "expired") return sendPage(res, expiredPage(session, 409));
      if (session.status !== "open") {
        return sendPage(
          res,
          messagePage(
            "This checkout session is no longer available",
            "It has already been paid, so nothing was charged again.",
            409,
            { href: successUrlOf(session), label: "Return to The Write Stuff" },
          ),
        );
      }
      const card = form.get("card") ?? "";
      if (card.replace(/\D/g, "") === DECLINED_CARD) {
        return sendPage(res, checkoutPage(session, { error: "Your card was declined.", card }));
      }
      const email = form.get("email")?.trim() || null;
      paySession(session, email, `req_test_${++requestCounter}`);
      return redirect(res, successUrlOf(session));
    }
    sendPage(res, messagePage("Not found", `No page for ${method} ${req.url ?? ""}.`, 404));
  }

  async function handlePortalPage(req: IncomingMessage, res: ServerResponse, url: URL, id: string, action: string | undefined) {
    const portal = portalSessions.get(id);
    if (!portal) return sendPage(res, messagePage("Billing session not found", `There is no portal session ${id}.`, 404));
    const method = req.method ?? "GET";
    if (action === undefined && method === "GET") return sendPage(res, portalPage(portal, url.searchParams.get("done")));
    if ((action === "cancel" || action === "renew") && method === "POST") {
      const form = new URLSearchParams(await readBody(req));
      const subscription = subscriptions.get(form.get("subscription") ?? "");
      if (!subscription || subscription.customer !== portal.customer || subscription.status === "canceled") {
        return sendPage(res, messagePage("Subscription not found", "This subscription cannot be changed here.", 404));
      }
      const change = setCancelAtPeriodEnd(subscription, action === "cancel");
      if (change) emit([change], `req_test_${++requestCounter}`);
      return redirect(res, `/stripe/portal/${encodeURIComponent(portal.id)}?done=${action === "cancel" ? "canceled" : "renewed"}`);
    }
    sendPage(res, messagePage("Not found", `No page for ${method} ${req.url ?? ""}.`, 404));
  }

  // --- Control API

  function subscriptionFor(action: Json): Subscription {
    const id = action.subscription;
    if (typeof id !== "string" || !id) throw new Error(`${String(action.action)} needs a subscription id`);
    const subscription = subscriptions.get(id);
    if (!subscription) throw new ControlError(404, `No such subscription: ${id}`);
    return subscription;
  }

  function storedOrNewEvent(value: unknown): StripeEvent {
    if (value === undefined) {
      const latest = events.at(-1);
      if (!latest) throw new Error("No event has been emitted yet: pass event");
      return latest;
    }
    if (typeof value === "string") {
      const found = events.find((e) => e.id === value);
      if (!found) throw new ControlError(404, `No such event: ${value}`);
      return found;
    }
    const input = parseEventInput(value);
    return makeEvent({
      type: input.type,
      object: input.data.object as StripeObject,
      previous: input.data.previous_attributes,
    });
  }

  function sendNow(event: StripeEvent, signature: StripeDelivery["signature"]) {
    if (!settings.webhookUrl) throw new Error("Set webhookUrl first");
    outbox.push({ event, signature });
    pump();
  }

  function runAction(body: unknown): StripeEvent[] {
    if (!isObject(body) || typeof body.action !== "string") throw new Error("Send { action: … }");
    const action = body as Json & StripeAction;
    switch (action.action) {
      case "flush": {
        if (action.order !== undefined && action.order !== "emitted" && action.order !== "reverse") {
          throw new Error('order must be "emitted" or "reverse"');
        }
        const flushed = action.order === "reverse" ? [...held].reverse() : held;
        held = [];
        outbox.push(...flushed.map((event): Job => ({ event, signature: "valid" })));
        pump();
        return flushed;
      }
      case "end": {
        const subscription = subscriptionFor(action);
        try {
          return emit([endSubscription(subscription, subscription.cancel_at_period_end ? "cancellation_requested" : "payment_failed")]);
        } catch (error) {
          throw error instanceof StripeApiError ? new ControlError(409, error.message) : error;
        }
      }
      case "payment_failed": {
        const subscription = subscriptionFor(action);
        if (subscription.status === "canceled") throw new ControlError(409, `${subscription.id} is canceled`);
        let invoice: Invoice | undefined;
        const update = updateSubscription(subscription, (s) => {
          s.status = "past_due";
          invoice = createInvoice(s, { paid: false, reason: "subscription_cycle" });
        })!; // latest_invoice always changes
        return emit([{ type: "invoice.payment_failed", object: invoice! }, update]);
      }
      case "renew": {
        const subscription = subscriptionFor(action);
        if (subscription.status === "canceled") throw new ControlError(409, `${subscription.id} is canceled`);
        if (subscription.cancel_at_period_end) {
          throw new ControlError(409, `${subscription.id} is set to cancel at period end: use { action: "end" }`);
        }
        let invoice: Invoice | undefined;
        const update = updateSubscription(subscription, (s) => {
          const item = s.items.data[0]!;
          const start = Math.max(item.current_period_end, now());
          s.status = "active";
          item.current_period_start = start;
          item.current_period_end = start + PERIOD_SECONDS;
          invoice = createInvoice(s, { paid: true, reason: "subscription_cycle" });
        })!; // the period always moves
        return emit([{ type: "invoice.paid", object: invoice! }, update]);
      }
      case "redeliver": {
        if (typeof action.event !== "string" || !action.event) throw new Error("redeliver needs an event id");
        const event = storedOrNewEvent(action.event);
        sendNow(event, "valid");
        return [event];
      }
      case "send": {
        const input = parseEventInput(action.event);
        return emit([
          { type: input.type, object: input.data.object as StripeObject, previous: input.data.previous_attributes },
        ]);
      }
      case "send_unsigned":
      case "send_bad_signature": {
        const event = storedOrNewEvent(action.event);
        sendNow(event, action.action === "send_unsigned" ? "missing" : "invalid");
        return [event];
      }
      default:
        throw new Error(`Unknown action: ${String((action as Json).action)}`);
    }
  }

  async function readControlJson(req: IncomingMessage): Promise<unknown> {
    const text = await readBody(req);
    try {
      return text ? JSON.parse(text) : {};
    } catch {
      throw new Error("Send a JSON body");
    }
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL) {
    const method = req.method ?? "GET";
    try {
      if (url.pathname === "/__control/stripe") {
        if (method === "GET") {
          if (url.searchParams.has("settle")) await settle();
          return sendJson(res, 200, state());
        }
        if (method === "POST") {
          const update = parseSettingsUpdate(await readControlJson(req));
          settings = { ...settings, ...update };
          pump(); // a new webhookUrl releases the events that were waiting for one
          return sendJson(res, 200, state());
        }
        if (method === "DELETE") {
          reset();
          return sendJson(res, 200, state());
        }
      }
      if (url.pathname === "/__control/stripe/reset" && method === "POST") {
        const body = await readControlJson(req);
        reset({ everything: isObject(body) && body.everything === true });
        return sendJson(res, 200, state());
      }
      if (url.pathname === "/__control/stripe/actions" && method === "POST") {
        const sent = runAction(await readControlJson(req));
        return sendJson(res, 200, { events: clone(sent), state: state() });
      }
      sendJson(res, 405, { message: `No control endpoint for ${method} ${url.pathname}` });
    } catch (error) {
      const status = error instanceof ControlError ? error.status : 400;
      sendJson(res, status, { message: error instanceof Error ? error.message : "Bad request" });
    }
  }

  // --- Entry point

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname;
    if (path === "/__control/stripe" || path.startsWith("/__control/stripe/")) {
      await handleControl(req, res, url);
      return true;
    }
    if (STRIPE_API_PATHS.test(path)) {
      await handleApi(req, res, url);
      return true;
    }
    let m: RegExpExecArray | null;
    if ((m = /^\/stripe\/checkout\/([^/]+)(?:\/(pay|cancel))?\/?$/.exec(path))) {
      await handleCheckoutPage(req, res, decodeURIComponent(m[1]!), m[2]);
      return true;
    }
    if ((m = /^\/stripe\/portal\/([^/]+)(?:\/(cancel|renew))?\/?$/.exec(path))) {
      await handlePortalPage(req, res, url, decodeURIComponent(m[1]!), m[2]);
      return true;
    }
    return false;
  }

  /** Stops deliveries (in flight ones are aborted). */
  function close() {
    closing.abort(new Error("stand-in closed"));
  }

  return { handle, state, reset, close };
}
