/**
 * Shared fixtures and helpers for the end-to-end tests.
 *
 * - `baseURL` is the app started by global setup; `mockUrl` its local stand-in services.
 * - Every test is a different "client": its browser contexts send a unique CF-Connecting-IP
 *   header (the local server passes it through to the Worker), so the per-IP auth rate limit
 *   sees many real users instead of one very busy 127.0.0.1.
 * - `email` is a fresh address per test; `signUp`/`signIn` drive the real UI.
 * - Any uncaught error in the page (a failed hydration included) fails the test.
 * - So does any Content-Security-Policy violation, in any page of any browser context the test
 *   used (its own `context` and every one it opened with `browser.newContext()`).
 */
import { billingTexts } from "../../app/messages/billing.ts";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { validation, verifyTexts } from "../../app/messages/account.ts";
import { dashboardTexts } from "../../app/messages/dashboard.ts";
import { verificationEmail } from "../../app/messages/emails.ts";
import { toasts } from "../../app/messages/toasts.ts";
import { HYDRATED_ATTRIBUTE } from "../../app/lib/hydrated-mark.ts";
import { E2E_CONFIG, runningApp } from "./app-env.ts";

export { expect };

export const PASSWORD = "correct horse 1";

type Account = { email: string; password: string };

type Fixtures = {
  mockUrl: string;
  clientIp: string;
  /** A fresh, unused e-mail address for this test. */
  email: string;
  /** Another fresh address each call, for tests that need more than one account. */
  newEmail: () => string;
  pageErrors: string[];
  /** Every CSP violation seen so far in this test; the test fails unless it is empty at the end. */
  cspViolations: CspViolation[];
};

/** What a `securitypolicyviolation` event says, as the page reported it. */
export type CspViolation = {
  documentURI: string;
  directive: string;
  blockedURI: string;
  disposition: string;
  source: string;
  sample: string;
};

const CSP_BINDING = "__e2eReportCspViolation";

/** Runs in every page and frame before its own scripts: hands each violation to the test. */
function reportCspViolations(binding: string) {
  window.addEventListener(
    "securitypolicyviolation",
    (event) => {
      const report = (window as unknown as Record<string, ((violation: CspViolation) => void) | undefined>)[binding];
      report?.({
        documentURI: event.documentURI,
        directive: event.effectiveDirective,
        blockedURI: event.blockedURI,
        disposition: event.disposition,
        source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        sample: event.sample,
      });
    },
    true,
  );
}

/**
 * Watches `context` and, while the test runs, every context it creates through `browser`;
 * returns the undo. Violations arrive through a binding, so they are kept even when the test
 * closes the page or context right after.
 */
async function watchCspViolations(browser: Browser, context: BrowserContext, violations: CspViolation[]) {
  const watched: BrowserContext[] = [];
  const watch = async (target: BrowserContext) => {
    watched.push(target);
    await target.exposeBinding(CSP_BINDING, (_source, violation: CspViolation) => void violations.push(violation));
    await target.addInitScript(reportCspViolations, CSP_BINDING);
  };
  await watch(context);
  const newContext = browser.newContext;
  browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
    const created = await newContext.apply(browser, args);
    await watch(created);
    return created;
  };
  return async () => {
    browser.newContext = newContext;
    // One round trip to every open page delivers reports still on their way.
    for (const page of watched.flatMap((target) => target.pages())) await page.evaluate(() => 0).catch(() => {});
  };
}

let emailCounter = 0;
let ipCounter = 0;

