/** Every redirect in the spec's route table, as a browser sees it. */
import type { Page } from "@playwright/test";
import { TITLE_SUFFIX } from "../../app/messages/site.ts";
import { SPEC_OLD_ROUTES, SPEC_TOOLS } from "../spec/tables.ts";
import { expect, open, signUp, test, welcomeDialog } from "./fixtures.ts";

const UNKNOWN_PATHS = ["/no-such-page", "/prose/nope/deeper"];

async function expectLanding(page: Page) {
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Start Free 30-Day Trial" })).toBeVisible();
}

test.describe("signed out", () => {
  test("/dashboard and the six tools send a visitor to /", async ({ page }) => {
    for (const path of ["/dashboard", ...SPEC_TOOLS.map((tool) => tool.path)]) {
      await page.goto(path);
      await expectLanding(page);
    }
  });

  test("/signin goes to / with the sign-in dialog open", async ({ page }) => {
    await page.goto("/signin");
    await expect(page).toHaveURL("/#signin");
    const dialog = welcomeDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
    await expect(dialog.getByRole("form", { name: "Sign in" }).getByLabel("Email")).toBeVisible();
  });

  test("/signup and /password-reset are open to visitors", async ({ page }) => {
    await page.goto("/signup");
    await expect(page).toHaveURL("/signup");
    await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
    await page.goto("/password-reset");
    await expect(page).toHaveURL("/password-reset");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("an unknown path goes to /dashboard and from there to /", async ({ page }) => {
    for (const path of UNKNOWN_PATHS) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect([301, 302, 303, 307, 308], path).toContain(response.status());
      expect(new URL(response.headers().location!, "http://x").pathname, path).toBe("/dashboard");
      await page.goto(path);
      await expectLanding(page);
    }
  });

  test("old per-feature routes redirect to their tool (and then to / without a session)", async ({ page }) => {
    for (const old of SPEC_OLD_ROUTES) {
      const response = await page.request.get(old.path, { maxRedirects: 0 });
      expect(response.status(), old.path).toBe(301);
      expect(response.headers().location, old.path).toBe(old.to);
    }
    await page.goto(SPEC_OLD_ROUTES[0]!.path);
    await expectLanding(page);
  });
});

test.describe("signed in", () => {
  test("/ and /signup send a signed-in user to /dashboard; /password-reset stays open", async ({ page, email }) => {
    await signUp(page, { email });
    for (const path of ["/", "/signup"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/dashboard");
      await expect(page.getByRole("heading", { name: "Subscription Status" })).toBeVisible();
    }
    await page.goto("/password-reset");
    await expect(page).toHaveURL("/password-reset");
  });

  test("the six tools open, titled '… | The Write Stuff', and link back and to their history", async ({
    page,
    email,
  }) => {
    await signUp(page, { email });
    for (const tool of SPEC_TOOLS) {
      await page.goto(tool.path);
      await expect(page).toHaveURL(tool.path);
      await expect(page).toHaveTitle(`${tool.title}${TITLE_SUFFIX}`);
      await expect(page.getByRole("heading", { level: 1, name: tool.title })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Categories" })).toHaveAttribute("href", "/dashboard");
      await expect(page.getByRole("link", { name: "View History" })).toHaveAttribute(
        "href",
        `/${tool.historySection}/history`,
      );
    }
  });

  test("the dashboard cards lead to the tools", async ({ page, email }) => {
    test.slow(); // 12 page loads
    await signUp(page, { email });
    for (const tool of SPEC_TOOLS) {
      await open(page, "/dashboard");
      await page.getByRole("link", { name: tool.cardLabel }).click();
      await expect(page).toHaveURL(tool.path);
      await expect(page.getByRole("heading", { level: 1, name: tool.title })).toBeVisible();
    }
  });

  test("an unknown path goes to /dashboard, and after signing out to /", async ({ page, email }) => {
    await signUp(page, { email });
    for (const path of UNKNOWN_PATHS) {
      await page.goto(path);
      await expect(page, path).toHaveURL("/dashboard");
    }
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    for (const path of UNKNOWN_PATHS) {
      await page.goto(path);
      await expectLanding(page);
    }
  });
});
