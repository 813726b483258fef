/**
 * Projects and the story bible (issue 13), as a writer uses them, at a desktop and a phone size:
 * create a project, add two characters and a place, make it the active project, generate in Prose
 * and in Stage & Screen — Step 2 arrives prefilled from the bible and "Used: …" names the entries
 * the stand-in model received — save a character from an answer to the bible, filter history by
 * project. The project pages are axe-clean. Then the bundle: the page's "Export bundle (.zip)"
 * downloads the bible and the project's conversation, and its bible.md imported into a new
 * project through the page's import button brings the entries there. And a character list
 * answer saved to the bible as one entry per character, in one step.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { bibleTexts } from "../../app/messages/projects.ts";
import {
  activeProjectTexts,
  historyProjectTexts,
  projectPageTexts,
  saveToBibleTexts,
} from "../../app/messages/project-pages.ts";
import { SUPPORTING_CAST } from "../mocks/openai-cast.ts";
import { expect, expectNoA11yViolations, expectToast, open, signUp, test } from "./fixtures.ts";
import { historyPage, seedConversation } from "./history-page.ts";
import { addEntry, chooseActiveProject, createProject, fillSection } from "./project-page.ts";
import { chooseElement, clickInThread, fieldLabel, generateAndWait, toolBySlug, toolPage, WORKSPACE_SIZES } from "./tool-page.ts";

const prose = toolBySlug("prose");
const stage = toolBySlug("stage-screen");


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
      await expect(page.getByRole("button", { name: projectPageTexts.exportDocx })).toBeVisible();
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
      await clickInThread(toolPage(page).output.getByRole("button", { name: saveToBibleTexts.buttonLabel }));
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

/** The project's id, from its page's URL. */
function projectIdOf(page: Page): string {
  const id = /\/projects\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname)?.[1];
  expect(id, "on a project's page").toBeTruthy();
  return id!;
}

/** Types an entry's private notes and waits for the server to have them. */
async function fillNotes(page: Page, name: string, notes: string) {
  const saved = page.waitForResponse(
    (response) => response.request().method() === "PATCH" && response.url().includes("/entries/") && (response.request().postData() ?? "").includes(notes),
  );
  await page.getByRole("region", { name, exact: true }).getByLabel(projectPageTexts.entryNotes).fill(notes);
  expect((await saved).status()).toBe(200);
}

/** Clicks "Export bundle (.zip)" and returns the files of the downloaded zip by path. */
async function downloadBundle(page: Page): Promise<Record<string, string>> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: projectPageTexts.exportZip }).click()]);
  expect(await download.failure()).toBeNull();
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  return Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, strFromU8(bytes)]));
}

/** Clicks "Bible (.docx)" and returns the text of the document's paragraphs, one per line. */
async function downloadBibleDocx(page: Page): Promise<{ name: string; text: string; xml: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: projectPageTexts.exportDocx }).click()]);
  expect(await download.failure()).toBeNull();
  const xml = strFromU8(unzipSync(new Uint8Array(await readFile(await download.path())))["word/document.xml"]!);
  const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join("\n");
  return { name: download.suggestedFilename(), text, xml };
}

/** The text of bible.md under `### name`, up to the next entry. */
function entrySection(bible: string, name: string): string {
  const start = bible.indexOf(`\n### ${name}\n`);
  expect(start, `bible.md has an entry "${name}"`).toBeGreaterThanOrEqual(0);
  const next = bible.indexOf("\n### ", start + 1);
  return bible.slice(start, next === -1 ? undefined : next);
}

