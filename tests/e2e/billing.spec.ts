/**
 * Subscriptions as a writer meets them (issue 5, decision 008): the Subscription Status card,
 * Stripe Checkout and the Billing Portal — here the local Stripe stand-in's hosted pages — and
 * the webhooks that follow, which the stand-in delivers to the app by itself (global setup wires
 * it to the running Worker).
 *
 * The stand-in is shared by both Playwright workers, so these tests never change its settings
 * (delivery mode, reset): every test signs up its own writer and acts only on the Stripe
 * customer and subscription that belong to that writer's e-mail address.
 *
 * The app's APP_URL and the tests' baseURL are the same `http://localhost:<port>`, so Checkout's
 * success and cancel URLs come back to the origin that holds the session cookie (SameSite=Lax:
 * sent on the top-level redirect back from the stand-in's origin).
 */
import type { Page } from "@playwright/test";
import { billingTexts, billingToasts } from "../../app/messages/billing.ts";
import { conversationNote, trialTexts } from "../../app/messages/trial.ts";
import { generationErrors, generationToasts } from "../../app/messages/tools.ts";
import { payStripeCheckout, stripeAction, stripeState, type StripeObject } from "../mocks/stripe-control.ts";
import { expect, expectNoA11yViolations, expectToast, open, signUp, tabTo, test, waitForHydration } from "./fixtures.ts";
import { chooseElement, generateAndWait, injectFault, openToolFromDashboard, toolBySlug, toolPage } from "./tool-page.ts";

const denied = { title: generationToasts.actionDenied.title, description: generationErrors.denied };
const prose = toolBySlug("prose");
const PROSE_ELEMENT = "World description";

/** How the card writes a date: en-US long form, in UTC (app/billing/subscription-status.ts). */
const cardDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const dateOf = (seconds: number) => cardDate.format(new Date(seconds * 1000));

// ---- The card ---------------------------------------------------------------------------------

function card(page: Page) {
  const root = page.locator(".subscription-card");
  return {
    root,
    heading: root.getByRole("heading", { level: 2, name: billingTexts.cardTitle }),
    testBadge: root.getByText(billingTexts.testPayments, { exact: true }),
    trialDays: root.getByTestId("trial-days"),
    trialQueries: root.getByTestId("trial-queries"),
    noSubscription: root.getByText(billingTexts.noSubscription, { exact: true }),
    active: root.getByText(billingTexts.active, { exact: true }),
    billingDate: root.getByTestId("billing-date"),
    pastDue: root.getByRole("alert"),
    confirming: root.getByRole("status").filter({ hasText: billingTexts.confirming }),
    subscribeNow: root.getByRole("button", { name: billingTexts.subscribeNow }),
    cancel: root.getByRole("button", { name: billingTexts.cancel }),
    resume: root.getByRole("button", { name: billingTexts.resume }),
    manageBilling: root.getByRole("button", { name: billingTexts.manageBilling }),
  };
}

/** The trial card: days and conversations left, Subscribe Now, nothing of a subscription. */
async function expectTrialCard(page: Page, { queries, days = 30 }: { queries: number; days?: number }) {
  const ui = card(page);
  if (queries > 0) {
    await expect(ui.trialDays).toHaveText(trialTexts.daysRemaining(days));
    await expect(ui.trialQueries).toHaveText(trialTexts.conversationsLeft(queries, 5));
  } else {
    // Used up: the card leads with that; the days left are for the follow-ups.
    await expect(ui.trialQueries).toHaveText(trialTexts.conversationsUsedUp);
    await expect(ui.trialDays).toHaveText(trialTexts.followUpsStayOpen(days));
  }
  await expect(ui.subscribeNow).toBeVisible();
  await expect(ui.subscribeNow).toBeEnabled();
  await expect(ui.active).toHaveCount(0);
  await expect(ui.billingDate).toHaveCount(0);
  await expect(ui.cancel).toHaveCount(0);
  await expect(ui.resume).toHaveCount(0);
  await expect(ui.manageBilling).toHaveCount(0);
}

