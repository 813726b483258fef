import { resetTexts, validation } from "../../app/messages/account.ts";
import { passwordChangedEmail, resetEmail } from "../../app/messages/emails.ts";
import { toasts } from "../../app/messages/toasts.ts";
import {
  expect,
  expectToast,
  latestEmail,
  open,
  PASSWORD,
  signIn,
  signOut,
  signUp,
  submitSignIn,
  test,
  welcomeDialog,
} from "./fixtures.ts";

const NEW_PASSWORD = "a brand new secret 2";

test("change password in the dashboard dialog (current password first), sign out, sign in with the new one", async ({ page, email, mockUrl }) => {
  await signUp(page, { email });

  await page.getByRole("button", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  await expect(dialog).toBeVisible();
  const current = dialog.getByLabel("Current Password");
  const newPassword = dialog.getByLabel("New Password", { exact: true });
  const confirm = dialog.getByLabel("Confirm New Password");
  const update = dialog.getByRole("button", { name: "Update Password" });

  await update.click();
  await expectToast(page, { title: toasts.error.title, description: validation.currentPasswordRequired });
  await current.fill("not my current password");
  await update.click();
  await expectToast(page, { title: toasts.error.title, description: validation.passwordBothRequired });
  await newPassword.fill(NEW_PASSWORD);
  await update.click();
  await expectToast(page, { title: toasts.error.title, description: validation.passwordBothRequired });
  await confirm.fill(`${NEW_PASSWORD}!`);
  await update.click();
  await expectToast(page, { title: toasts.error.title, description: validation.passwordMismatch });
  await newPassword.fill("12345");
  await confirm.fill("12345");
  await update.click();
  await expectToast(page, { title: toasts.error.title, description: validation.passwordTooShort });
  await expect(dialog).toBeVisible();

  // A wrong current password (a stolen session does not know it) changes nothing.
  await newPassword.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD);
  await update.click();
  await expectToast(page, { title: toasts.error.title, description: validation.currentPasswordIncorrect });
  await expect(dialog).toBeVisible();

  const changedAt = Date.now() - 1_000;
  await current.fill(PASSWORD);
  await update.click();
  await expectToast(page, toasts.passwordChanged);
  await expect(dialog).toHaveCount(0);
  // This device stays signed in.
  await page.reload();
  await expect(page).toHaveURL("/dashboard");

  await signOut(page);
  await expect(page.getByRole("button", { name: "Start Free 30-Day Trial" })).toBeVisible();

  await submitSignIn(page, { email, password: PASSWORD });
  await expectToast(page, { title: toasts.signInFailed.title, description: validation.signInInvalid });
  await expect(page).toHaveURL("/");

  await signIn(page, { email, password: NEW_PASSWORD });
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  const notice = passwordChangedEmail({ email, resetLink: "" });
  expect((await latestEmail(mockUrl, email, { after: changedAt, subject: notice.subject })).text).toContain(email);
});

test("sign-in failure does not reveal whether the e-mail exists", async ({ page, email, newEmail }) => {
  await signUp(page, { email });
  await signOut(page);

  await submitSignIn(page, { email, password: "not the password" });
  await expectToast(page, { title: toasts.signInFailed.title, description: validation.signInInvalid });
  await submitSignIn(page, { email: newEmail(), password: "not the password" });
  await expectToast(page, { title: toasts.signInFailed.title, description: validation.signInInvalid });
  await expect(page).toHaveURL("/");
});

