/** Everything a new user needs, with the keyboard alone (Tab, Enter, Space, Escape). */
import { toasts } from "../../app/messages/toasts.ts";
import { welcomeToasts } from "../../app/messages/trial.ts";
import { expect, expectToast, open, PASSWORD, tabTo, test, welcomeDialog } from "./fixtures.ts";

test("sign up, sign out and sign in again with the keyboard only", async ({ page, email }) => {
  await open(page, "/signup");
  const form = page.getByRole("form", { name: "Create account" });

  // The e-mail field has focus when the page opens.
  await expect(form.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Password", { exact: true })).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Confirm Password")).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "Create Account" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL("/dashboard");
  await expectToast(page, welcomeToasts.trial);

  await tabTo(page, page.getByRole("button", { name: "Sign Out" }));
  await page.keyboard.press("Space");
  await expect(page).toHaveURL("/");
  await expectToast(page, toasts.signedOut);

  // And back in through the landing dialog: Enter opens it, Enter in the password field submits.
  await tabTo(page, page.getByRole("button", { name: "Start Free 30-Day Trial" }));
  await page.keyboard.press("Enter");
  await expect(welcomeDialog(page).getByLabel("Email")).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/dashboard");
  await expectToast(page, toasts.signedIn);
});

test("open the landing dialog with Enter, switch tabs with the arrow keys, close it with Escape", async ({ page }) => {
  await open(page, "/");
  const trigger = page.getByRole("button", { name: "Start Free 30-Day Trial" });
  await tabTo(page, trigger);
  await page.keyboard.press("Enter");

  const dialog = welcomeDialog(page);
  await expect(dialog).toBeVisible();
  // Focus moves into the dialog, on the sign-in e-mail field.
  await expect(dialog.getByRole("form", { name: "Sign in" }).getByLabel("Email")).toBeFocused();

  await tabTo(page, dialog.getByRole("tab", { name: "Sign In" }));
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("tab", { name: "Sign Up" })).toBeFocused();
  await expect(dialog.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
  await expect(dialog.getByRole("tabpanel", { name: "Sign Up" })).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();

  // And again with Space.
  await page.keyboard.press("Space");
  await expect(welcomeDialog(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(welcomeDialog(page)).toHaveCount(0);
});

test("the Welcome dialog's code is not part of the landing page; the first click opens it while it loads", async ({ page }) => {
  const dialogCode = /\/assets\/welcome-dialog-[^/]+\.js$/;
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (dialogCode.test(new URL(request.url()).pathname)) fetched.push(request.url());
  });
  // The dialog's chunk arrives a second after it is asked for: a slow network.
  await page.route(dialogCode, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await open(page, "/");
  await page.waitForLoadState("networkidle");
  expect(fetched, "the dialog's code is loaded with the page").toEqual([]);

  const trigger = page.getByRole("button", { name: "Start Free 30-Day Trial" });
  await trigger.click();
  const dialog = welcomeDialog(page);
  await expect(dialog).toBeVisible();
  expect(fetched).toHaveLength(1);
  await expect(dialog.getByRole("form", { name: "Sign in" }).getByLabel("Email")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();
});