/** The subscribed card, renewing (`Next billing date`) or cancelling (`ends on`) at `periodEnd`. */
async function expectSubscribedCard(page: Page, { periodEnd, cancelling }: { periodEnd: number; cancelling: boolean }) {
  const ui = card(page);
  await expect(ui.active).toBeVisible();
  await expect(ui.billingDate).toHaveText(
    cancelling ? billingTexts.endsOn(dateOf(periodEnd)) : billingTexts.nextBilling(dateOf(periodEnd)),
  );
  await expect(cancelling ? ui.resume : ui.cancel).toBeVisible();
  await expect(cancelling ? ui.cancel : ui.resume).toHaveCount(0);
  await expect(ui.manageBilling).toBeVisible();
  await expect(ui.subscribeNow).toHaveCount(0);
  await expect(ui.trialQueries).toHaveCount(0);
  await expect(ui.trialDays).toHaveCount(0);
}

/**
 * Reloads the dashboard until `check` passes: for changes that only a webhook brings (the
 * portal, the stand-in's control actions), which no open page polls for.
 */
async function reloadUntil(page: Page, check: () => Promise<void>, message: string) {
  await expect(async () => {
    await open(page, "/dashboard");
    await check();
  }, message).toPass({ intervals: [250, 500, 1_000], timeout: 20_000 });
}

// ---- The stand-in -----------------------------------------------------------------------------

type StandIn = { customer: StripeObject | undefined; subscriptions: StripeObject[]; sessions: StripeObject[] };

/** What the stand-in holds for this writer only: the customer with this e-mail, its sessions and subscriptions. */
async function standInFor(mockUrl: string, email: string): Promise<StandIn> {
  const state = await stripeState(mockUrl);
  const customer = state.customers.find((item) => item.email === email);
  if (!customer) return { customer, subscriptions: [], sessions: [] };
  return {
    customer,
    subscriptions: state.subscriptions.filter((item) => item.customer === customer.id),
    sessions: state.sessions.filter((item) => item.customer === customer.id),
  };
}

type Subscription = StripeObject & {
  created: number;
  status: string;
  cancel_at_period_end: boolean;
  items: { data: { current_period_end: number }[] };
};

/** This writer's one subscription at the stand-in. */
async function subscriptionFor(mockUrl: string, email: string): Promise<Subscription> {
  const { subscriptions } = await standInFor(mockUrl, email);
  expect(subscriptions, `one subscription at the stand-in for ${email}`).toHaveLength(1);
  return subscriptions[0] as Subscription;
}

/** This writer's one subscription that is not over (an ended one may exist beside it). */
async function liveSubscriptionFor(mockUrl: string, email: string): Promise<Subscription> {
  const { subscriptions } = await standInFor(mockUrl, email);
  const live = subscriptions.filter((item) => item.status !== "canceled");
  expect(live, `one live subscription at the stand-in for ${email}`).toHaveLength(1);
  return live[0] as Subscription;
}

const periodEndOf = (subscription: Subscription) => subscription.items.data[0]!.current_period_end;

/** The stand-in's hosted pages, on its own origin. */
function checkoutUrl(mockUrl: string) {
  return new RegExp(`^${mockUrl.replaceAll(".", "\\.")}/stripe/checkout/[^/?]+$`);
}
function portalUrl(mockUrl: string) {
  return new RegExp(`^${mockUrl.replaceAll(".", "\\.")}/stripe/portal/[^/?]+(\\?.*)?$`);
}

async function expectCheckoutPage(page: Page, mockUrl: string) {
  await expect(page).toHaveURL(checkoutUrl(mockUrl));
  await expect(page.getByRole("heading", { level: 1, name: "Subscribe to The Write Stuff" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay $5.00" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancel", exact: true })).toBeVisible();
}

