/**
 * The look (issue 15): light and dark themes — the system's by default, a header toggle whose
 * choice sticks in a cookie the server renders from — every main page free of axe violations
 * (contrast included) in both, and the README's screenshots of every page at a desktop and a
 * phone size in both themes (`SCREENSHOTS=1 npx playwright test look`).
 */
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { themeTexts } from "../../app/messages/site.ts";
import { expect, expectNoA11yViolations, open, signUp, test, toastItems, waitForHydration } from "./fixtures.ts";
import { seedConversation } from "./history-page.ts";
import { WORKSPACE_SIZES } from "./tool-page.ts";

// What the writer sees with the system's default motion (the rest of the suite asks for less).
test.use({ reducedMotion: "no-preference" });

const THEMES = ["light", "dark"] as const;
type Theme = (typeof THEMES)[number];

async function chooseThemeByCookie(context: BrowserContext, baseURL: string, theme: Theme) {
  await context.addCookies([{ name: "tws_theme", value: theme, url: baseURL }]);
}

function themeToggle(page: Page) {
  return page.getByRole("button", { name: /^Colour theme:/ });
}

/** The appearance the page shows: the class the theme script put on <html>. */
async function appearance(page: Page): Promise<string> {
  return page.evaluate(() => (document.documentElement.classList.contains("dark") ? "dark" : document.documentElement.classList.contains("light") ? "light" : "none"));
}

test.describe("themes", () => {
  test("the system setting decides by default, before any of the app's scripts runs", async ({ browser, baseURL }) => {
    for (const colorScheme of THEMES) {
      const context = await browser.newContext({ baseURL, colorScheme });
      // Only the inline script in <head> may run: the app's own modules never arrive.
      await context.route("**/assets/**/*.js", (route) => route.abort());
      const page = await context.newPage();
      await page.goto("/", { waitUntil: "domcontentloaded" });
      expect(await appearance(page)).toBe(colorScheme);
      await expect(page.locator("html")).toHaveAttribute("data-theme-choice", "system");
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe(colorScheme === "dark" ? "rgb(17, 17, 16)" : "rgb(246, 242, 234)");
      await context.close();
    }
  });

  test("follows a change of the system setting while the page is open", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await open(page, "/");
    expect(await appearance(page)).toBe("light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => appearance(page)).toBe("dark");
  });

  test("the server renders the theme in the cookie, whatever the system says", async ({ page, context, baseURL }) => {
    const hydrationErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
    });
    await page.emulateMedia({ colorScheme: "light" });
    await context.addCookies([{ name: "tws_theme", value: "dark", url: baseURL! }]);
    const response = await page.request.get("/");
    const html = await response.text();
    expect(html).toMatch(/<html[^>]*data-theme-choice="dark"/);
    // Radix Themes' root carries the class in the server's HTML: no flash, no script needed.
    expect(html).toMatch(/class="radix-themes dark"|class="dark radix-themes"|radix-themes[^"]*\bdark\b/);
    await open(page, "/signup");
    expect(await appearance(page)).toBe("dark");
    expect(hydrationErrors, "the page hydrates without a mismatch").toEqual([]);
  });

  test("the toggle is labelled, works from the keyboard, and its choice sticks across reloads", async ({ page, email }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: "dark" });
    await signUp(page, { email });
    const toggle = themeToggle(page);
    await expect(toggle).toHaveAccessibleName(themeTexts.toggle(themeTexts.names.system, themeTexts.names.light));
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAccessibleName(themeTexts.toggle(themeTexts.names.light, themeTexts.names.dark));
    expect(await appearance(page)).toBe("light");

    await page.reload();
    expect(await appearance(page)).toBe("light");
    await expect(page.locator("html")).toHaveAttribute("data-theme-choice", "light");
    await expect(themeToggle(page)).toHaveAccessibleName(themeTexts.toggle(themeTexts.names.light, themeTexts.names.dark));

    // The server rendered the choice; the toggle answers once the page has hydrated.
    await waitForHydration(page);
    await themeToggle(page).press("Space");
    expect(await appearance(page)).toBe("dark");
    await open(page, "/prose");
    expect(await appearance(page)).toBe("dark");
    await expect(page.locator("html")).toHaveAttribute("data-theme-choice", "dark");

    // Back to the system's setting (dark here), which then follows the system again.
    await themeToggle(page).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme-choice", "system");
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => appearance(page)).toBe("light");
    await page.reload();
    expect(await appearance(page)).toBe("light");
  });
});

for (const theme of THEMES) {
  test.describe(`axe in the ${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test(`the visitor's pages have no violations (${theme})`, async ({ page }) => {
      await open(page, "/");
      expect(await appearance(page)).toBe(theme);
      await expectNoA11yViolations(page, `the landing page (${theme})`);
      for (const details of await page.locator("details").all()) await details.locator("summary").click();
      await expectNoA11yViolations(page, `the landing page with its answers open (${theme})`);
      for (const path of ["/signup", "/password-reset"]) {
        await open(page, path);
        expect(await appearance(page)).toBe(theme);
        await expectNoA11yViolations(page, `${path} (${theme})`);
      }
    });

    test(`the signed-in pages have no violations (${theme})`, async ({ page, email }) => {
      // Five pages, each checked whole: longer than one page's test.
      test.setTimeout(150_000);
      await signUp(page, { email });
      await seedConversation(page, { tool: "prose", element: "world", fields: { genre: "Fenland gothic" } });
      for (const path of ["/dashboard", "/prose", "/prose/history", "/projects", "/account"]) {
        await open(page, path);
        expect(await appearance(page)).toBe(theme);
        for (const close of await toastItems(page).getByRole("button").all()) await close.click();
        await expectNoA11yViolations(page, `${path} (${theme})`);
      }
    });
  });
}

const folder = path.resolve(import.meta.dirname, "../../docs/screenshots");

async function shoot(page: Page, name: string) {
  for (const close of await toastItems(page).getByRole("button").all()) await close.click();
  await expect(toastItems(page)).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(folder, `${name}.png`), caret: "hide", animations: "disabled", fullPage: true });
}

for (const size of WORKSPACE_SIZES) {
  for (const theme of THEMES) {
    test.describe(`look screenshots, ${size.name}, ${theme}`, () => {
      test.skip(!process.env.SCREENSHOTS, "only when SCREENSHOTS=1");
      test.use({ ...size.use, colorScheme: theme });

      test(`every page (${size.name}, ${theme})`, async ({ page, context, email, baseURL }) => {
        await chooseThemeByCookie(context, baseURL!, theme);
        const suffix = `${size.name}-${theme}`;
        await open(page, "/");
        await shoot(page, `landing-${suffix}`);
        await open(page, "/signup");
        await shoot(page, `signup-${suffix}`);

        await signUp(page, { email });
        await seedConversation(page, { tool: "prose", element: "outline", fields: { genre: "literary thriller", setting: "a drowned city in 2300" } });
        await seedConversation(page, { tool: "poetry", element: "poem", fields: {} });
        await seedConversation(page, { tool: "songwriting", element: "lyrics", fields: { genre: "alt-country" } });
        await open(page, "/dashboard");
        await shoot(page, `dashboard-${suffix}`);
        await open(page, "/prose");
        await shoot(page, `tool-${suffix}`);
        await open(page, "/prose/history");
        await shoot(page, `history-${suffix}`);
      });
    });
  }
}
