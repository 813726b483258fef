/**
 * Every page of the app at a desktop and a phone size, in the light and the dark theme, for the
 * README's gallery (docs/screenshots/pages/<page>-<size>-<theme>.jpg). The theme comes from the
 * system setting (the app follows it until a writer picks one). Runs only when asked:
 * `SCREENSHOTS=1 npx playwright test page-gallery`.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, open, signUp, signUpOrSignInOwner, test, toastItems } from "./fixtures.ts";
import { bibleTexts } from "../../app/messages/projects.ts";
import { landingTexts } from "../../app/messages/landing.ts";
import { createProject, fillSection } from "./project-page.ts";
import { chooseElement, fillField, openToolFromDashboard, sendFollowUpWithEnter, toolBySlug, toolPage, WORKSPACE_SIZES } from "./tool-page.ts";

const folder = path.resolve(import.meta.dirname, "../../docs/screenshots/pages");
const prose = toolBySlug("prose");
const THEMES = ["light", "dark"] as const;

/** The page as a writer reads it: no toast, no caret, animations finished, from the top. */
async function shoot(page: Page, name: string, suffix: string) {
  for (const close of await toastItems(page).getByRole("button").all()) await close.click();
  await expect(toastItems(page)).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  // JPEG: the paper-grain wallpaper makes PNGs of these pages about 0.5 MB each.
  await page.screenshot({ path: path.join(folder, `${name}-${suffix}.jpg`), type: "jpeg", quality: 80, caret: "hide", animations: "disabled" });
}

for (const size of WORKSPACE_SIZES) {
  for (const theme of THEMES) {
    const suffix = `${size.name}-${theme}`;
    test.describe(`every page on a ${size.name}, ${theme} theme`, () => {
      test.skip(!process.env.SCREENSHOTS, "only when SCREENSHOTS=1");
      test.use({ ...size.use, colorScheme: theme });
      test.beforeAll(() => mkdirSync(folder, { recursive: true }));

      test(`signed out (${suffix})`, async ({ page }) => {
        await open(page, "/");
        await shoot(page, "landing", suffix);
        await page.getByRole("button", { name: landingTexts.startTrial }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await shoot(page, "sign-in-dialog", suffix);
        await open(page, "/signup");
        await shoot(page, "signup", suffix);
        await open(page, "/password-reset");
        await shoot(page, "password-reset", suffix);
        await open(page, "/no-such-page");
        await shoot(page, "not-found", suffix);
      });

      test(`a writer's pages (${suffix})`, async ({ page, email }) => {
        test.slow();
        await signUp(page, { email });
        await shoot(page, "dashboard", suffix);
        await openToolFromDashboard(page, prose);
        const ui = toolPage(page);
        await chooseElement(page, "Story outline");
        await fillField(page, prose, "genre", "literary thriller");
        await fillField(page, prose, "setting", "a drowned city in 2300");
        await page.evaluate(() => window.scrollTo(0, 0));
        await shoot(page, "tool-before", suffix);
        await ui.generate.click();
        await expect(ui.answers.first()).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
        await sendFollowUpWithEnter(page, "Make the flood colder and give the city a name");
        await shoot(page, "tool-after", suffix);
        await open(page, "/prose/history");
        await shoot(page, "history", suffix);
        await open(page, "/history/search?q=flood");
        await shoot(page, "history-search", suffix);
        await open(page, "/account");
        await shoot(page, "account", suffix);
        await createProject(page, "The Drowned City");
        await fillSection(page, bibleTexts.sections.synopsis, "A cartographer maps the streets that flood each night.");
        await shoot(page, "project", suffix);
        await open(page, "/projects");
        await shoot(page, "projects", suffix);
      });

      test(`the owner's console (${suffix})`, async ({ page }) => {
        await signUpOrSignInOwner(page);
        for (const [name, route] of [
          ["admin-overview", "/admin"],
          ["admin-writers", "/admin/writers"],
          ["admin-prompts", "/admin/prompts"],
          ["admin-settings", "/admin/settings"],
          ["admin-audit", "/admin/audit"],
        ] as const) {
          await open(page, route);
          await shoot(page, name, suffix);
        }
      });
    });
  }
}
