/**
 * Auth rate limits as a user meets them. The per-IP limit keys on CF-Connecting-IP, which
 * the local server passes through from the client: every test runs as its own client IP
 * (fixtures.ts), and this file proves that assumption holds.
 */
import type { Page } from "@playwright/test";
import { resetTexts, validation } from "../../app/messages/account.ts";
import { toasts } from "../../app/messages/toasts.ts";
import { expect, expectToast, open, PASSWORD, signIn, signOut, signUp, submitSignIn, test } from "./fixtures.ts";

const IP_LIMIT = 30; // AUTH_IP_LIMITER in wrangler.toml
const ACCOUNT_LIMIT = 5; // AUTH_ACCOUNT_LIMITER

/**
 * The limiters count in fixed one-minute windows aligned to the clock (as Cloudflare's do), so
 * a burst that straddles a minute boundary starts counting afresh. Start each burst early in
 * a window, leaving it `needMs` to finish.
 */
async function startOfRateLimitWindow(page: Page, needMs: number) {
  const intoWindow = Date.now() % 60_000;
  if (intoWindow + needMs > 60_000) await page.waitForTimeout(60_000 - intoWindow + 250);
}

test("the per-IP limit counts each client separately", async ({ page, browser, newEmail }) => {
  test.slow();
  await open(page, "/password-reset");
  await startOfRateLimitWindow(page, 25_000);
  // Reset requests for unknown addresses cost no password hashing, so they are quick to burst.
  // page.request sends the context's headers, so these count against this test's client IP.
  for (let attempt = 1; attempt <= IP_LIMIT; attempt += 1) {
    const response = await page.request.post("/password-reset", {
      form: { intent: "request", email: newEmail() },
      maxRedirects: 0,
    });
    expect(response.status(), `request ${attempt} of ${IP_LIMIT}`).toBe(200);
  }

  // The next one from this client, through the UI, is refused with a clear message.
  await page.getByLabel("Email").fill(newEmail());
  await page.getByRole("button", { name: resetTexts.requestSubmit }).click();
  await expectToast(page, { title: toasts.error.title, description: validation.tooManyAttempts });

  // Another client is not affected.
  const otherClient = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": "192.0.2.201" } });
  const otherPage = await otherClient.newPage();
  await open(otherPage, "/password-reset");
  await otherPage.getByLabel("Email").fill(newEmail());
  await otherPage.getByRole("button", { name: resetTexts.requestSubmit }).click();
  await expect(otherPage.getByText(resetTexts.requestSent)).toBeVisible();
  await otherClient.close();
});

test("a burst of wrong passwords for one account gets 'too many attempts' there, not for the writer elsewhere", async ({ page, browser, email }) => {
  test.slow();
  await signUp(page, { email });
  await signOut(page);
  await startOfRateLimitWindow(page, 20_000);
  for (let attempt = 1; attempt <= ACCOUNT_LIMIT; attempt += 1) {
    await submitSignIn(page, { email, password: `wrong password ${attempt}` });
    await expectToast(page, { title: toasts.signInFailed.title, description: validation.signInInvalid });
  }
  await submitSignIn(page, { email, password: "one more wrong password" });
  await expectToast(page, { title: toasts.signInFailed.title, description: validation.tooManyAttempts });
  await expect(page).toHaveURL("/");

  // The writer, from another network, still gets in while this one is held back (decision 011).
  const writerElsewhere = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": "192.0.2.202" } });
  const writerPage = await writerElsewhere.newPage();
  await signIn(writerPage, { email, password: PASSWORD });
  await expect(writerPage).toHaveURL("/dashboard");
  await writerElsewhere.close();
});
