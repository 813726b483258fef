/**
 * The tool page before and after generation, the last answer's actions with two versions, and
 * draft mode after a line edit, a project's bible and an answer that used it, at a desktop and a
 * phone size, for the README
 * (docs/screenshots/). Runs only when asked: `SCREENSHOTS=1 npx playwright test screenshots`.
 */
import path from "node:path";
import type { Page } from "@playwright/test";
import { answerActionTexts, draftModeTexts, versionTexts } from "../../app/messages/tools.ts";
import { bibleTexts } from "../../app/messages/projects.ts";
import { expect, open, signUp, test, toastItems } from "./fixtures.ts";
import { addEntry, chooseActiveProject, createProject, fillSection } from "./project-page.ts";
import { chooseElement, fillField, openToolFromDashboard, sendFollowUpWithEnter, toolBySlug, toolPage, WORKSPACE_SIZES } from "./tool-page.ts";

const folder = path.resolve(import.meta.dirname, "../../docs/screenshots");
const prose = toolBySlug("prose");

const sizes = WORKSPACE_SIZES;

/** No toast, no blinking caret: the page as a writer reads it. */
async function shoot(page: Page, name: string, into = folder) {
  for (const close of await toastItems(page).getByRole("button").all()) await close.click();
  await expect(toastItems(page)).toHaveCount(0);
  await page.screenshot({ path: path.join(into, `${name}.png`), caret: "hide", animations: "disabled" });
}

const PASSAGE = [
  "Mara walked down to the harbour just before dawn. The big ships were very quiet, and the the gulls had not started to cry yet. She looked at the water for a long time.",
  "Things had been bad since the storm, and she really did not know what to say to her brother when he came back. When the first boat rounded the breakwater, she knew it was his by the good red sail.",
].join("\n\n");

for (const size of sizes) {
  test.describe(`screenshots on a ${size.name}`, () => {
    test.skip(!process.env.SCREENSHOTS, "only when SCREENSHOTS=1");
    test.use(size.use);

    test(`tool page before and after generation (${size.name})`, async ({ page, email }) => {
      await signUp(page, { email });
      await openToolFromDashboard(page, prose);
      const ui = toolPage(page);
      await chooseElement(page, "Story outline");
      await fillField(page, prose, "genre", "literary thriller");
      await fillField(page, prose, "setting", "a drowned city in 2300");
      await fillField(page, prose, "storyIdea", "A cartographer maps the streets that flood each night and finds one that never does.");
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, `tool-${size.name}-before`);

      await ui.generate.click();
      await expect(ui.answers.first()).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
      await sendFollowUpWithEnter(page, "Make the flood colder and give the city a name");
      await shoot(page, `tool-${size.name}-after`);
    });

    test(`the last answer's actions with two versions (${size.name})`, async ({ page, email }) => {
      await signUp(page, { email });
      await openToolFromDashboard(page, prose);
      const ui = toolPage(page);
      await chooseElement(page, "Story outline");
      await fillField(page, prose, "genre", "literary thriller");
      await fillField(page, prose, "setting", "a drowned city in 2300");
      await ui.generate.click();
      await expect(ui.answers.first()).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
      await sendFollowUpWithEnter(page, "Make the flood colder and give the city a name");
      await ui.output.getByRole("button", { name: answerActionTexts.anotherVersionLabel }).click();
      await expect(ui.output.getByRole("group", { name: answerActionTexts.versions }).getByRole("status")).toHaveText(versionTexts.of(2, 2), {
        timeout: 20_000,
      });
      await expect(ui.answers.last()).toHaveAttribute("data-status", "complete");
      // The end of the answer and its toolbar, as the writer sees them when it has finished.
      await ui.output.evaluate((panel) => panel.scrollTo(0, panel.scrollHeight));
      await shoot(page, `answer-actions-${size.name}`);
    });
  });
}

for (const size of sizes) {
  test.describe(`draft mode screenshots on a ${size.name}`, () => {
    test.skip(!process.env.SCREENSHOTS, "only when SCREENSHOTS=1");
    test.use(size.use);

    test(`draft mode before and after a line edit (${size.name})`, async ({ page, email }, testInfo) => {
      await signUp(page, { email });
      await openToolFromDashboard(page, prose);
      await page.getByRole("radio", { name: draftModeTexts.draftMode, exact: true }).click();
      const form = page.getByRole("form", { name: draftModeTexts.form });
      await form.getByLabel(draftModeTexts.passageLabel).fill(PASSAGE);
      await page.evaluate(() => window.scrollTo(0, 0));
      // The form before sending is for review only; the README shows the tracked changes.
      await shoot(page, `draft-mode-${size.name}-before`, testInfo.outputDir);
      await form.getByRole("button", { name: draftModeTexts.submit }).click();
      await expect(toolPage(page).output.locator(".tracked-changes")).toBeVisible({ timeout: 20_000 });
      await shoot(page, `draft-mode-${size.name}`);
    });
  });
}

for (const size of sizes) {
  test.describe(`project screenshots on a ${size.name}`, () => {
    test.skip(!process.env.SCREENSHOTS, "only when SCREENSHOTS=1");
    test.use(size.use);

    test(`a project's bible, and an answer that used it (${size.name})`, async ({ page, email }) => {
      await signUp(page, { email });
      await createProject(page, "The Lock House");
      await fillSection(page, bibleTexts.sections.genreTone, "Gothic, dry humour");
      await fillSection(page, bibleTexts.sections.setting, "A Fenland lock in 1953");
      await addEntry(page, bibleTexts.kinds.character, "Agnes Pell", "Retired lock-keeper. Sharp-tongued, keeps the old logbooks.");
      await addEntry(page, bibleTexts.kinds.place, "The Lock House", "A stone cottage by the weir; the third stair creaks.");
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, `project-${size.name}`);

      await open(page, prose.path);
      await chooseActiveProject(page, "The Lock House");
      await chooseElement(page, "Story outline");
      await fillField(page, prose, "storyIdea", "Agnes hears the Lock House creak at night.");
      await toolPage(page).generate.click();
      const used = toolPage(page).exchanges.last().getByRole("note", { name: "Story bible used for this answer" });
      await expect(used).toContainText("Agnes Pell", { timeout: 20_000 });
      await used.scrollIntoViewIfNeeded();
      await shoot(page, `project-answer-${size.name}`);
    });
  });
}