/* eslint-disable no-empty-pattern -- Playwright fixtures without dependencies take `{}` */
export const test = base.extend<Fixtures>({
  baseURL: async ({}, provide) => {
    await provide(runningApp().baseUrl);
  },
  mockUrl: async ({}, provide) => {
    await provide(runningApp().mockUrl);
  },
  clientIp: async ({}, provide, testInfo) => {
    ipCounter += 1;
    // 10.<worker>.<n>: unique within the run (each worker process has its own index).
    await provide(`10.${testInfo.workerIndex % 256}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`);
  },
  extraHTTPHeaders: async ({ clientIp }, provide) => {
    await provide({ "CF-Connecting-IP": clientIp });
  },
  newEmail: async ({}, provide, testInfo) => {
    const stamp = Date.now().toString(36);
    await provide(() => {
      emailCounter += 1;
      return `e2e-w${testInfo.workerIndex}-${stamp}-${emailCounter}@example.test`;
    });
  },
  email: async ({ newEmail }, provide) => {
    await provide(newEmail());
  },
  pageErrors: [
    async ({ context }, provide) => {
      const errors: string[] = [];
      context.on("weberror", (error) => errors.push(error.error().message));
      await provide(errors);
      expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ browser, context }, provide) => {
      const violations: CspViolation[] = [];
      const stop = await watchCspViolations(browser, context, violations);
      try {
        await provide(violations);
      } finally {
        await stop();
      }
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});
/* eslint-enable no-empty-pattern */

/**
 * Waits until React has hydrated the server-rendered page, so a click reaches the React
 * handler (client validation, fetcher submissions) instead of submitting the HTML form: the
 * app's own mark, `<html data-hydrated>`, set by the root once hydration has committed
 * (app/lib/hydrated-mark.ts) — never React's internals.
 */
export async function waitForHydration(page: Page) {
  await page.locator(`html[${HYDRATED_ATTRIBUTE}]`).waitFor({ state: "attached" });
}

/** Presses Tab until `target` has focus, failing if it never does within `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 30) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, `reachable with Tab within ${max} presses`).toBeFocused({ timeout: 1 });
}

/** Navigates and waits for hydration. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/**
 * The toasts on screen: Radix Toast renders each as a list item of the notifications
 * viewport. Located by structure rather than role because an open modal dialog marks the rest
 * of the page aria-hidden (screen readers still hear the toast through Radix's live region).
 */
export function toastItems(page: Page): Locator {
  return page.locator(".toast-viewport > li");
}

/** Exactly one toast is showing, with this title (and description, when given). */
export async function expectToast(page: Page, toast: { title: string; description?: string }) {
  const items = toastItems(page);
  await expect(items).toHaveCount(1);
  await expect(items.locator(".toast-title")).toHaveText(toast.title);
  if (toast.description !== undefined) {
    await expect(items.locator(".toast-description")).toHaveText(toast.description);
  }
}

export function welcomeDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "Welcome!" });
}

async function fillSignUp(scope: Locator, account: Account) {
  await scope.getByLabel("Email").fill(account.email);
  await scope.getByLabel("Password", { exact: true }).fill(account.password);
  await scope.getByLabel("Confirm Password").fill(account.password);
  await scope.getByRole("button", { name: "Create Account" }).click();
}

/**
 * Creates an account through the real UI — the /signup page, or the landing dialog's
 * Sign Up tab — and waits for the dashboard.
 */
export async function signUp(
  page: Page,
  { email, password = PASSWORD, via = "page" }: { email: string; password?: string; via?: "page" | "dialog" },
): Promise<Account> {
  if (via === "page") {
    await open(page, "/signup");
    await fillSignUp(page.getByRole("form", { name: "Create account" }), { email, password });
  } else {
    await open(page, "/");
    await page.getByRole("button", { name: "Start Free 30-Day Trial" }).click();
    const dialog = welcomeDialog(page);
    await dialog.getByRole("tab", { name: "Sign Up" }).click();
    await fillSignUp(dialog.getByRole("tabpanel", { name: "Sign Up" }), { email, password });
  }
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The dashboard arrives as a new document: its controls answer only once it has hydrated.
  await waitForHydration(page);
  return { email, password };
}

