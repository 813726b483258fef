/**
 * The money side of the Stripe stand-in (tests/mocks/stripe.ts): each paid invoice's payment and
 * the refunds of those payments, shaped as Stripe's current API has them.
 *
 * - A paid invoice gets one Invoice Payment (`inpay_test_N`, `status: "paid"`) whose `payment`
 *   names a PaymentIntent (`pi_test_N`) — since the 2025 API versions an invoice no longer carries
 *   `payment_intent`/`charge` itself. Behind it a charge (`ch_test_N`) holds what can be refunded.
 * - `GET /v1/invoice_payments` (`invoice`, `status`, `payment[payment_intent]`), `GET /v1/invoice_payments/:id`.
 * - `POST /v1/refunds` by `payment_intent` or `charge` (whole or partial `amount`, `reason`,
 *   `metadata`); a fully refunded charge answers Stripe's `charge_already_refunded`.
 *   `GET /v1/refunds` (`payment_intent`, `charge`), `GET /v1/refunds/:id`.
 *
 * Refunds emit no webhook events: the app's endpoint does not subscribe to `charge.refunded`.
 */
import type { StripeObject } from "./stripe-control.ts";

type Json = Record<string, unknown>;
type Metadata = Record<string, string>;

export type InvoicePayment = StripeObject & {
  object: "invoice_payment";
  invoice: string;
  amount_paid: number;
  status: "paid";
  payment: { type: "payment_intent"; payment_intent: string };
};

export type Refund = StripeObject & {
  object: "refund";
  amount: number;
  charge: string;
  payment_intent: string;
  reason: string | null;
  status: "succeeded";
  metadata: Metadata;
};

/** What a paid invoice must say for its payment to be recorded. */
export type PaidInvoice = { id: string; customer: string; amount_paid: number; currency: string };

/** One object, or a list (with its URL) for the caller to page. */
type LedgerAnswer = { object: StripeObject } | { list: StripeObject[]; url: string };

type Charge = { id: string; paymentIntent: string; amount: number; refunded: number };

/** Builds the stand-in's Stripe API errors (its own class, so its error JSON stays in one place). */
export type ErrorFactory = (status: number, message: string, extra?: { code?: string; param?: string }) => Error;

const REFUND_REASONS = new Set(["duplicate", "fraudulent", "requested_by_customer"]);