/** Subscribe Now on the dashboard card: the browser leaves for the stand-in's checkout page. */
async function startCheckout(page: Page, mockUrl: string) {
  await expect(page).toHaveURL("/dashboard");
  await waitForHydration(page);
  await card(page).subscribeNow.click();
  await expectCheckoutPage(page, mockUrl);
}

/**
 * Pays on the checkout page; back on the dashboard the card waits for the webhook, then shows
 * the active subscription and says so once ('Subscribed!'), and the address loses its
 * `?checkout=success`. Answers the writer's subscription at the stand-in.
 */
async function payAndReturn(page: Page, mockUrl: string, email: string): Promise<Subscription> {
  await page.getByRole("button", { name: "Pay $5.00" }).click();
  await expectToast(page, billingToasts.subscribed);
  await expect(page).toHaveURL("/dashboard");
  const subscription = await liveSubscriptionFor(mockUrl, email);
  expect(subscription.status).toBe("active");
  expect(subscription.cancel_at_period_end).toBe(false);
  await expectSubscribedCard(page, { periodEnd: periodEndOf(subscription), cancelling: false });
  return subscription;
}

/** A new writer who has paid through Checkout; on the dashboard, subscribed. */
async function subscribedWriter(page: Page, mockUrl: string, email: string): Promise<Subscription> {
  await signUp(page, { email });
  await startCheckout(page, mockUrl);
  return payAndReturn(page, mockUrl, email);
}

// ---- Generation -------------------------------------------------------------------------------

/** One initial generation through the API with the page's session, as the tool page sends it. */
/** In the prompt of every generation made through the API here (see `fastApiTurns`). */
const API_TURN_MARKER = "billing-api-turn";

/** The API's generations stream at a faster pace: they are about counting and access, not streaming. */
async function fastApiTurns(mockUrl: string) {
  await injectFault(mockUrl, { kind: "slow", tokenDelayMs: 2, match: API_TURN_MARKER });
}

async function generateByApi(page: Page) {
  const origin = new URL(page.url()).origin;
  return page.request.post("/api/generate", {
    data: { kind: "initial", tool: prose.slug, element: "world", fields: { genre: API_TURN_MARKER } },
    headers: { Origin: origin },
  });
}

/** A generation through the API that must succeed (read to its `done` event). */
async function expectGenerated(page: Page) {
  const response = await generateByApi(page);
  const text = await response.text();
  expect(response.status(), `POST /api/generate: ${text.slice(0, 200)}`).toBe(200);
  const last = text.trim().split("\n").at(-1)!;
  expect((JSON.parse(last) as { type: string }).type, "the turn finished").toBe("done");
}

/** From the dashboard: the prose tool, element chosen, ready to generate. */
async function openProse(page: Page) {
  await openToolFromDashboard(page, prose);
  await chooseElement(page, PROSE_ELEMENT);
}

/** From the dashboard: a generation on the prose tool is refused with 'Action Denied', nothing shown. */
async function expectGenerationDenied(page: Page) {
  await openProse(page);
  const ui = toolPage(page);
  await ui.generate.click();
  await expectToast(page, denied);
  await expect(ui.answers).toHaveCount(0);
  await expect(ui.emptyHint).toBeVisible();
  await expect(ui.generate).toBeEnabled();
}

async function backToDashboard(page: Page) {
  await page.getByRole("link", { name: "Back to Categories" }).click();
  await expect(page).toHaveURL("/dashboard");
  await waitForHydration(page);
}

// ---- Tests ------------------------------------------------------------------------------------