/** Opens the landing dialog (Sign In tab) and submits the sign-in form; does not wait for the outcome. */
export async function submitSignIn(page: Page, { email, password }: Account) {
  if (new URL(page.url()).pathname !== "/") await open(page, "/");
  const dialog = welcomeDialog(page);
  if (!(await dialog.isVisible())) {
    await page.getByRole("button", { name: "Start Free 30-Day Trial" }).click();
  }
  await expect(dialog).toBeVisible();
  await dialog.getByRole("tab", { name: "Sign In" }).click();
  const form = dialog.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

/** Signs in through the landing dialog and waits for the dashboard and the 'Signed In!' toast. */
export async function signIn(page: Page, account: Account) {
  await submitSignIn(page, account);
  await expect(page).toHaveURL("/dashboard");
  await expectToast(page, toasts.signedIn);
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL("/");
  await expectToast(page, toasts.signedOut);
}

/** Newest e-mail the local mailbox holds for this address, waiting for it to arrive. */
export async function latestEmail(
  mockUrl: string,
  to: string,
  { after = 0, subject }: { after?: number; subject?: string } = {},
) {
  type Mail = { subject: string; text: string; createdAt: string };
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${mockUrl}/mailbox/messages?to=${encodeURIComponent(to)}`);
        const mails = (await response.json()) as Mail[];
        found = mails.find((mail) => Date.parse(mail.createdAt) >= after && (!subject || mail.subject === subject));
        return Boolean(found);
      },
      { message: `an e-mail to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** Waits for finite CSS animations and transitions (dialogs opening, toasts sliding in) to end. */
export async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * axe-core with its default rule set (WCAG A/AA and best practices): zero violations.
 * `disableRules` is for states where a rule cannot apply as written; say why at the call.
 */
export async function expectNoA11yViolations(page: Page, what: string, { disableRules = [] }: { disableRules?: string[] } = {}) {
  // Until the page has hydrated, the buttons only scripts can work are dimmed as inactive
  // (app.css); axe cannot tell, so the app's pages are audited as a writer uses them: hydrated.
  // (The stand-ins' pages, Stripe's checkout among them, are not the app's.)
  if ((await page.locator("html[data-theme-choice]").count()) > 0) await waitForHydration(page);
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).disableRules(disableRules).analyze();
  const violations = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
  expect(violations, `axe violations on ${what}`).toEqual([]);
}

/**
 * Signs in as the owner (OWNER_EMAIL), creating the account through the sign-up form if this
 * database does not have it yet (it exists once per run), and confirms the address from the
 * mailbox when it is not yet confirmed: only a confirmed owner is admin (decision 011).
 * Ends on the dashboard, which shows the admin card. Returns whether it signed up or in.
 */
export async function signUpOrSignInOwner(page: Page): Promise<"signed-up" | "signed-in"> {
  const owner = { email: E2E_CONFIG.OWNER_EMAIL, password: PASSWORD };
  await open(page, "/signup");
  const form = page.getByRole("form", { name: "Create account" });
  await form.getByLabel("Email").fill(owner.email);
  await form.getByLabel("Password", { exact: true }).fill(owner.password);
  await form.getByLabel("Confirm Password").fill(owner.password);
  await form.getByRole("button", { name: "Create Account" }).click();
  const taken = form.getByRole("alert").filter({ hasText: validation.emailTaken });
  const admin = page.getByText(billingTexts.adminAccess);
  const dashboard = page.getByRole("heading", { level: 1, name: dashboardTexts.heading });
  await expect(dashboard.or(taken)).toBeVisible();
  const wasTaken = await taken.isVisible();
  if (wasTaken) await signIn(page, owner);
  await expect(page).toHaveURL("/dashboard");
  if (!(await admin.isVisible())) await confirmOwnerEmail(page);
  await expect(admin).toBeVisible();
  return wasTaken ? "signed-in" : "signed-up";
}

export const CONFIRMATION_SUBJECT = verificationEmail("").subject;

/** Opens the newest confirmation link the mailbox holds for the owner (another test may have used it) and presses Confirm. */
export async function confirmOwnerEmail(page: Page) {
  const mail = await latestEmail(runningApp().mockUrl, E2E_CONFIG.OWNER_EMAIL, { subject: CONFIRMATION_SUBJECT });
  const link = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no confirmation link in: ${mail.text}`);
  await open(page, new URL(link).pathname + new URL(link).search);
  await page.getByRole("button", { name: verifyTexts.confirmButton }).click();
  await expect(page).toHaveURL("/dashboard");
  await waitForHydration(page);
}
