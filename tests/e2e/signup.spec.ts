import { SPEC_TOOLS } from "../spec/tables.ts";
import { validation } from "../../app/messages/account.ts";
import { toasts } from "../../app/messages/toasts.ts";
import { welcomeToasts } from "../../app/messages/trial.ts";
import {
  expect,
  expectToast,
  open,
  PASSWORD,
  signOut,
  signUp,
  signUpOrSignInOwner,
  test,
  welcomeDialog,
} from "./fixtures.ts";
import type { Page } from "@playwright/test";

/** What a brand-new account sees on the dashboard. */
async function expectNewTrialDashboard(page: Page) {
  await expect(page).toHaveURL("/dashboard");
  await expectToast(page, welcomeToasts.trial);
  await expect(page.getByRole("heading", { name: "Subscription Status" })).toBeVisible();
  await expect(page.getByTestId("trial-days")).toHaveText("Free trial: 30 days remaining");
  await expect(page.getByTestId("trial-queries")).toHaveText(
    "5 of 5 trial conversations left · each includes up to 10 follow-ups",
  );
  await expect(page.getByRole("button", { name: "Subscribe Now" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  const categories = page.getByRole("navigation", { name: "Writing categories" }).getByRole("link");
  await expect(categories).toHaveCount(SPEC_TOOLS.length);
  for (const tool of SPEC_TOOLS) {
    await expect(categories.filter({ hasText: tool.cardLabel })).toHaveAttribute("href", tool.path);
  }
  await expect(page.getByText("(Coming Soon)")).toHaveCount(0);
}

test("signing up on /signup starts a 30-day trial with 5 queries", async ({ page, email }) => {
  await open(page, "/signup");
  await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Already have an account? Sign In" })).toHaveAttribute("href", "/signin");

  const form = page.getByRole("form", { name: "Create account" });
  // The e-mail is trimmed and lower-cased before it is stored.
  await form.getByLabel("Email").fill(email.toUpperCase());
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create Account" }).click();

  await expectNewTrialDashboard(page);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
});

test("signing up through the landing dialog's Sign Up tab", async ({ page, email }) => {
  await open(page, "/");
  await page.getByRole("button", { name: "Start Free 30-Day Trial" }).click();
  const dialog = welcomeDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
  await dialog.getByRole("tab", { name: "Sign Up" }).click();

  const panel = dialog.getByRole("tabpanel", { name: "Sign Up" });
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await panel.getByLabel("Confirm Password").fill(PASSWORD);
  await panel.getByRole("button", { name: "Create Account" }).click();

  await expectNewTrialDashboard(page);
  await expect(welcomeDialog(page)).toHaveCount(0);
});

test("client-side validation on /signup: empty, mismatched and short passwords never reach the server", async ({
  page,
  email,
}) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await open(page, "/signup");
  const form = page.getByRole("form", { name: "Create account" });
  const submit = form.getByRole("button", { name: "Create Account" });

  await submit.click();
  await expectToast(page, { title: toasts.error.title, description: validation.signUpFillAll });

  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await submit.click();
  await expectToast(page, { title: toasts.error.title, description: validation.signUpFillAll });

  await form.getByLabel("Confirm Password").fill(`${PASSWORD}x`);
  await submit.click();
  await expectToast(page, { title: toasts.error.title, description: validation.signUpMismatch });

  await form.getByLabel("Password", { exact: true }).fill("abc");
  await form.getByLabel("Confirm Password").fill("abc");
  await submit.click();
  await expectToast(page, { title: toasts.error.title, description: validation.passwordTooShort });

  await expect(page).toHaveURL("/signup");
  expect(posts, "no form was posted").toEqual([]);
});

test("a duplicate e-mail gets a clear error, also in other letter case", async ({ page, email }) => {
  await signUp(page, { email });
  await signOut(page);

  for (const attempt of [email, `  ${email.toUpperCase()}`]) {
    await open(page, "/signup");
    const form = page.getByRole("form", { name: "Create account" });
    await form.getByLabel("Email").fill(attempt);
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByLabel("Confirm Password").fill(PASSWORD);
    await form.getByRole("button", { name: "Create Account" }).click();
    await expectToast(page, { title: toasts.error.title, description: validation.emailTaken });
    await expect(form.getByRole("alert")).toHaveText(validation.emailTaken);
    await expect(page).toHaveURL("/signup");
  }
});

test("the owner (OWNER_EMAIL, confirmed in the run's first test) is an admin and is never told a trial started", async ({ page }) => {
  await signUpOrSignInOwner(page);
  await expect(page.getByText(/trial/i)).toHaveCount(0);
  await expect(page.getByTestId("trial-days")).toHaveCount(0);
  await expect(page.getByTestId("trial-queries")).toHaveCount(0);
  await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);
});
