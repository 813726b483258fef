/**
 * `POST /api/stripe/webhook`: Stripe's events, verified on the raw body and handled once per
 * event id. The writer's state is always re-read from Stripe's subscription, so repeated and
 * out-of-order deliveries end in the same, right state. A second live subscription of the same
 * customer is cancelled and refunded on the way (duplicates.server.ts), and a finished Checkout
 * session is forgotten (checkout.server.ts). Without its settings it answers 503 (webhook-config.server.ts).
 */
import type Stripe from "stripe";
import type { Database } from "~db/client";
import { getDb } from "~/lib/db.server";
import {
  applyStripeSubscription,
  clearCheckoutSession,
  findUserByStripeCustomer,
  getSubscription,
  hasProcessedStripeEvent,
  linkStripeCustomer,
  recordStripeEvent,
} from "~db/queries/subscriptions";
import { fail } from "~/lib/api-failure";
import { keepOneSubscription } from "./duplicates.server";
import { stripeCrypto } from "./stripe.server";
import { refId, subscriptionState } from "./stripe-subscription";
import { type WebhookSetup, webhookSetup } from "./webhook-config.server";

/** Stripe's events are a few KB; a subscription with many items stays far below this. */
export const MAX_WEBHOOK_BYTES = 512 * 1024;

function received(body: Record<string, unknown> = {}) {
  return { received: true, ...body };
}

/** The subscription and customer an event is about, and a user id it names (checkout only). */
function subjectOf(event: Stripe.Event): { subscriptionId: string | null; customerId: string | null; userId: string | null } {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      return {
        subscriptionId: refId(session.subscription),
        customerId: refId(session.customer),
        userId: session.client_reference_id ?? null,
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed": {
      const subscription = event.data.object;
      return { subscriptionId: subscription.id, customerId: refId(subscription.customer), userId: null };
    }
    case "invoice.paid":
    case "invoice.payment_failed":
    case "invoice.payment_succeeded": {
      const invoice = event.data.object;
      return {
        subscriptionId: refId(invoice.parent?.subscription_details?.subscription),
        customerId: refId(invoice.customer),
        userId: null,
      };
    }
    default:
      return { subscriptionId: null, customerId: null, userId: null };
  }
}

/** The Checkout session a `checkout.session.*` event is about: completed or expired, it can no longer be paid. */
function finishedCheckoutOf(event: Stripe.Event): string | null {
  if (event.type === "checkout.session.completed" || event.type === "checkout.session.expired") return event.data.object.id;
  return null;
}

/** The writer an event is about: the one linked to its customer, or the one its checkout names. */
async function writerOf(db: Database, subject: { customerId: string; userId: string | null }, now: Date): Promise<string | null> {
  const userId = await findUserByStripeCustomer({ db, customerId: subject.customerId });
  if (userId || !subject.userId) return userId;
  // A checkout names our user; link its customer if the writer has none yet.
  if (!(await getSubscription({ db, userId: subject.userId }))) return null;
  const linked = await linkStripeCustomer({ db, userId: subject.userId, customerId: subject.customerId, now });
  return linked === subject.customerId ? subject.userId : null;
}

/** Applies Stripe's current word on the event's subscription (and on any duplicate of it) to the writer. */
async function applySubject(stripe: Stripe, event: Stripe.Event, subject: { subscriptionId: string; customerId: string; userId: string | null }) {
  const db = getDb();
  const now = new Date();
  const userId = await writerOf(db, subject, now);
  if (!userId) {
    console.warn(`stripe webhook ${event.id} (${event.type}): no writer for customer ${subject.customerId}; ignored`);
    return;
  }
  // Stripe's current word on the subscription, not the event's snapshot: late or repeated
  // events cannot roll the state back.
  const subscription = await stripe.subscriptions.retrieve(subject.subscriptionId);
  const trackedId = (await getSubscription({ db, userId }))?.stripeSubscriptionId ?? null;
  const kept = await keepOneSubscription({ stripe, subscription, trackedId, userId });
  await applyStripeSubscription({ db, userId, state: subscriptionState(kept), now });
}

/** The event, once its signature on the raw body checks out; a refusal (400) is thrown otherwise. */
async function verifiedEvent(request: Request, payload: string, setup: WebhookSetup): Promise<Stripe.Event> {
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) throw fail("invalid", "Missing Stripe signature.");
  try {
    return await setup.stripe.webhooks.constructEventAsync(payload, signature, setup.webhookSecret, undefined, stripeCrypto);
  } catch {
    throw fail("invalid", "Invalid Stripe signature.");
  }
}

/** One signed delivery from Stripe: `payload` is its raw body, exactly as signed. */
export async function handleStripeWebhook(request: Request, payload: string) {
  const setup = webhookSetup();
  const event = await verifiedEvent(request, payload, setup);

  const db = getDb();
  if (await hasProcessedStripeEvent({ db, eventId: event.id })) return received({ duplicate: true });

  const finished = finishedCheckoutOf(event);
  if (finished) await clearCheckoutSession({ db, sessionId: finished, now: new Date() });
  const subject = subjectOf(event);
  if (subject.subscriptionId && subject.customerId) {
    await applySubject(setup.stripe, event, { ...subject, subscriptionId: subject.subscriptionId, customerId: subject.customerId });
  }
  await recordStripeEvent({ db, eventId: event.id, type: event.type, now: new Date() });
  return received();
}
