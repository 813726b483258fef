/**
 * History that finds things (issue 12), tried as a writer would: rename a conversation (with
 * the too-long message), star it and filter on Starred (with a search), search all six
 * sections from the dashboard and continue a match in its tool, and 'Continue in tool'
 * bringing back the element and the details that were filled; the search of all your work
 * filtered by project (issue 13). Axe-clean with the new controls.
 *
 * The last test needs the generation path to record the filled details (decision 012): it
 * generates through the tool page and expects them back after Continue in tool.
 */
import type { Page } from "@playwright/test";
import { historyTexts, historyToasts } from "../../app/messages/history.ts";
import { toolTexts, workspaceTexts } from "../../app/messages/tools.ts";
import { expect, expectNoA11yViolations, expectToast, open, signUp, test, waitForHydration } from "./fixtures.ts";
import { historyProjectTexts } from "../../app/messages/project-pages.ts";
import { cardWith, entryIdOf, historyCard, historyPage, seedConversation, seedProject, threadOf } from "./history-page.ts";
import { chooseElement, fillField, generateAndWait, openToolFromDashboard, toolBySlug, toolPage } from "./tool-page.ts";

const prose = toolBySlug("prose");

/** A word of letters only (the search splits on anything else), unique to this test. */
function uniqueWord(prefix: string): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let word = prefix;
  for (let i = 0; i < 10; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

async function openHistory(page: Page, section: string, search = "") {
  await open(page, `/${section}/history${search}`);
  await expect(historyPage(page).heading).toBeVisible();
}

test("rename a conversation: the dialog checks the length, the card and the thread take the new title, empty gives the automatic one back", async ({
  page,
  email,
}) => {
  await signUp(page, { email });
  const marker = uniqueWord("rn");
  await seedConversation(page, { tool: "prose", element: "world", fields: { genre: `solarpunk ${marker}` } });
  await openHistory(page, "prose");
  const history = historyPage(page);
  const card = historyCard(cardWith(page, marker));
  const id = await entryIdOf(cardWith(page, marker));
  const automatic = (await threadOf(page, id)).title;
  await expect(card.title).toHaveText(automatic);
  await expect(card.label).toHaveText("World description");

  await card.rename.click();
  const dialog = history.renameDialog;
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole("textbox", { name: historyTexts.renameLabel });
  await expect(field).toHaveValue(automatic);
  await expect(field).toBeFocused();
  await expectNoA11yViolations(page, "the rename dialog");

  await field.fill("x".repeat(121));
  await dialog.getByRole("button", { name: historyTexts.save }).click();
  await expect(dialog.getByRole("alert")).toHaveText(historyTexts.titleTooLong);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toBeVisible();

  await field.fill("  The glass orchards  ");
  await field.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expectToast(page, historyToasts.renamed);
  await expect(card.title).toHaveText("The glass orchards");
  await expect(card.label).toHaveText("World description");
  await expect(card.rename, "focus goes back to the card's Rename").toBeFocused();
  expect((await threadOf(page, id)).title).toBe("The glass orchards");

  // It is kept: after a reload, and Cancel changes nothing.
  await openHistory(page, "prose");
  await expect(card.title).toHaveText("The glass orchards");
  await card.rename.click();
  await history.renameDialog.getByRole("textbox").fill("Not this");
  await history.renameDialog.getByRole("button", { name: historyTexts.cancel }).click();
  await expect(history.renameDialog).toHaveCount(0);
  await expect(card.title).toHaveText("The glass orchards");

  // An empty title is the automatic one again.
  await card.rename.click();
  await history.renameDialog.getByRole("textbox").fill("");
  await history.renameDialog.getByRole("button", { name: historyTexts.save }).click();
  await expect(history.renameDialog).toHaveCount(0);
  await expect(card.title).toHaveText(automatic);
});

test("star conversations and filter on Starred, with a search; the filter survives a reload", async ({ page, email }) => {
  test.slow();
  await signUp(page, { email });
  const shared = uniqueWord("st");
  const words = [uniqueWord("one"), uniqueWord("two"), uniqueWord("three")];
  for (const word of words) {
    await seedConversation(page, { tool: "prose", element: "world", fields: { genre: `${word} ${shared}` } });
  }
  await openHistory(page, "prose");
  const history = historyPage(page);
  await expect(history.cards).toHaveCount(3);
  await expect(history.starredFilter).toHaveAttribute("aria-pressed", "false");

  const [first, , third] = words.map((word) => historyCard(cardWith(page, word)));
  await expect(first!.star).toHaveAccessibleName(historyTexts.star);
  await expect(first!.star).toHaveAttribute("aria-pressed", "false");
  await expect(first!.star).toHaveAttribute("title", historyTexts.starHint);
  await first!.star.click();
  await expect(first!.star).toHaveAttribute("aria-pressed", "true");
  await expect(first!.star).toHaveAccessibleName(historyTexts.unstar);
  // By keyboard too.
  await third!.star.focus();
  await page.keyboard.press("Enter");
  await expect(third!.star).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await threadOf(page, await entryIdOf(cardWith(page, words[2]!)))).starred).toBe(true);
  await expectNoA11yViolations(page, "the history list with stars and Rename");

  await history.starredFilter.click();
  await expect(page).toHaveURL(/\/prose\/history\?starred=1$/);
  await expect(history.starredFilter).toHaveAttribute("aria-pressed", "true");
  await expect(history.cards).toHaveCount(2);
  await expect(cardWith(page, words[1]!)).toHaveCount(0);
  await expectNoA11yViolations(page, "the Starred filter");

  // A search inside Starred keeps the filter; Clear search keeps it too.
  await history.searchBox.fill(words[0]!);
  await history.searchSubmit.click();
  await expect(page).toHaveURL(new RegExp(`q=${words[0]}`));
  await expect(page).toHaveURL(/starred=1/);
  await expect(history.cards).toHaveCount(1);
  await expect(cardWith(page, words[0]!)).toHaveCount(1);
  await history.clearSearch.click();
  await expect(page).toHaveURL(/\/prose\/history\?starred=1$/);
  await expect(history.cards).toHaveCount(2);

  // Reloaded, still filtered; unstar one and turn the filter off: all three, one starred.
  await openHistory(page, "prose", "?starred=1");
  await expect(history.cards).toHaveCount(2);
  await historyCard(cardWith(page, words[0]!)).star.click();
  await expect(historyCard(cardWith(page, words[0]!)).star).toHaveAttribute("aria-pressed", "false");
  await history.starredFilter.click();
  await expect(page).toHaveURL(/\/prose\/history$/);
  await expect(history.cards).toHaveCount(3);
  await expect(history.cards.locator('button[data-action="star"][aria-pressed="true"]')).toHaveCount(1);
});

