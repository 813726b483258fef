import { resetTexts } from "../../app/messages/account.ts";
import { historyTexts } from "../../app/messages/history.ts";
import { welcomeToasts } from "../../app/messages/trial.ts";
import {
  CONFIRMATION_SUBJECT,
  expect,
  expectNoA11yViolations,
  expectToast,
  latestEmail,
  open,
  signUp,
  test,
  toastItems,
  welcomeDialog,
} from "./fixtures.ts";
import { seedConversation } from "./history-page.ts";

// What the writer sees with the system's default motion (the rest of the suite asks for less).
test.use({ reducedMotion: "no-preference" });

test("landing page, also with the Welcome dialog open on either tab", async ({ page }) => {
  await open(page, "/");
  await expectNoA11yViolations(page, "the landing page");

  await page.getByRole("button", { name: "Start Free 30-Day Trial" }).click();
  const dialog = welcomeDialog(page);
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, "the landing page with the sign-in dialog");

  await dialog.getByRole("tab", { name: "Sign Up" }).click();
  await expect(dialog.getByRole("tabpanel", { name: "Sign Up" })).toBeVisible();
  await expectNoA11yViolations(page, "the landing page with the sign-up tab");
});

test("sign-up page, also with an error toast", async ({ page }) => {
  await open(page, "/signup");
  await expectNoA11yViolations(page, "/signup");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(toastItems(page)).toHaveCount(1);
  await expectNoA11yViolations(page, "/signup with a toast");
});

test("password reset: the request form, the sent message and the choose-password form", async ({
  page,
  browser,
  email,
  mockUrl,
}) => {
  await signUp(page, { email });

  const visitor = await browser.newContext();
  const resetPage = await visitor.newPage();
  await open(resetPage, "/password-reset");
  await expectNoA11yViolations(resetPage, "the reset request form");

  const requestedAt = Date.now() - 1_000;
  await resetPage.getByLabel("Email").fill(email);
  await resetPage.getByRole("button", { name: resetTexts.requestSubmit }).click();
  await expect(resetPage.getByText(resetTexts.requestSent)).toBeVisible();
  await expectNoA11yViolations(resetPage, "the reset request confirmation");

  const mail = await latestEmail(mockUrl, email, { after: requestedAt });
  const link = /https?:\/\/\S+\/password-reset\?token=[^\s]+/.exec(mail.text)?.[0];
  expect(link, "reset link in the e-mail").toBeTruthy();
  await open(resetPage, link!);
  await expect(resetPage.getByRole("heading", { level: 1, name: resetTexts.chooseHeading })).toBeVisible();
  await expectNoA11yViolations(resetPage, "the choose-password form");

  await open(resetPage, "/password-reset?token=not-a-real-token");
  await expect(resetPage.getByRole("alert")).toBeVisible();
  await expectNoA11yViolations(resetPage, "the invalid-link message");
  await visitor.close();
});

test("dashboard, also with the change-password dialog open", async ({ page, email }) => {
  await signUp(page, { email });
  await expectToast(page, welcomeToasts.trial);
  await expectNoA11yViolations(page, "the dashboard with the welcome toast");

  await page.getByRole("button", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, "the change-password dialog");

  // A validation toast while the dialog is open.
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expect(toastItems(page)).toHaveCount(1);
  await expectNoA11yViolations(page, "the change-password dialog with an error toast");
});

test("a tool page behind sign-in", async ({ page, email }) => {
  await signUp(page, { email });
  await open(page, "/prose");
  await expectNoA11yViolations(page, "/prose");
});

test("the pages a press before the scripts run leads to: Change Password, Delete my account, a history entry, the confirmation page (issue 31)", async ({ page, email, mockUrl }) => {
  await signUp(page, { email });
  await seedConversation(page, { tool: "poetry", element: "imagery", fields: { premise: "a lighthouse keeper's last winter" } });
  for (const [path, what] of [
    ["/account/password", "the Change Password page"],
    ["/account/delete", "the Delete my account page"],
  ] as const) {
    await open(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoA11yViolations(page, what);
  }
  await open(page, "/poetry/history");
  const details = await page.getByRole("button", { name: historyTexts.view }).first().getAttribute("href");
  await open(page, details!);
  await expect(page.getByRole("heading", { level: 1, name: historyTexts.detailsTitle })).toBeVisible();
  await expectNoA11yViolations(page, "a history entry's page");

  const mail = await latestEmail(mockUrl, email, { subject: CONFIRMATION_SUBJECT });
  const link = new URL(/https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9]+/.exec(mail.text)![0]);
  await open(page, link.pathname + link.search);
  await expectNoA11yViolations(page, "the confirmation page, signed in");
  await page.context().clearCookies();
  await open(page, link.pathname + link.search);
  await expect(page.getByLabel("Password")).toBeVisible();
  await expectNoA11yViolations(page, "the confirmation page, signed out");
});
