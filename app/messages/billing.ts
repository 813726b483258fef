/** Subscription card and billing (spec sections 4 and 8); the ones the spec leaves open are ours. */
import { PLAN } from "~/rules/plan";

export const billingTexts = {
  cardTitle: "Subscription Status",
  subscribeNow: "Subscribe Now",
  manageBilling: "Manage Billing",
  cancel: "Cancel Subscription",
  resume: "Resume Subscription",
  noSubscription: "No active subscription",
  adminBadge: "Admin",
  adminAccess: "You have admin access: unlimited conversations and follow-ups.",
  active: `Your subscription is active: unlimited conversations and follow-ups, ${PLAN.priceText}.`,
  nextBilling: (date: string) => `Next billing date: ${date}`,
  endsOn: (date: string) => `Your subscription ends on ${date}. Access stays until then.`,
  pastDue: "Your last payment did not go through. Stripe will try again; update your card in Manage Billing to keep access.",
  testPayments: "Test payments",
  testPaymentsHint: "Payments go to the local Stripe stand-in: no real card is charged.",
  confirming: "Confirming your payment with Stripe...",
  confirmingSlow: "Stripe has not confirmed the payment yet. This card updates as soon as it does.",
  subscribeSignedOut: "User must be logged in to create subscription",
  subscribeFailed: "Failed to create subscription",
  signedOut: "You must be logged in to perform this action.",
  unavailable: "Payments are not available right now. Please try again later.",
  cancelFailed: "Failed to process unsubscription. Please try again.",
  redirecting: "Opening Stripe...",
  /** The webhook's 503 body (read by Stripe's delivery log and the operator, not by writers). */
  webhookNotConfigured: (keys: readonly string[]) =>
    `Stripe webhooks cannot be processed: ${keys.join(", ")} ${keys.length === 1 ? "is" : "are"} not set on this server.`,
} as const;

export const billingToasts = {
  unsubscribed: { title: "Unsubscribed Successfully" },
  cancelFailed: { title: "Error", description: "Failed to process unsubscription. Please try again." },
  resumed: { title: "Subscription resumed", description: "Your subscription will renew as usual." },
  subscribed: { title: "Subscribed!", description: "Thank you. Unlimited conversations and follow-ups are yours." },
  checkoutCancelled: { title: "Checkout cancelled", description: "No payment was taken." },
  error: { title: "Error" },
} as const;
