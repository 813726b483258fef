/**
 * Projects and the story bible (issue 13), as a writer uses them, at a desktop and a phone size:
 * create a project, add two characters and a place, make it the active project, generate in Prose
 * and in Stage & Screen — Step 2 arrives prefilled from the bible and "Used: …" names the entries
 * the stand-in model received — save a character from an answer to the bible, filter history by
 * project. The project pages are axe-clean. (Export and import are tested by their own spec.)
 */
import type { Page } from "@playwright/test";
import { bibleTexts } from "../../app/messages/projects.ts";
import {
  activeProjectTexts,
  autosaveTexts,
  historyProjectTexts,
  projectPageTexts,
  saveToBibleTexts,
} from "../../app/messages/project-pages.ts";
import { expect, expectNoA11yViolations, expectToast, open, signUp, test } from "./fixtures.ts";
import { historyPage } from "./history-page.ts";
import { chooseElement, fieldLabel, generateAndWait, toolBySlug, toolPage, WORKSPACE_SIZES } from "./tool-page.ts";

const prose = toolBySlug("prose");
const stage = toolBySlug("stage-screen");

/** Creates a project from /projects and waits for its page. */
async function createProject(page: Page, title: string) {
  await open(page, "/projects");
  await page.getByRole("button", { name: projectPageTexts.newProject }).click();
  const dialog = page.getByRole("dialog", { name: projectPageTexts.newProjectTitle });
  await dialog.getByLabel(projectPageTexts.titleLabel).fill(title);
  await dialog.getByRole("button", { name: projectPageTexts.create }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

/** Types into an autosaved section and waits until it says it is saved. */
async function fillSection(page: Page, label: string, text: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(text);
  const status = page.locator(".autosave-field").filter({ has: field }).getByRole("status");
  await expect(status).toHaveText(autosaveTexts.saved);
}

async function addEntry(page: Page, kind: string, name: string, description: string) {
  const form = page.getByRole("form", { name: projectPageTexts.addEntry });
  await form.getByRole("combobox", { name: projectPageTexts.entryKind }).click();
  await page.getByRole("option", { name: kind, exact: true }).click();
  await form.getByLabel(projectPageTexts.entryName).fill(name);
  await form.getByRole("button", { name: projectPageTexts.addEntry }).click();
  const entry = page.getByRole("region", { name, exact: true });
  await expect(entry).toBeVisible();
  await entry.getByLabel(projectPageTexts.entryDescription).fill(description);
  await expect(entry.getByRole("status")).toHaveText(autosaveTexts.saved);
}

async function chooseActiveProject(page: Page, title: string) {
  await page.getByRole("combobox", { name: activeProjectTexts.label }).click();
  await page.getByRole("option", { name: title, exact: true }).click();
  await expect(page.getByRole("combobox", { name: activeProjectTexts.label })).toHaveText(title);
}

/** The "Used: …" line under the last answer. */
const usedLine = (page: Page) => toolPage(page).exchanges.last().getByRole("note", { name: "Story bible used for this answer" });

for (const size of WORKSPACE_SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use(size.use);

    test("a project's bible prefills Step 2, reaches the model in Prose and Stage & Screen, and takes a character from an answer", async ({ page, email }) => {
      test.setTimeout(150_000);
      await signUp(page, { email });
      const title = "The Lock House";
      await createProject(page, title);
      await fillSection(page, bibleTexts.sections.genreTone, "Gothic, dry humour");
      await fillSection(page, bibleTexts.sections.setting, "A Fenland lock in 1953");
      await addEntry(page, bibleTexts.kinds.character, "Agnes Pell", "Retired lock-keeper. Sharp-tongued.");
      await addEntry(page, bibleTexts.kinds.character, "Tom Reed", "The ferryman.");
      await addEntry(page, bibleTexts.kinds.place, "The Lock House", "A stone cottage by the weir.");
      await expect(page.getByText(projectPageTexts.entryNotes).first()).toBeVisible();
      await expect(page.getByRole("link", { name: projectPageTexts.exportZip })).toBeVisible();
      await expect(page.getByRole("link", { name: projectPageTexts.exportDocx })).toBeVisible();
      await expect(page.getByRole("button", { name: projectPageTexts.importBible })).toBeVisible();
      await expectNoA11yViolations(page, "the project page");
      const projectUrl = page.url();

      // The dashboard's picker makes it the active project; the tool page remembers it.
      await open(page, "/dashboard");
      await chooseActiveProject(page, title);
      await open(page, prose.path);
      await expect(page.getByRole("combobox", { name: activeProjectTexts.label })).toHaveText(title);
      await chooseElement(page, "Character list / dramatis personae");
      const form = toolPage(page).form;
      await expect(form.getByLabel(fieldLabel(prose, "genre"), { exact: true })).toHaveValue("Gothic, dry humour");
      await expect(form.getByLabel(fieldLabel(prose, "setting"), { exact: true })).toHaveValue("A Fenland lock in 1953");
      await expect(form.getByLabel(fieldLabel(prose, "character"), { exact: true })).toHaveValue("Agnes Pell, Tom Reed");
      // The writer can still change a prefilled field.
      await form.getByLabel(fieldLabel(prose, "character"), { exact: true }).fill("Agnes Pell");
      await form.getByLabel(fieldLabel(prose, "storyIdea"), { exact: true }).fill("Agnes hears the Lock House creak at night.");
      const answer = await generateAndWait(page, prose);
      await expect(answer).toContainText("From your story bible");
      await expect(answer).toContainText("Character: Agnes Pell");
      await expect(answer).toContainText("Place: The Lock House");
      await expect(answer).not.toContainText("Character: Tom Reed");
      await expect(usedLine(page)).toContainText(/Used: .*Agnes Pell/);
      await expect(usedLine(page)).toContainText("The Lock House");
      await expect(usedLine(page)).not.toContainText("Tom Reed");

      // Save to bible: a section of the answer becomes a new character.
      await toolPage(page).output.getByRole("button", { name: saveToBibleTexts.buttonLabel }).click();
      const dialog = page.getByRole("dialog", { name: saveToBibleTexts.title });
      await dialog.getByRole("radio", { name: saveToBibleTexts.section }).click();
      await dialog.getByLabel(projectPageTexts.entryName).fill("Mary Pell");
      await dialog.getByRole("combobox", { name: projectPageTexts.entryKind }).click();
      await page.getByRole("option", { name: bibleTexts.kinds.character, exact: true }).click();
      await dialog.getByRole("button", { name: saveToBibleTexts.save }).click();
      await expect(dialog).toHaveCount(0);
      await expectToast(page, { title: saveToBibleTexts.saved(1) });

      // Stage & Screen: the new character is in the prefilled cast, and reaches the model.
      await open(page, stage.path);
      await chooseElement(page, "Character Arcs & Dynamics");
      const cast = toolPage(page).form.getByLabel(fieldLabel(stage, "characters"), { exact: true });
      await expect(cast).toHaveValue(/Agnes Pell — Retired lock-keeper\.\nMary Pell.*\nTom Reed — The ferryman\./s);
      await generateAndWait(page, stage);
      await expect(usedLine(page)).toContainText(/Used: .*Agnes Pell.*Mary Pell.*Tom Reed/);

      // History: the project filter keeps the project's conversations, "No project" none of them.
      await open(page, "/prose/history");
      const history = historyPage(page);
      await expect(history.cards).toHaveCount(1);
      await page.getByRole("combobox", { name: historyProjectTexts.filterLabel }).click();
      await page.getByRole("option", { name: historyProjectTexts.none, exact: true }).click();
      await expect(page).toHaveURL(/project=none/);
      await expect(history.emptyTitle).toBeVisible();
      await page.getByRole("combobox", { name: historyProjectTexts.filterLabel }).click();
      await page.getByRole("option", { name: title, exact: true }).click();
      await expect(page).toHaveURL(/project=[0-9a-f-]{36}/);
      await expect(history.cards).toHaveCount(1);
      // The reopened conversation still says what its answer was given.
      await history.cards.first().getByRole("button", { name: "View details", exact: true }).click();
      await expect(history.details.getByRole("note", { name: "Story bible used for this answer" })).toContainText(/Used: .*Agnes Pell/);
      await history.details.getByRole("button", { name: "Close", exact: true }).last().click();

      // The project page lists both conversations and the saved character.
      await open(page, projectUrl);
      await expect(page.locator(".project-conversation-list > li")).toHaveCount(2);
      await expect(page.getByRole("region", { name: "Mary Pell", exact: true })).toBeVisible();
      await open(page, "/projects");
      await expect(page.getByRole("link", { name: new RegExp(title) })).toBeVisible();
      await expectNoA11yViolations(page, "the projects page");
      // A project id that is not the writer's is not found.
      const stranger = await page.goto("/projects/00000000-0000-4000-8000-000000000000");
      expect(stranger?.status()).toBe(404);
    });
  });
}