export function createPaymentLedger({
  nextId,
  now,
  apiError,
}: {
  nextId: (prefix: string) => string;
  now: () => number;
  apiError: ErrorFactory;
}) {
  let payments = new Map<string, InvoicePayment>();
  let charges = new Map<string, Charge>();
  let refunds = new Map<string, Refund>();

  /** Records the payment of a paid invoice: PaymentIntent, charge and Invoice Payment. */
  function recordPayment(invoice: PaidInvoice): InvoicePayment {
    const paidAt = now();
    const paymentIntent = nextId("pi");
    const charge: Charge = { id: nextId("ch"), paymentIntent, amount: invoice.amount_paid, refunded: 0 };
    charges.set(charge.id, charge);
    const payment: InvoicePayment = {
      id: nextId("inpay"),
      object: "invoice_payment",
      amount_paid: invoice.amount_paid,
      amount_requested: invoice.amount_paid,
      created: paidAt,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: "payment_intent", payment_intent: paymentIntent },
      status: "paid",
      status_transitions: { canceled_at: null, paid_at: paidAt },
    };
    payments.set(payment.id, payment);
    return payment;
  }

  const str = (params: Json, name: string): string | undefined =>
    typeof params[name] === "string" ? (params[name] as string) : undefined;

  function chargeFor(params: Json): Charge {
    const intent = str(params, "payment_intent");
    const chargeId = str(params, "charge");
    if (!intent && !chargeId) {
      throw apiError(400, "One of the following params should be provided for this request: payment_intent or charge.");
    }
    if (intent) {
      const found = [...charges.values()].find((charge) => charge.paymentIntent === intent);
      if (!found) throw apiError(400, `No such payment_intent: '${intent}'`, { code: "resource_missing", param: "payment_intent" });
      if (chargeId && chargeId !== found.id) throw apiError(400, `Charge ${chargeId} does not belong to ${intent}.`, { param: "charge" });
      return found;
    }
    const found = charges.get(chargeId!);
    if (!found) throw apiError(400, `No such charge: '${chargeId}'`, { code: "resource_missing", param: "charge" });
    return found;
  }

  function createRefund(params: Json): Refund {
    const charge = chargeFor(params);
    const left = charge.amount - charge.refunded;
    if (left <= 0) throw apiError(400, `Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) throw apiError(400, "Invalid positive integer", { param: "amount" });
    if (amount > left) {
      throw apiError(400, `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, {
        code: "amount_too_large",
        param: "amount",
      });
    }
    const reason = str(params, "reason") ?? null;
    if (reason !== null && !REFUND_REASONS.has(reason)) throw apiError(400, `Invalid reason: ${reason}`, { param: "reason" });
    const metadata = typeof params.metadata === "object" && params.metadata !== null ? (params.metadata as Metadata) : {};
    charge.refunded += amount;
    const refund: Refund = {
      id: nextId("re"),
      object: "refund",
      amount,
      balance_transaction: null,
      charge: charge.id,
      created: now(),
      currency: "usd",
      destination_details: null,
      metadata,
      payment_intent: charge.paymentIntent,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: "succeeded",
      transfer_reversal: null,
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  const newestFirst = <T extends StripeObject>(items: Iterable<T>) =>
    [...items].sort((a, b) => Number(b.created) - Number(a.created) || b.id.localeCompare(a.id, "en", { numeric: true }));

  function listPayments(params: Json): InvoicePayment[] {
    const invoice = str(params, "invoice");
    const status = str(params, "status");
    const payment = typeof params.payment === "object" && params.payment !== null ? (params.payment as Json) : {};
    const intent = str(payment, "payment_intent");
    return newestFirst(payments.values()).filter(
      (item) =>
        (invoice === undefined || item.invoice === invoice) &&
        (status === undefined || item.status === status) &&
        (intent === undefined || item.payment.payment_intent === intent),
    );
  }

  function listRefunds(params: Json): Refund[] {
    const intent = str(params, "payment_intent");
    const charge = str(params, "charge");
    return newestFirst(refunds.values()).filter(
      (item) => (intent === undefined || item.payment_intent === intent) && (charge === undefined || item.charge === charge),
    );
  }

  function getOr404<T>(map: Map<string, T>, kind: string, id: string): T {
    const found = map.get(id);
    if (!found) throw apiError(404, `No such ${kind}: '${id}'`, { code: "resource_missing" });
    return found;
  }

  /** The ledger's REST routes (lists still to be limited by the caller), or null when the path is not one of them. */
  function route(method: string, path: string, params: Json): LedgerAnswer | null {
    let m: RegExpExecArray | null;
    if (path === "/v1/invoice_payments" && method === "GET") return { list: listPayments(params), url: path };
    if ((m = /^\/v1\/invoice_payments\/([^/]+)$/.exec(path)) && method === "GET") {
      return { object: getOr404(payments, "invoice_payment", m[1]!) };
    }
    if (path === "/v1/refunds" && method === "POST") return { object: createRefund(params) };
    if (path === "/v1/refunds" && method === "GET") return { list: listRefunds(params), url: path };
    if ((m = /^\/v1\/refunds\/([^/]+)$/.exec(path)) && method === "GET") return { object: getOr404(refunds, "refund", m[1]!) };
    return null;
  }

  return {
    recordPayment,
    route,
    lookup: (id: string): StripeObject | undefined => payments.get(id) ?? refunds.get(id),
    state: () => ({ invoicePayments: [...payments.values()], refunds: [...refunds.values()] }),
    reset() {
      payments = new Map();
      charges = new Map();
      refunds = new Map();
    },
  };
}