test("forgotten password: reset link from the mailbox, new password, sign in; the link works once", async ({
  page,
  browser,
  email,
  mockUrl,
}) => {
  // Signed in on this "device" while the password is reset on another one.
  await signUp(page, { email });

  const otherDevice = await browser.newContext();
  const resetPage = await otherDevice.newPage();
  await open(resetPage, "/password-reset");
  await expect(resetPage.getByRole("heading", { level: 1, name: resetTexts.requestHeading })).toBeVisible();
  const requestedAt = Date.now() - 1_000;
  await resetPage.getByLabel("Email").fill(email);
  await resetPage.getByRole("button", { name: resetTexts.requestSubmit }).click();
  await expect(resetPage.getByRole("status").filter({ hasText: resetTexts.requestSent })).toBeVisible();

  const mail = await latestEmail(mockUrl, email, { after: requestedAt, subject: resetEmail("").subject });
  expect(mail.subject).toBe(resetEmail("").subject);
  const link = /https?:\/\/\S+\/password-reset\?token=[^\s]+/.exec(mail.text)?.[0];
  expect(link, "reset link in the e-mail").toBeTruthy();

  await resetPage.goto(link!);
  await expect(resetPage.getByRole("heading", { level: 1, name: resetTexts.chooseHeading })).toBeVisible();
  await resetPage.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
  await resetPage.getByLabel("Confirm New Password").fill(NEW_PASSWORD);
  await resetPage.getByRole("button", { name: resetTexts.chooseSubmit }).click();

  // Back on the landing page with the sign-in dialog open.
  await expect(resetPage).toHaveURL("/#signin");
  await expectToast(resetPage, toasts.passwordReset);
  const dialog = welcomeDialog(resetPage);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");

  await submitSignIn(resetPage, { email, password: PASSWORD });
  await expectToast(resetPage, { title: toasts.signInFailed.title, description: validation.signInInvalid });
  await signIn(resetPage, { email, password: NEW_PASSWORD });

  // The link was single-use.
  await resetPage.goto(link!);
  await expect(resetPage.getByRole("alert").filter({ hasText: validation.resetLinkInvalid })).toBeVisible();
  await expect(resetPage.getByLabel("New Password", { exact: true })).toHaveCount(0);

  // Resetting the password signed out every other session.
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/");
  await expectToast(page, toasts.sessionExpired);

  await otherDevice.close();
});

test("a reset request for an unknown e-mail gets the same answer and sends nothing", async ({
  page,
  newEmail,
  mockUrl,
}) => {
  const nobody = newEmail();
  await open(page, "/password-reset");
  await page.getByLabel("Email").fill(nobody);
  await page.getByRole("button", { name: resetTexts.requestSubmit }).click();
  await expect(page.getByRole("status").filter({ hasText: resetTexts.requestSent })).toBeVisible();
  const response = await fetch(`${mockUrl}/mailbox/messages?to=${encodeURIComponent(nobody)}`);
  expect(await response.json()).toEqual([]);
});

test("an expired session on a protected page: 'Session Expired' and back to /", async ({ page, browser, email }) => {
  await signUp(page, { email });

  // A second tab/device holding the very same session cookie.
  const session = (await page.context().cookies()).filter((cookie) => cookie.name.endsWith("tws_session"));
  expect(session).toHaveLength(1);
  const stale = await browser.newContext();
  await stale.addCookies(session);
  const stalePage = await stale.newPage();
  await stalePage.goto("/dashboard");
  await expect(stalePage).toHaveURL("/dashboard");

  await signOut(page);

  await stalePage.goto("/prose");
  await expect(stalePage).toHaveURL("/");
  await expectToast(stalePage, toasts.sessionExpired);
  await expect(stalePage.getByRole("button", { name: "Start Free 30-Day Trial" })).toBeVisible();
  // The dead cookie is gone: the next visit is an ordinary signed-out one, without the toast.
  expect((await stale.cookies()).filter((cookie) => cookie.name.endsWith("tws_session"))).toEqual([]);
  await stalePage.goto("/dashboard");
  await expect(stalePage).toHaveURL("/");
  await expect(stalePage.getByRole("button", { name: "Start Free 30-Day Trial" })).toBeVisible();
  await expect(stalePage.getByText(toasts.sessionExpired.title)).toHaveCount(0);

  await stale.close();
});
