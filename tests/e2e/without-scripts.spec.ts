/**
 * Issue 31, point 4: forms pressed before the page's scripts run, or with scripts off. Every
 * account form — sign-up, sign-in, the password reset, Change Password, Delete my account,
 * confirming an address — works as a plain HTML form and shows the server's error on the page
 * (React Router's progressive enhancement); a history entry's details are a page of their own
 * that "View details" links to. The browser runs with JavaScript disabled throughout.
 */
import type { Page } from "@playwright/test";
import { accountTexts, resetTexts, validation, verifyTexts } from "../../app/messages/account.ts";
import { accountDeleteTexts, accountPageTexts } from "../../app/messages/account-data.ts";
import { historyTexts } from "../../app/messages/history.ts";
import { toasts } from "../../app/messages/toasts.ts";
import { CONFIRMATION_SUBJECT, expect, latestEmail, PASSWORD, test } from "./fixtures.ts";
import { seedConversation } from "./history-page.ts";

test.use({ javaScriptEnabled: false });

const NEW_PASSWORD = "a new secret without scripts";

/** The form's error paragraph (role alert) — the only way a page without scripts can say it. */
const formAlert = (page: Page) => page.getByRole("alert").filter({ hasText: /\S/ });

async function signUpWithoutScripts(page: Page, email: string, password = PASSWORD) {
  await page.goto("/signup");
  const form = page.getByRole("form", { name: "Create account" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByLabel("Confirm Password").fill(password);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/dashboard");
}

test("sign-up: the server's error is on the page with the e-mail kept; then the account is made", async ({ page, email }) => {
  await page.goto("/signup");
  const form = page.getByRole("form", { name: "Create account" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm Password").fill(`${PASSWORD}?`);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/signup");
  await expect(formAlert(page)).toHaveText(validation.signUpMismatch);
  await expect(form.getByLabel("Email")).toHaveValue(email);

  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Taken: said on the page.
  await page.context().clearCookies();
  await page.goto("/signup");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(formAlert(page)).toHaveText(validation.emailTaken);
});

test("sign-in: the landing page has the form when the dialog cannot open; a wrong password is said there", async ({ page, email }) => {
  await signUpWithoutScripts(page, email);
  await page.context().clearCookies();
  await page.goto("/");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill("not the password");
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/(\?index)?$/);
  await expect(formAlert(page)).toHaveText(validation.signInInvalid);
  await expect(form.getByLabel("Email")).toHaveValue(email);

  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/dashboard");
});

test("password reset: request, then the link's form with its error, then a new password that signs in", async ({ page, email, mockUrl }) => {
  await signUpWithoutScripts(page, email);
  await page.context().clearCookies();
  await page.goto("/password-reset");
  const request = page.getByRole("form", { name: resetTexts.requestHeading });
  await request.getByLabel("Email").fill(email);
  const askedAt = Date.now() - 1_000;
  await request.getByRole("button", { name: resetTexts.requestSubmit }).click();
  await expect(page.getByText(resetTexts.requestSent)).toBeVisible();

  const mail = await latestEmail(mockUrl, email, { after: askedAt, subject: "Reset your password for The Write Stuff" });
  const link = new URL(/https?:\/\/\S+\/password-reset\?token=[A-Za-z0-9]+/.exec(mail.text)![0]);
  await page.goto(link.pathname + link.search);
  const choose = page.getByRole("form", { name: resetTexts.chooseHeading });
  await choose.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
  await choose.getByLabel("Confirm New Password").fill("something else");
  await choose.getByRole("button", { name: resetTexts.chooseSubmit }).click();
  await expect(formAlert(page)).toHaveText(validation.passwordMismatch);

  await choose.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
  await choose.getByLabel("Confirm New Password").fill(NEW_PASSWORD);
  await choose.getByRole("button", { name: resetTexts.chooseSubmit }).click();
  await expect(page).toHaveURL(/\/(#signin)?$/);
  const signIn = page.getByRole("form", { name: "Sign in" });
  await signIn.getByLabel("Email").fill(email);
  await signIn.getByLabel("Password").fill(NEW_PASSWORD);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/dashboard");
});

test("Change Password: the button leads to its page, whose form says a wrong current password and then changes it", async ({ page, email }) => {
  await signUpWithoutScripts(page, email);
  await page.goto("/account");
  await page.getByRole("button", { name: accountTexts.changePassword }).click();
  await expect(page).toHaveURL("/account/password");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel(accountTexts.currentPassword).fill("not my password");
  await form.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel("Confirm New Password").fill(NEW_PASSWORD);
  await form.getByRole("button", { name: "Update Password" }).click();
  await expect(formAlert(page)).toHaveText(validation.currentPasswordIncorrect);

  await form.getByLabel(accountTexts.currentPassword).fill(PASSWORD);
  await form.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel("Confirm New Password").fill(NEW_PASSWORD);
  await form.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText(toasts.passwordChanged.description)).toBeVisible();

  // The dashboard's button leads to the same page.
  await page.goto("/dashboard");
  await page.getByRole("button", { name: accountTexts.changePassword }).click();
  await expect(page).toHaveURL("/account/password");
});

test("Delete my account: its page says a wrong password, then deletes and signs out", async ({ page, email }) => {
  await signUpWithoutScripts(page, email);
  await page.goto("/account");
  await page.getByRole("button", { name: accountPageTexts.deleteButton }).click();
  await expect(page).toHaveURL("/account/delete");
  const form = page.getByRole("form", { name: accountPageTexts.deleteHeading });
  await form.getByLabel(accountPageTexts.passwordLabel).fill("not my password");
  await form.getByRole("button", { name: accountPageTexts.confirmDelete }).click();
  await expect(formAlert(page)).toHaveText(accountDeleteTexts.wrongPassword);

  await form.getByLabel(accountPageTexts.passwordLabel).fill(PASSWORD);
  await form.getByRole("button", { name: accountPageTexts.confirmDelete }).click();
  await expect(page).toHaveURL("/");
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/");
});

test("confirming an address: the link's page confirms with the account's password", async ({ page, email, mockUrl }) => {
  await signUpWithoutScripts(page, email);
  const mail = await latestEmail(mockUrl, email, { subject: CONFIRMATION_SUBJECT });
  const link = new URL(/https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9]+/.exec(mail.text)![0]);
  await page.context().clearCookies();
  await page.goto(link.pathname + link.search);
  const form = page.getByRole("form", { name: verifyTexts.pageTitle });
  await form.getByLabel("Password").fill("wrong");
  await form.getByRole("button", { name: verifyTexts.confirmAndSignIn }).click();
  await expect(formAlert(page)).toHaveText(verifyTexts.wrongPassword);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: verifyTexts.confirmAndSignIn }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);
  await page.goto("/account");
  await expect(page.getByText(accountPageTexts.verified, { exact: true })).toBeVisible();
});

test("a history card's View details is a link to the entry's own page", async ({ page, email }) => {
  await signUpWithoutScripts(page, email);
  await seedConversation(page, { tool: "prose", element: "world", fields: { genre: "salt-marsh gothic" }, followUps: ["Make it colder."] });
  await page.goto("/prose/history");
  await page.getByRole("button", { name: historyTexts.view }).click();
  await expect(page).toHaveURL(/\/prose\/history\/[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: historyTexts.detailsTitle })).toBeVisible();
  const thread = page.getByRole("article");
  await expect(thread).toContainText("Genre: salt-marsh gothic");
  await expect(thread).toContainText("Make it colder.");
  await page.getByRole("link", { name: historyTexts.backToList }).click();
  await expect(page).toHaveURL("/prose/history");
});