test("the dashboard's 'Search all your work' finds a conversation of another section and continues it in its tool", async ({
  page,
  email,
}) => {
  await signUp(page, { email });
  const word = uniqueWord("gs");
  const poem = await seedConversation(page, { tool: "poetry", element: "imagery", fields: { premise: `a lighthouse ${word}` } });
  await seedConversation(page, { tool: "prose", element: "world", fields: { genre: "unrelated" } });

  await open(page, "/dashboard");
  const search = page.getByRole("search", { name: historyTexts.allSearchLabel });
  await expect(search).toBeVisible();
  await expectNoA11yViolations(page, "the dashboard with its search");
  await search.getByRole("searchbox", { name: historyTexts.allSearchLabel }).fill(word);
  await search.getByRole("button", { name: historyTexts.searchSubmit }).click();

  await expect(page).toHaveURL(`/history/search?q=${word}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(historyTexts.allSearchTitle);
  await waitForHydration(page);
  const history = historyPage(page);
  await expect(history.cards).toHaveCount(1);
  const card = historyCard(history.cards.first());
  await expect(card.section).toHaveText(historyTexts.sectionOf("Poetry"));
  await expect(card.label).toHaveText("Imagery suggestions");
  await expect(page.getByRole("list", { name: historyTexts.allMatchesFor(word) })).toBeVisible();
  await expectNoA11yViolations(page, "the search results of all sections");

  // The same card's actions work here: star it, then continue in the poetry tool.
  await card.star.click();
  await expect(card.star).toHaveAttribute("aria-pressed", "true");
  await history.cards.first().getByRole("link", { name: historyTexts.continueInTool }).click();
  await expect(page).toHaveURL(`/poetry?conversation=${poem.conversationId}`);
  await expect(page.getByText(toolTexts.continuing)).toBeVisible();

  // Nothing found says so.
  await open(page, `/history/search?q=${word}nothing`);
  await expect(page.getByText(historyTexts.allNoMatches(`${word}nothing`))).toBeVisible();
});

test("the search of all your work filters by project: one project's, none's, and the search keeps the filter", async ({ page, email }) => {
  test.slow();
  await signUp(page, { email });
  const word = uniqueWord("pj");
  const other = uniqueWord("ot");
  const projectId = await seedProject(page, "The Lock House");
  const emptyProjectId = await seedProject(page, "Salt Roads");
  await seedConversation(page, { tool: "poetry", element: "imagery", fields: { premise: `a weir ${word}` }, projectId });
  await seedConversation(page, { tool: "prose", element: "world", fields: { genre: `fenland ${word}` } });
  await seedConversation(page, { tool: "prose", element: "world", fields: { genre: `lockkeeper ${word} ${other}` }, projectId });

  await open(page, `/history/search?q=${word}`);
  await waitForHydration(page);
  const history = historyPage(page);
  const search = page.getByRole("search", { name: historyTexts.allSearchLabel });
  const filter = page.getByRole("combobox", { name: historyProjectTexts.filterLabel });
  await expect(history.cards).toHaveCount(3);
  await expect(filter).toHaveText(historyProjectTexts.all);
  await expectNoA11yViolations(page, "the search of all your work with its Project filter");

  await filter.click();
  await expect(page.getByRole("option", { name: "Salt Roads", exact: true })).toBeVisible();
  await page.getByRole("option", { name: "The Lock House", exact: true }).click();
  await expect(page).toHaveURL(`/history/search?q=${word}&project=${projectId}`);
  await expect(filter).toHaveText("The Lock House");
  await expect(history.cards).toHaveCount(2);
  await expect(historyCard(cardWith(page, `a weir ${word}`)).section).toHaveText(historyTexts.sectionOf("Poetry"));
  await expect(cardWith(page, `fenland ${word}`)).toHaveCount(0);

  // A new search keeps the project.
  await search.getByRole("searchbox", { name: historyTexts.allSearchLabel }).fill(other);
  await search.getByRole("button", { name: historyTexts.searchSubmit }).click();
  await expect(page).toHaveURL(`/history/search?q=${other}&project=${projectId}`);
  await expect(history.cards).toHaveCount(1);
  await expect(cardWith(page, `lockkeeper ${word}`)).toHaveCount(1);

  // "No project": the conversation that has none; a project with none of the words says so.
  await open(page, `/history/search?q=${word}`);
  await filter.click();
  await page.getByRole("option", { name: historyProjectTexts.none, exact: true }).click();
  await expect(page).toHaveURL(`/history/search?q=${word}&project=none`);
  await expect(history.cards).toHaveCount(1);
  await expect(cardWith(page, `fenland ${word}`)).toHaveCount(1);
  await filter.click();
  await page.getByRole("option", { name: "Salt Roads", exact: true }).click();
  await expect(page.getByText(historyTexts.allNoMatches(word))).toBeVisible();
  await filter.click();
  await page.getByRole("option", { name: historyProjectTexts.all, exact: true }).click();
  await expect(page).toHaveURL(`/history/search?q=${word}`);
  await expect(history.cards).toHaveCount(3);

  // The filter alone (no words) lists the project's conversations of every section.
  await open(page, `/history/search?project=${projectId}`);
  await expect(history.cards).toHaveCount(2);
  await open(page, `/history/search?project=${emptyProjectId}`);
  await expect(page.getByText(historyProjectTexts.allNone)).toBeVisible();
  // Another writer's (or no one's) project is not found.
  const stranger = await page.goto("/history/search?project=00000000-0000-4000-8000-000000000000");
  expect(stranger?.status()).toBe(404);
});

test("'Continue in tool' restores the element and the details that were filled", async ({ page, email }) => {
  test.slow();
  await signUp(page, { email });
  const genre = `gaslamp ${uniqueWord("ct")}`;
  await openToolFromDashboard(page, prose);
  await chooseElement(page, "Story outline");
  await fillField(page, prose, "genre", genre);
  await fillField(page, prose, "tone", "wry");
  await generateAndWait(page, prose);

  await page.getByRole("link", { name: toolTexts.viewHistory }).click();
  await expect(page).toHaveURL("/prose/history");
  await waitForHydration(page);
  const history = historyPage(page);
  const card = historyCard(history.cards.first());
  // The card is titled by what it is: the element and the first filled detail.
  await expect(card.title).toHaveText(`Story outline · ${genre}`);
  await expect(card.label).toHaveText("Story outline");

  await card.view.click();
  await history.details.getByRole("link", { name: historyTexts.continueInTool }).click();
  await expect(page).toHaveURL(/\/prose\?conversation=/);
  await waitForHydration(page);
  const ui = toolPage(page);
  // The conversation is on screen, so the form is folded to what it was made from.
  await expect(ui.summary).toHaveText(`${workspaceTexts.summaryLabel}: Story outline · Genre: ${genre} · Tone: wry`);
  await ui.editDetails.click();
  await expect(ui.elementSelect).toHaveText("Story outline");
  await expect(ui.form.getByLabel("Genre", { exact: true })).toHaveValue(genre);
  await expect(ui.form.getByLabel("Tone", { exact: true })).toHaveValue("wry");
  for (const empty of ["Setting", "Character", "Length", "Story Idea"]) {
    await expect(ui.form.getByLabel(empty, { exact: true })).toHaveValue("");
  }
  await expect(ui.answers).toHaveCount(1);
});
