/**
 * Types and small fetch helpers for the Stripe stand-in's control API (`/__control/stripe`).
 * No Node imports: tests in Node, in workerd and in Playwright can all use it.
 *
 *   await configureStripe(mockUrl, { webhookUrl: `${appUrl}/api/stripe/webhook`, deliveryMode: "hold" });
 *   await stripeAction(mockUrl, { action: "flush" });
 *   const { subscriptions, deliveries } = await stripeState(mockUrl, { settle: true });
 *   await resetStripe(mockUrl);
 */

/**
 * How emitted events reach the webhook:
 * - `normal`: one delivery per event, in the order they were emitted;
 * - `duplicate`: every event delivered twice in a row (same id, same payload);
 * - `reverse`: the events of one action delivered last-first (e.g. `customer.subscription.created`
 *   after `invoice.paid`, `checkout.session.completed` last);
 * - `hold`: kept back until `{ action: "flush" }`.
 */
export type StripeDeliveryMode = "normal" | "duplicate" | "reverse" | "hold";

export type StripeSettings = {
  /** Where events are POSTed. While null, events wait and go out as soon as it is set. */
  webhookUrl: string | null;
  /** The `whsec_…` secret deliveries are signed with (default "whsec_test_standin"). */
  webhookSecret: string;
  /** The one price the stand-in sells: $5.00 (500 usd) per month (default "price_test_monthly"). */
  priceId: string;
  deliveryMode: StripeDeliveryMode;
  /**
   * Origin used in the hosted pages' URLs (`session.url`, `portal.url`). Null: the origin the
   * API request was addressed to (its Host header), e.g. `http://127.0.0.1:4010`.
   */
  publicUrl: string | null;
};

/** Body of `POST /__control/stripe`: merged into the current settings. */
export type StripeSettingsUpdate = Partial<StripeSettings>;

/** Any Stripe API object as the stand-in serves it (`id`, `object`, `created`, `livemode`, …). */
export type StripeObject = { id: string; object: string; [field: string]: unknown };

export type StripeEvent = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  type: string;
  /** `object` is a snapshot taken when the event was emitted; `previous_attributes` on `*.updated`. */
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
};

/** An event to send with `{ action: "send" }` (and the unsigned / bad-signature variants). */
export type StripeEventInput = {
  type: string;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
};

/** One webhook delivery attempt, in the order they were made. */
export type StripeDelivery = {
  /** 1, 2, 3… across the stand-in's life since the last reset. */
  n: number;
  eventId: string;
  type: string;
  /** The webhook's HTTP status; 0 when it could not be reached (see `error`). */
  status: number;
  /** How the delivery was signed: correctly, not at all, or with the wrong secret. */
  signature: "valid" | "missing" | "invalid";
  /** The first 500 characters of the webhook's answer. */
  response: string;
  error: string | null;
  /** When the delivery finished (ms since the epoch). */
  at: number;
};

/** Response of `GET /__control/stripe` (and of the settings and reset calls). */
export type StripeState = {
  settings: StripeSettings;
  customers: StripeObject[];
  /** Checkout sessions. */
  sessions: StripeObject[];
  subscriptions: StripeObject[];
  invoices: StripeObject[];
  /** One per paid invoice: `{ invoice, status: "paid", payment: { type: "payment_intent", payment_intent } }`. */
  invoicePayments: StripeObject[];
  /** Refunds made through `POST /v1/refunds` (`payment_intent`, `charge`, `amount`, `reason`). */
  refunds: StripeObject[];
  portalSessions: StripeObject[];
  /** Every event emitted since the last reset, oldest first. */
  events: StripeEvent[];
  deliveries: StripeDelivery[];
  /** Ids of events kept back by `deliveryMode: "hold"`, in emission order. */
  heldEvents: string[];
  /** Deliveries queued or in flight (waiting for a `webhookUrl` included). */
  queuedDeliveries: number;
};

export type StripeAction =
  /** Deliver the held events (emission order, or last-first with `order: "reverse"`). */
  | { action: "flush"; order?: "emitted" | "reverse" }
  /** The paid period is over: status canceled, ended_at; emits customer.subscription.deleted. */
  | { action: "end"; subscription: string }
  /** A renewal payment failed: status past_due and an open invoice; emits invoice.payment_failed, customer.subscription.updated. */
  | { action: "payment_failed"; subscription: string }
  /** The next period starts and is paid: status active; emits invoice.paid, customer.subscription.updated. */
  | { action: "renew"; subscription: string }
  /** Sends one stored event again (same id and payload, freshly signed). */
  | { action: "redeliver"; event: string }
  /** Emits an arbitrary event (stored, signed, subject to `deliveryMode`). */
  | { action: "send"; event: StripeEventInput }
  /**
   * Delivers an event with no `Stripe-Signature` header, or one signed with the wrong secret, now
   * (ignoring `deliveryMode`). `event`: a stored event id, a new event, or absent for the latest one.
   */
  | { action: "send_unsigned" | "send_bad_signature"; event?: string | StripeEventInput };

/** Response of `POST /__control/stripe/actions`. */
export type StripeActionResult = {
  /** Events the action emitted or (re)sent. */
  events: StripeEvent[];
  state: StripeState;
};

async function control<T>(mockUrl: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${mockUrl}/__control/stripe${path}`, {
    method,
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Stripe stand-in control ${method} ${path || "/"}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const configureStripe = (mockUrl: string, update: StripeSettingsUpdate) =>
  control<StripeState>(mockUrl, "POST", "", update);

/** The state; with `settle`, answered once no delivery is queued or in flight (held ones aside; at most 10 s). */
export const stripeState = (mockUrl: string, { settle = false }: { settle?: boolean } = {}) =>
  control<StripeState>(mockUrl, "GET", settle ? "?settle=1" : "");

export const stripeAction = (mockUrl: string, action: StripeAction) =>
  control<StripeActionResult>(mockUrl, "POST", "/actions", action);

/**
 * Forgets every customer, session, subscription, invoice, event and delivery, restarts the id
 * counters, and puts `priceId`, `deliveryMode` and `publicUrl` back to their defaults. `webhookUrl`
 * and `webhookSecret` are kept — they describe how the running app is wired — unless `everything`.
 */
export const resetStripe = (mockUrl: string, { everything = false }: { everything?: boolean } = {}) =>
  control<StripeState>(mockUrl, "POST", "/reset", { everything });

/** Waits until at least `count` deliveries were made and none is queued or in flight. */
export async function waitForStripeDeliveries(
  mockUrl: string,
  count: number,
  { timeoutMs = 10_000 }: { timeoutMs?: number } = {},
): Promise<StripeState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await stripeState(mockUrl, { settle: true });
    if (state.deliveries.length >= count && state.queuedDeliveries === 0) return state;
    if (Date.now() > deadline) {
      throw new Error(`Stripe stand-in: ${state.deliveries.length} of ${count} webhook deliveries after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Pays a checkout session the way its hosted page does (`POST {session.url}/pay`), without a
 * browser. Answers the redirect target: `success_url` on success. `card` "4000 0000 0000 0002"
 * is declined (status 402, no redirect).
 */
export async function payStripeCheckout(
  checkoutUrl: string,
  { card = "4242 4242 4242 4242", email }: { card?: string; email?: string } = {},
): Promise<{ status: number; location: string | null }> {
  const form = new URLSearchParams({ card });
  if (email) form.set("email", email);
  const response = await fetch(`${checkoutUrl}/pay`, { method: "POST", body: form, redirect: "manual" });
  await response.body?.cancel();
  return { status: response.status, location: response.headers.get("location") };
}
