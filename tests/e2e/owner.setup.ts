/**
 * The verified owner (issue 11, decision 011), run before every other end-to-end test (the
 * "owner" project in playwright.config.ts): signing up with OWNER_EMAIL gives a normal trial
 * account; only opening the link from the mailbox makes it admin. Later tests sign in as it.
 */
import { verifyTexts } from "../../app/messages/account.ts";
import { billingTexts } from "../../app/messages/billing.ts";
import { welcomeToasts } from "../../app/messages/trial.ts";
import { E2E_CONFIG } from "./app-env.ts";
import { CONFIRMATION_SUBJECT, expect, expectNoA11yViolations, expectToast, latestEmail, open, PASSWORD, test } from "./fixtures.ts";

test("sign up as the owner → a trial account, not admin → open the mailbox link → admin", async ({ page, mockUrl }) => {
  const email = E2E_CONFIG.OWNER_EMAIL;
  await open(page, "/signup");
  const form = page.getByRole("form", { name: "Create account" });
  // Even in another letter case with spaces around it, as the probe tried.
  await form.getByLabel("Email").fill(`  ${email.toUpperCase()} `);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm Password").fill(PASSWORD);
  const signedUpAt = Date.now() - 1_000;
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expectToast(page, welcomeToasts.trial);

  // Not admin yet: the trial card, and the banner asking to confirm the address.
  const banner = page.getByTestId("verify-email-banner");
  await expect(banner).toContainText(verifyTexts.banner(email));
  await expect(page.getByTestId("trial-queries")).toBeVisible();
  await expect(page.getByText(billingTexts.adminAccess)).toHaveCount(0);
  await expectNoA11yViolations(page, "the dashboard with the confirmation banner");

  // Asking again at once is refused kindly (rate-limited).
  await banner.getByRole("button", { name: verifyTexts.resend }).click();
  await expectToast(page, { title: "Error", description: verifyTexts.tooSoon });

  const mail = await latestEmail(mockUrl, email, { after: signedUpAt, subject: CONFIRMATION_SUBJECT });
  const link = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9]+/.exec(mail.text)?.[0];
  expect(link, "a confirmation link in the e-mail").toBeTruthy();
  // Opening the link only shows the page (issue 31); the account's own session confirms.
  await open(page, new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole("heading", { level: 1, name: verifyTexts.pageTitle })).toBeVisible();
  await expect(page.getByText(verifyTexts.confirmBody(email))).toBeVisible();
  await expectNoA11yViolations(page, "the confirmation page");
  await page.getByRole("button", { name: verifyTexts.confirmButton }).click();
  await expect(page).toHaveURL("/dashboard");
  await expectToast(page, verifyTexts.confirmedAdmin);
  await expect(page.getByText(billingTexts.adminAccess)).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId("trial-queries")).toHaveCount(0);
});