test("export a project as a .zip (its bible and its conversation) and import that bible into a new project", async ({ page, email }) => {
  test.slow();
  await signUp(page, { email });
  const title = "The Lock House";
  await createProject(page, title);
  const projectId = projectIdOf(page);
  await fillSection(page, bibleTexts.sections.synopsis, "A keeper inherits a haunted lock.");
  await addEntry(page, bibleTexts.kinds.character, "Agnes Pell", "Retired lock-keeper.");
  await fillNotes(page, "Agnes Pell", "Dies in act three.");
  await addEntry(page, bibleTexts.kinds.place, "Weir Cottage", "A stone cottage by the weir.");
  const marker = `lamplit-${Date.now()}`;
  await seedConversation(page, { tool: "prose", element: "world", fields: { genre: `gothic ${marker}` }, projectId });

  await open(page, `/projects/${projectId}`);
  const files = await downloadBundle(page);
  const bible = files["bible.md"];
  expect(bible, "the zip holds bible.md").toBeDefined();
  expect(bible).toContain(`title: "${title}"`);
  expect(bible).toContain("## Synopsis\n\nA keeper inherits a haunted lock.");
  const agnes = entrySection(bible!, "Agnes Pell");
  expect(agnes).toContain(`Kind: ${bibleTexts.kinds.character}`);
  // The description is the entry's text; the private notes are under their own heading, after it.
  expect(agnes).toMatch(/Retired lock-keeper\.\n\n#### Private notes\n\nDies in act three\./);
  const cottage = entrySection(bible!, "Weir Cottage");
  expect(cottage).toContain(`Kind: ${bibleTexts.kinds.place}`);
  expect(cottage).toContain("A stone cottage by the weir.");
  expect(cottage).not.toContain("Private notes");
  const conversations = Object.keys(files).filter((path) => path.startsWith("conversations/"));
  expect(conversations).toHaveLength(1);
  expect(conversations[0]).toMatch(/^conversations\/prose\/\d{4}-\d{2}-\d{2}-.+\.md$/);
  const conversation = files[conversations[0]!]!;
  expect(conversation).toContain(`project: "${title}"`);
  expect(conversation).toContain(marker);

  // The bible alone as a Word document, built in the browser: sections, entries as headings, notes.
  const docx = await downloadBibleDocx(page);
  expect(docx.name).toBe("the-lock-house-bible.docx");
  for (const expected of [title, bibleTexts.sections.synopsis, "A keeper inherits a haunted lock.", "Agnes Pell", "Private notes", "Dies in act three.", "Weir Cottage"]) {
    expect(docx.text).toContain(expected);
  }
  expect(docx.xml).toMatch(/<w:pStyle w:val="Heading3"\/>[\s\S]*?Agnes Pell/);

  // A new project takes that bible.md through its page's import button.
  await createProject(page, "Second Book");
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByRole("button", { name: projectPageTexts.importBible }).click()]);
  await chooser.setFiles({ name: "bible.md", mimeType: "text/markdown", buffer: Buffer.from(bible!, "utf8") });
  const agnesHere = page.getByRole("region", { name: "Agnes Pell", exact: true });
  await expect(agnesHere).toBeVisible();
  await expect(agnesHere.getByLabel(projectPageTexts.entryDescription)).toHaveValue("Retired lock-keeper.");
  await expect(agnesHere.getByLabel(projectPageTexts.entryNotes)).toHaveValue("Dies in act three.");
  await expect(page.getByRole("region", { name: "Weir Cottage", exact: true }).getByLabel(projectPageTexts.entryDescription)).toHaveValue(
    "A stone cottage by the weir.",
  );
  await expect(page.getByLabel(bibleTexts.sections.synopsis, { exact: true })).toHaveValue("A keeper inherits a haunted lock.");
  // The new project keeps its own title; the first one is unchanged.
  await expect(page.getByRole("heading", { level: 1, name: "Second Book" })).toBeVisible();
  expect(projectIdOf(page)).not.toBe(projectId);
});

test("a character list answer becomes one bible entry per character, in one step", async ({ page, email }) => {
  test.slow();
  await signUp(page, { email });
  const title = "Salt Roads";
  await createProject(page, title);
  const projectUrl = page.url();
  await open(page, "/dashboard");
  await chooseActiveProject(page, title);
  await open(page, prose.path);
  await chooseElement(page, "Character list / dramatis personae");
  const form = toolPage(page).form;
  await form.getByLabel(fieldLabel(prose, "character"), { exact: true }).fill("Agnes Pell, Tom Reed");
  await form.getByLabel(fieldLabel(prose, "storyIdea"), { exact: true }).fill("Smugglers on the salt marsh.");
  const answer = await generateAndWait(page, prose);
  await expect(answer.getByRole("heading", { name: "Characters", exact: true })).toBeVisible();

  const cast = ["Agnes Pell", "Tom Reed", ...SUPPORTING_CAST];
  await clickInThread(toolPage(page).output.getByRole("button", { name: saveToBibleTexts.buttonLabel }));
  const dialog = page.getByRole("dialog", { name: saveToBibleTexts.title });
  // The answer is a character list: one entry per character is offered, and chosen.
  await expect(dialog.getByRole("radio", { name: saveToBibleTexts.characters(cast.length) })).toBeChecked();
  const choices = dialog.getByRole("group", { name: saveToBibleTexts.charactersPreview });
  await expect(choices.getByRole("checkbox")).toHaveCount(cast.length);
  for (const name of cast) await expect(choices.getByRole("checkbox", { name, exact: true })).toBeChecked();
  await expectNoA11yViolations(page, "Save to bible, one entry per character");
  await dialog.getByRole("button", { name: saveToBibleTexts.save }).click();
  await expect(dialog).toHaveCount(0);
  await expectToast(page, { title: saveToBibleTexts.saved(cast.length) });

  await open(page, projectUrl);
  for (const name of cast) {
    const entry = page.getByRole("region", { name, exact: true });
    await expect(entry).toBeVisible();
    await expect(entry.getByRole("combobox", { name: projectPageTexts.entryKind })).toHaveText(bibleTexts.kinds.character);
    await expect(entry.getByLabel(projectPageTexts.entryDescription)).toHaveValue(/^wants .+\.$/);
  }
  await expect(page.getByRole("region", { name: "Agnes Pell", exact: true }).getByLabel(projectPageTexts.entryDescription)).toHaveValue(
    "wants to be left alone, needs to be needed, and talks too much when frightened.",
  );
});