test("trial used up, 'Action Denied', subscribe through Checkout, unlimited generations, cancel keeps access until the period ends, then back to the expired trial", async ({
  page,
  context,
  email,
  mockUrl,
}) => {
  test.setTimeout(240_000);
  await fastApiTurns(mockUrl);
  await signUp(page, { email });
  await waitForHydration(page);
  const ui = card(page);

  // A new writer: the 30-day trial with five queries, and the stand-in's 'Test payments' badge.
  await expect(ui.heading).toBeVisible();
  await expect(ui.testBadge).toBeVisible();
  await expect(ui.testBadge).toHaveAttribute("title", billingTexts.testPaymentsHint);
  await expectTrialCard(page, { queries: 5 });

  // Four queries through the API, the fifth in the tool; the sixth is denied.
  for (let turn = 0; turn < 4; turn += 1) await expectGenerated(page);
  await open(page, "/dashboard");
  await expectTrialCard(page, { queries: 1 });
  await openProse(page);
  await generateAndWait(page, prose);
  await expect(toolPage(page).quota).toHaveText(conversationNote({ conversationsLeft: 0, periodOver: false }));
  await backToDashboard(page);
  await expectTrialCard(page, { queries: 0 });
  await expectGenerationDenied(page);
  expect((await generateByApi(page)).status(), "the API refuses as well").toBe(403);
  await backToDashboard(page);
  await expectTrialCard(page, { queries: 0 });
  expect((await standInFor(mockUrl, email)).customer, "no Stripe customer before Subscribe Now").toBeUndefined();

  // Subscribe Now: the stand-in's hosted checkout, for this writer's e-mail.
  await startCheckout(page, mockUrl);
  await expect(page.getByLabel("Email")).toHaveValue(email);

  // A second tab already back at the success address, before the payment: it must not trust
  // the redirect; it says it is confirming with Stripe and polls until the webhook lands.
  const second = await context.newPage();
  await open(second, "/dashboard?checkout=success");
  await expect(card(second).confirming).toBeVisible();
  await expect(card(second).subscribeNow).toBeVisible();
  await expect(card(second).active).toHaveCount(0);

  // The waiting tab's toast appears when the webhook lands and lasts 5 s: watch for it while
  // this tab pays and checks its own card, not afterwards (under load that takes over 5 s).
  const secondToast = expectToast(second, billingToasts.subscribed);
  const subscription = await payAndReturn(page, mockUrl, email);
  const periodEnd = periodEndOf(subscription);
  expect(periodEnd - subscription.created, "a monthly period").toBe(30 * 24 * 60 * 60);

  // The waiting tab caught the webhook by itself: active, the toast, the plain address.
  await secondToast;
  await expect(card(second).confirming).toHaveCount(0);
  await expectSubscribedCard(second, { periodEnd, cancelling: false });
  await expect(second).toHaveURL("/dashboard");
  await second.close();

  // Unlimited: more than a whole trial's worth of generations, none of them counted.
  await openProse(page);
  await generateAndWait(page, prose);
  await expect(toolPage(page).quota, "no trial counter for a subscriber").toHaveCount(0);
  await generateAndWait(page, prose);
  await expect(toolPage(page).quota).toHaveCount(0);
  for (let turn = 0; turn < 4; turn += 1) await expectGenerated(page);
  await backToDashboard(page);
  await expectSubscribedCard(page, { periodEnd, cancelling: false });

  // Cancel: at the end of the period; access stays until then.
  await ui.cancel.click();
  await expectToast(page, billingToasts.unsubscribed);
  await expectSubscribedCard(page, { periodEnd, cancelling: true });
  const cancelling = await subscriptionFor(mockUrl, email);
  expect(cancelling.status).toBe("active");
  expect(cancelling.cancel_at_period_end).toBe(true);
  // Still so once the webhook has confirmed it.
  await open(page, "/dashboard");
  await expectSubscribedCard(page, { periodEnd, cancelling: true });
  await openProse(page);
  await generateAndWait(page, prose);
  await expect(toolPage(page).quota).toHaveCount(0);
  await backToDashboard(page);

  // The paid period is over: Stripe ends the subscription and says so by webhook.
  await stripeAction(mockUrl, { action: "end", subscription: subscription.id });
  await reloadUntil(page, () => expect(card(page).trialQueries).toBeVisible({ timeout: 1_000 }), "the subscription ended");
  expect((await subscriptionFor(mockUrl, email)).status).toBe("canceled");
  // Back to the expired trial: no queries left (the subscribed generations were never counted).
  await expectTrialCard(page, { queries: 0 });
  await expectGenerationDenied(page);
  await backToDashboard(page);
  await expectTrialCard(page, { queries: 0 });
});

