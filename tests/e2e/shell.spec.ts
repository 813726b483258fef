/** Page chrome: banner, footer, wallpaper and its fallback, and how toasts behave. */
import type { Page } from "@playwright/test";
import { validation } from "../../app/messages/account.ts";
import { toasts } from "../../app/messages/toasts.ts";
import { E2E_CONFIG } from "./app-env.ts";
import { expect, expectToast, open, PASSWORD, signUp, test, toastItems } from "./fixtures.ts";

const bannerHost = new URL(E2E_CONFIG.EDITING_SERVICES_URL).host;
const BANNER_TEXT = `Need edits on existing work? Visit ${bannerHost}`;

function banner(page: Page) {
  return page.getByRole("link", { name: BANNER_TEXT });
}

function contactUs(page: Page) {
  return page.getByRole("contentinfo").getByRole("link", { name: "Contact Us" });
}

test("banner, footer and wallpaper on the pages that have chrome", async ({ page, email }) => {
  await open(page, "/signup");
  await expect(banner(page)).toHaveAttribute("href", E2E_CONFIG.EDITING_SERVICES_URL);
  await expect(page.locator(".wallpaper")).toHaveAttribute("data-state", "ready");
  // The footer is hidden on /signup.
  await expect(page.getByRole("contentinfo")).toHaveCount(0);

  await open(page, "/password-reset");
  await expect(banner(page)).toBeVisible();
  await expect(contactUs(page)).toHaveAttribute("href", `mailto:${E2E_CONFIG.SUPPORT_EMAIL}`);

  await signUp(page, { email });
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toHaveAttribute("target", "_blank");
  await expect(contactUs(page)).toHaveAttribute("href", `mailto:${E2E_CONFIG.SUPPORT_EMAIL}`);
  await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()} The Write Stuff`);
  await expect(page.locator(".wallpaper")).toHaveAttribute("data-state", "ready");
  await expect(page.locator(".wallpaper")).toHaveCSS("background-image", /wallpaper\.svg/);
  // The wallpaper loaded, so there is no fallback toast.
  await expect(toastItems(page).filter({ hasText: toasts.wallpaperFallback.description })).toHaveCount(0);
});

test("the landing page has no banner, footer or wallpaper", async ({ page }) => {
  await open(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(/Need edits on existing work\?/)).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.locator(".wallpaper")).toHaveCount(0);
});

test("when the wallpaper cannot load: black gradient and 'Using fallback background style.'", async ({
  page,
  email,
}) => {
  let blocked = 0;
  await page.route(`**${E2E_CONFIG.WALLPAPER_URL}`, (route) => {
    blocked += 1;
    return route.abort("failed");
  });
  await open(page, "/signup");
  await expectToast(page, { title: toasts.wallpaperFallback.description });
  const wallpaper = page.locator(".wallpaper");
  await expect(wallpaper).toHaveAttribute("data-state", "failed");
  await expect(wallpaper).toHaveCSS("background-image", /linear-gradient/);
  await expect(wallpaper).not.toHaveCSS("background-image", /wallpaper\.svg/);
  expect(blocked).toBeGreaterThan(0);

  // Signed-in pages fall back the same way.
  await signUp(page, { email });
  await page.reload();
  await expectToast(page, { title: toasts.wallpaperFallback.description });
  await expect(page.locator(".wallpaper")).toHaveAttribute("data-state", "failed");
});

test("one toast at a time: a new toast replaces the one on screen, and it goes after 5 seconds", async ({
  page,
  email,
}) => {
  await open(page, "/signup");
  const form = page.getByRole("form", { name: "Create account" });
  const submit = form.getByRole("button", { name: "Create Account" });

  await submit.click();
  await expectToast(page, { title: toasts.error.title, description: validation.signUpFillAll });

  // Two more in quick succession: only the newest stays.
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm Password").fill("something else");
  await submit.click();
  await form.getByLabel("Confirm Password").fill("abc");
  await form.getByLabel("Password", { exact: true }).fill("abc");
  await submit.click();
  await expectToast(page, { title: toasts.error.title, description: validation.passwordTooShort });
  await expect(toastItems(page).filter({ hasText: validation.signUpFillAll })).toHaveCount(0);
  await expect(toastItems(page).filter({ hasText: validation.signUpMismatch })).toHaveCount(0);

  // Error toasts use the destructive style.
  await expect(toastItems(page)).toHaveAttribute("data-variant", "destructive");

  // Toasts last 5000 ms.
  const shownAt = Date.now();
  await page.mouse.move(0, 0);
  await expect(toastItems(page)).toHaveCount(0, { timeout: 8_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(3_500);
});
