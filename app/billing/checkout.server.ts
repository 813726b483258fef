/**
 * One Checkout session that can be paid per writer (decision 011). The writer's row remembers
 * it (`checkout_session_id`); Subscribe Now hands that session out again while it is open, and
 * only replaces it through a compare-and-set, so of two concurrent requests one session wins and
 * the other request expires its own at Stripe before anyone could see, let alone pay, it.
 */
import type Stripe from "stripe";
import type { Database } from "~db/client";
import { claimCheckoutSession, getSubscription } from "~db/queries/subscriptions";
import { storedCheckoutDecision } from "./one-subscription";

/** How many times a request retries after losing the compare-and-set to concurrent ones. */
const ATTEMPTS = 3;

/** Raised when no Checkout session could be settled on (Stripe gave no URL, or the races went on). */
export class CheckoutUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CheckoutUnavailableError";
  }
}

const isMissing = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "resource_missing";

/** The stored session's URL if it can still be handed out; otherwise null (expiring it first when it is still payable). */
async function reusableUrl(stripe: Stripe, sessionId: string): Promise<string | null> {
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (isMissing(error)) return null; // e.g. made with another key: nothing there can be paid
    throw error;
  }
  const decision = storedCheckoutDecision(session, Math.floor(Date.now() / 1000));
  if (decision.action === "reuse") return decision.url;
  if (decision.action === "expire") await expireQuietly(stripe, session.id, "its time is nearly up");
  return null;
}

/**
 * Expires a session nobody must pay. A failure is logged, not raised: the session's URL was
 * never handed out, and a subscription paid through it anyway is cancelled and refunded by the
 * webhook (duplicates.server.ts).
 */
async function expireQuietly(stripe: Stripe, sessionId: string, why: string) {
  try {
    await stripe.checkout.sessions.expire(sessionId);
  } catch (error) {
    console.error(`billing: could not expire Checkout session ${sessionId} (${why}):`, error);
  }
}

/**
 * The URL of the writer's one payable Checkout session: the stored one while it is open, else a
 * new one from `create`, stored only if no concurrent request stored another first.
 */
export async function singleCheckoutUrl({
  db,
  stripe,
  userId,
  stored: storedAtStart,
  create,
}: {
  db: Database;
  stripe: Stripe;
  userId: string;
  /** The session id the writer's row held when the request read it. */
  stored: string | null;
  create: () => Promise<Stripe.Checkout.Session>;
}): Promise<string> {
  let stored = storedAtStart;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const reusable = stored ? await reusableUrl(stripe, stored) : null;
    if (reusable) return reusable;
    const session = await create();
    if (!session.url) throw new CheckoutUnavailableError(`Checkout session ${session.id} has no URL`);
    if (await claimCheckoutSession({ db, userId, expected: stored, sessionId: session.id, now: new Date() })) {
      return session.url;
    }
    // A concurrent Subscribe Now stored its session first: this one must never be paid.
    await expireQuietly(stripe, session.id, "a concurrent request's session won");
    stored = (await getSubscription({ db, userId }))?.checkoutSessionId ?? null;
  }
  throw new CheckoutUnavailableError(`no Checkout session settled for ${userId} after ${ATTEMPTS} attempts`);
}