test("cancelling on the checkout page comes back to the trial: 'Checkout cancelled', nothing subscribed", async ({
  page,
  email,
  mockUrl,
}) => {
  await signUp(page, { email });
  await startCheckout(page, mockUrl);
  await page.getByRole("link", { name: "Cancel", exact: true }).click();

  await expectToast(page, billingToasts.checkoutCancelled);
  await expect(page).toHaveURL("/dashboard");
  await expectTrialCard(page, { queries: 5 });
  await expect(card(page).confirming).toHaveCount(0);

  const standIn = await standInFor(mockUrl, email);
  expect(standIn.customer, "the customer is created for the checkout").toBeDefined();
  expect(standIn.subscriptions, "no subscription").toEqual([]);
  expect(standIn.sessions.map((session) => session.status)).toEqual(["open"]);

  // And after a reload, still the untouched trial.
  await open(page, "/dashboard");
  await expectTrialCard(page, { queries: 5 });
});

test("Cancel Subscription, then Resume Subscription: renewing again", async ({ page, email, mockUrl }) => {
  const subscription = await subscribedWriter(page, mockUrl, email);
  const periodEnd = periodEndOf(subscription);
  const ui = card(page);

  await ui.cancel.click();
  await expectToast(page, billingToasts.unsubscribed);
  await expectSubscribedCard(page, { periodEnd, cancelling: true });

  await ui.resume.click();
  await expectToast(page, billingToasts.resumed);
  await expectSubscribedCard(page, { periodEnd, cancelling: false });
  const resumed = await subscriptionFor(mockUrl, email);
  expect(resumed.status).toBe("active");
  expect(resumed.cancel_at_period_end).toBe(false);

  // The webhooks of both changes agree: after a reload, still renewing.
  await open(page, "/dashboard");
  await expectSubscribedCard(page, { periodEnd, cancelling: false });
});

test("Manage Billing opens the portal; cancelling there shows 'ends on' on the dashboard, renewing there shows the next billing date", async ({
  page,
  email,
  mockUrl,
}) => {
  const subscription = await subscribedWriter(page, mockUrl, email);
  const periodEnd = periodEndOf(subscription);

  await card(page).manageBilling.click();
  await expect(page).toHaveURL(portalUrl(mockUrl));
  await expect(page.getByRole("heading", { level: 1, name: "Manage your subscription" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Your subscription is canceled. You keep access until the end of the paid period.",
  );
  await expect(page.getByRole("button", { name: "Renew subscription" })).toBeVisible();
  await page.getByRole("link", { name: "Return to The Write Stuff" }).click();
  await expect(page).toHaveURL("/dashboard");

  await reloadUntil(
    page,
    () => expect(card(page).billingDate).toHaveText(billingTexts.endsOn(dateOf(periodEnd)), { timeout: 1_000 }),
    "the portal's cancellation reached the app",
  );
  await expectSubscribedCard(page, { periodEnd, cancelling: true });

  // Renewed in the portal: back to the next billing date.
  await card(page).manageBilling.click();
  await expect(page).toHaveURL(portalUrl(mockUrl));
  await page.getByRole("button", { name: "Renew subscription" }).click();
  await expect(page.getByRole("status")).toHaveText("Your subscription is renewed. It will continue every month.");
  await page.getByRole("link", { name: "Return to The Write Stuff" }).click();
  await expect(page).toHaveURL("/dashboard");
  await reloadUntil(
    page,
    () => expect(card(page).billingDate).toHaveText(billingTexts.nextBilling(dateOf(periodEnd)), { timeout: 1_000 }),
    "the portal's renewal reached the app",
  );
  await expectSubscribedCard(page, { periodEnd, cancelling: false });
});

test("a failed renewal payment: the card warns, access continues; a paid renewal clears the warning", async ({
  page,
  email,
  mockUrl,
}) => {
  const subscription = await subscribedWriter(page, mockUrl, email);
  await expect(card(page).pastDue).toHaveCount(0);

  await stripeAction(mockUrl, { action: "payment_failed", subscription: subscription.id });
  await reloadUntil(page, () => expect(card(page).pastDue).toBeVisible({ timeout: 1_000 }), "the failed payment reached the app");
  await expect(card(page).pastDue).toHaveText(billingTexts.pastDue);
  expect((await subscriptionFor(mockUrl, email)).status).toBe("past_due");
  await expectSubscribedCard(page, { periodEnd: periodEndOf(subscription), cancelling: false });
  // Stripe is still retrying: the writer keeps unlimited access.
  await expectGenerated(page);

  await stripeAction(mockUrl, { action: "renew", subscription: subscription.id });
  const renewed = await subscriptionFor(mockUrl, email);
  expect(renewed.status).toBe("active");
  expect(periodEndOf(renewed), "a new period").toBeGreaterThan(periodEndOf(subscription));
  await reloadUntil(page, () => expect(card(page).pastDue).toHaveCount(0, { timeout: 1_000 }), "the paid renewal reached the app");
  await expectSubscribedCard(page, { periodEnd: periodEndOf(renewed), cancelling: false });
});

test("a writer whose subscription ended subscribes again: a new Checkout for the same customer, unlimited again", async ({
  page,
  email,
  mockUrl,
}) => {
  const first = await subscribedWriter(page, mockUrl, email);
  await stripeAction(mockUrl, { action: "end", subscription: first.id });
  await reloadUntil(page, () => expect(card(page).trialQueries).toBeVisible({ timeout: 1_000 }), "the subscription ended");
  await expectTrialCard(page, { queries: 5 });

  await startCheckout(page, mockUrl);
  const second = await payAndReturn(page, mockUrl, email);
  expect(second.id).not.toBe(first.id);
  expect(second.customer, "the same Stripe customer").toBe(first.customer);
  const standIn = await standInFor(mockUrl, email);
  expect(standIn.subscriptions.map((item) => [item.id, item.status]).sort()).toEqual(
    [
      [first.id, "canceled"],
      [second.id, "active"],
    ].sort(),
  );
  // A late event about the old, ended subscription (a new event id, so it is processed) cannot
  // take the new one away: the webhook re-reads the old subscription and leaves the writer be.
  const ended = await stripeState(mockUrl).then((state) => state.subscriptions.find((item) => item.id === first.id)!);
  const { events } = await stripeAction(mockUrl, {
    action: "send",
    event: { type: "customer.subscription.updated", data: { object: ended } },
  });
  const late = events[0]!.id;
  await expect
    .poll(async () => (await stripeState(mockUrl)).deliveries.find((delivery) => delivery.eventId === late)?.status, {
      message: "the late event was delivered",
    })
    .toBe(200);
  await open(page, "/dashboard");
  await expectSubscribedCard(page, { periodEnd: periodEndOf(second), cancelling: false });
  await expectGenerated(page);
});

// ---- One writer, at most one subscription (issue 11, decision 011) -----------------------------

/** The Stripe API at the stand-in, as any client of Stripe would call it (form-encoded). */
async function stripeApi(mockUrl: string, path: string, form: Record<string, string>): Promise<StripeObject> {
  const response = await fetch(`${mockUrl}${path}`, {
    method: "POST",
    headers: { Authorization: "Bearer sk_test_e2e_direct", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  if (!response.ok) throw new Error(`stand-in POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as StripeObject;
}

/** Refunds of a subscription's paid invoices at the stand-in. */
async function refundsOfSubscription(mockUrl: string, subscriptionId: string): Promise<StripeObject[]> {
  const state = await stripeState(mockUrl);
  const invoices = new Set(
    state.invoices
      .filter((invoice) => (invoice.parent as { subscription_details: { subscription: string } }).subscription_details.subscription === subscriptionId)
      .map((invoice) => invoice.id),
  );
  const intents = new Set(
    state.invoicePayments
      .filter((payment) => invoices.has(payment.invoice as string))
      .map((payment) => (payment.payment as { payment_intent: string }).payment_intent),
  );
  return state.refunds.filter((refund) => intents.has(refund.payment_intent as string));
}

/** A subscription at the stand-in that would charge again: live and not set to end. */
const stillCharging = (subscription: StripeObject) => subscription.status !== "canceled" && subscription.cancel_at_period_end !== true;

test("one writer, one subscription: two concurrent Subscribe Now give one Checkout that can be paid once; a second subscription paid anyway is cancelled and refunded; Cancel stops all charging", async ({
  page,
  context,
  email,
  mockUrl,
  baseURL,
}) => {
  test.slow();
  await signUp(page, { email });
  await waitForHydration(page);

  // Two tabs press Subscribe Now at the same moment.
  const subscribe = () =>
    page.request.post("/api/billing/subscribe", { headers: { Origin: baseURL!, Accept: "application/json" } });
  const answers = await Promise.all([subscribe(), subscribe()]);
  const urls: string[] = [];
  for (const answer of answers) {
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as { checkout_url: string; kind: string };
    expect(body.kind).toBe("checkout");
    urls.push(body.checkout_url);
  }

  // Both tabs open their checkout page, then both pay.
  const tabs = [page, await context.newPage()];
  for (const [index, tab] of tabs.entries()) {
    await tab.goto(urls[index]!);
    await expectCheckoutPage(tab, mockUrl);
  }
  await tabs[0]!.getByRole("button", { name: "Pay $5.00" }).click();
  await expectToast(tabs[0]!, billingToasts.subscribed);
  await tabs[1]!.getByRole("button", { name: "Pay $5.00" }).click();
  await expect(tabs[1]!.getByRole("heading", { level: 1 })).toHaveText(/This checkout session (is no longer available|has expired)/);
  await tabs[1]!.close();
  const first = await liveSubscriptionFor(mockUrl, email);
  expect((await standInFor(mockUrl, email)).subscriptions, "one payment, one subscription").toHaveLength(1);
  await expectSubscribedCard(page, { periodEnd: periodEndOf(first), cancelling: false });

  // A second subscription paid anyway, through a Checkout session made outside the app (one
  // from before this fix, or from Stripe's dashboard): its webhook cancels and refunds it.
  const session = await stripeApi(mockUrl, "/v1/checkout/sessions", {
    mode: "subscription",
    customer: first.customer as string,
    "line_items[0][price]": (first.items.data[0] as unknown as { price: { id: string } }).price.id,
    success_url: `${baseURL}/dashboard?checkout=success`,
  });
  expect(await payStripeCheckout(session.url as string)).toMatchObject({ status: 303 });
  const secondId = (await stripeState(mockUrl)).sessions.find((item) => item.id === session.id)!.subscription as string;
  await expect
    .poll(async () => (await standInFor(mockUrl, email)).subscriptions.find((item) => item.id === secondId)?.status, {
      message: "the webhook cancels the second subscription at once",
    })
    .toBe("canceled");
  expect(await refundsOfSubscription(mockUrl, secondId)).toEqual([expect.objectContaining({ amount: 500, status: "succeeded" })]);
  expect(await refundsOfSubscription(mockUrl, first.id)).toEqual([]);
  const kept = await liveSubscriptionFor(mockUrl, email);
  expect(kept.id, "the first subscription is kept").toBe(first.id);
  await open(page, "/dashboard");
  await expectSubscribedCard(page, { periodEnd: periodEndOf(first), cancelling: false });

  // In-app Cancel: nothing of this writer charges again.
  await card(page).cancel.click();
  await expectToast(page, billingToasts.unsubscribed);
  await expectSubscribedCard(page, { periodEnd: periodEndOf(first), cancelling: true });
  const after = await standInFor(mockUrl, email);
  expect(after.subscriptions.filter(stillCharging), "subscriptions that would charge again").toEqual([]);
  expect(after.subscriptions.map((item) => [item.id, item.status]).sort()).toEqual(
    [
      [first.id, "active"],
      [secondId, "canceled"],
    ].sort(),
  );
});

test("accessibility: the card in every state, and the stand-in's checkout and portal pages", async ({
  page,
  context,
  email,
  mockUrl,
}) => {
  test.slow();
  await signUp(page, { email });
  await expect(card(page).testBadge).toBeVisible();
  await expectTrialCard(page, { queries: 5 });
  await expectNoA11yViolations(page, "the trial card with the 'Test payments' badge");

  await startCheckout(page, mockUrl);
  await expectNoA11yViolations(page, "the stand-in's checkout page");

  const second = await context.newPage();
  await open(second, "/dashboard?checkout=success");
  await expect(card(second).confirming).toBeVisible();
  await expectNoA11yViolations(second, "the card confirming the payment");

  // The second tab's toast appears when the webhook lands and lasts 5 s: scan that tab the
  // moment it shows, while this tab pays and checks its own card (under load that takes over 5 s).
  const secondScanned = expectToast(second, billingToasts.subscribed).then(() =>
    expectNoA11yViolations(second, "the subscribed card with the 'Subscribed!' toast"),
  );
  const subscription = await payAndReturn(page, mockUrl, email);
  await secondScanned;
  await expectNoA11yViolations(page, "the subscribed card");
  await second.close();

  await card(page).cancel.click();
  await expectToast(page, billingToasts.unsubscribed);
  await expectSubscribedCard(page, { periodEnd: periodEndOf(subscription), cancelling: true });
  await expectNoA11yViolations(page, "the cancelling card");

  await card(page).manageBilling.click();
  await expect(page).toHaveURL(portalUrl(mockUrl));
  await expect(page.getByRole("button", { name: "Renew subscription" })).toBeVisible();
  await expectNoA11yViolations(page, "the stand-in's portal page");
  await page.getByRole("button", { name: "Renew subscription" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  await expectNoA11yViolations(page, "the stand-in's portal page after a change");
  await page.getByRole("link", { name: "Return to The Write Stuff" }).click();
  await expect(page).toHaveURL("/dashboard");
  await reloadUntil(page, () => expect(card(page).cancel).toBeVisible({ timeout: 1_000 }), "the portal's renewal reached the app");

  await stripeAction(mockUrl, { action: "payment_failed", subscription: subscription.id });
  await reloadUntil(page, () => expect(card(page).pastDue).toBeVisible({ timeout: 1_000 }), "the failed payment reached the app");
  await expectNoA11yViolations(page, "the subscribed card with the past-due alert");
});

test("keyboard: Subscribe Now is reached with Tab and works with Enter and Space; so is the checkout page's Cancel", async ({
  page,
  email,
  mockUrl,
}) => {
  await signUp(page, { email });
  await waitForHydration(page);
  const subscribeNow = card(page).subscribeNow;

  await tabTo(page, subscribeNow);
  await page.keyboard.press("Enter");
  await expectCheckoutPage(page, mockUrl);

  await tabTo(page, page.getByRole("link", { name: "Cancel", exact: true }));
  await page.keyboard.press("Enter");
  await expectToast(page, billingToasts.checkoutCancelled);
  await expect(page).toHaveURL("/dashboard");
  await waitForHydration(page);

  await tabTo(page, subscribeNow);
  await page.keyboard.press("Space");
  await expectCheckoutPage(page, mockUrl);

  // Paying with the keyboard too.
  await tabTo(page, page.getByRole("button", { name: "Pay $5.00" }));
  await page.keyboard.press("Enter");
  await expectToast(page, billingToasts.subscribed);
  await expect(card(page).active).toBeVisible();
});
