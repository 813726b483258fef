/**
 * The history pages, tried as a writer would: generate in two tools, open each section's
 * history, read a whole conversation, continue it in its tool, download it in both formats,
 * search, delete (and fail to), page through many entries, and the edge states (signed out,
 * empty, unknown section, another writer's conversation). Axe-clean and usable by keyboard
 * and on a phone. The answers come from the local stand-in model (tests/mocks/openai.ts).
 */
import type { Page } from "@playwright/test";
import { TITLE_SUFFIX } from "../../app/messages/site.ts";
import { toolTexts, workspaceTexts } from "../../app/messages/tools.ts";
import { historyTexts, historyToasts } from "../../app/messages/history.ts";
import {
  expect,
  expectNoA11yViolations,
  expectToast,
  open,
  signUp,
  signUpOrSignInOwner,
  tabTo,
  test,
  toastItems,
  waitForHydration,
} from "./fixtures.ts";
import {
  cardWith,
  downloadOf,
  entryIdOf,
  expectNewToast,
  historyCard,
  historyPage,
  LOCALE,
  localDateTime,
  localFileDate,
  markToastsSeen,
  seedConversation,
  threadOf,
  TIME_ZONE,
} from "./history-page.ts";
import {
  chooseElement,
  fillField,
  generateAndWait,
  openToolFromDashboard,
  sendFollowUpWithEnter,
  toolBySlug,
  toolPage,
} from "./tool-page.ts";

test.use({ locale: LOCALE, timezoneId: TIME_ZONE });

const prose = toolBySlug("prose");
const poetry = toolBySlug("poetry");

/** A word of letters only (the search splits on anything else), unique to this test. */
function uniqueWord(prefix: string): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let word = prefix;
  for (let i = 0; i < 10; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

async function openHistory(page: Page, section: string) {
  await open(page, `/${section}/history`);
  await expect(historyPage(page).heading).toBeVisible();
}

/** The writer/answer pairs of a thread, in order. */
function pairsOf(turns: { role: string; content: string }[]) {
  const pairs: { ask: string; answer: string }[] = [];
  for (const turn of turns) {
    if (turn.role === "user") pairs.push({ ask: turn.content, answer: "" });
    else pairs[pairs.length - 1]!.answer = turn.content;
  }
  return pairs;
}

test.describe("a new writer's history", () => {
  test("two tools with follow-ups: each section's page lists only its own entries; Back and Dashboard", async ({
    page,
    email,
  }) => {
    test.slow();
    await signUp(page, { email });
    const ui = toolPage(page);

    // Prose: a world description and one follow-up.
    const startedAt = Date.now();
    await openToolFromDashboard(page, prose);
    await chooseElement(page, "World description");
    await fillField(page, prose, "genre", "dark fantasy");
    await fillField(page, prose, "setting", "a drowned city in 2300");
    await generateAndWait(page, prose);
    await sendFollowUpWithEnter(page, "Make the flooded markets feel colder");

    // Poetry: a poem and one follow-up.
    await page.getByRole("link", { name: toolTexts.backToCategories }).click();
    await openToolFromDashboard(page, poetry);
    await chooseElement(page, "Poem");
    await fillField(page, poetry, "premise", "my grandmother's hands kneading bread");
    await generateAndWait(page, poetry);
    await sendFollowUpWithEnter(page, "Loosen the meter in the last stanza");
    await expect(ui.answers).toHaveCount(2);
    const finishedAt = Date.now();

    // The poetry tool's 'View History' opens the poetry section: only the poem.
    const history = historyPage(page);
    await page.getByRole("link", { name: toolTexts.viewHistory }).click();
    await expect(page).toHaveURL("/poetry/history");
    await expect(history.heading).toHaveText("Poetry History");
    await expect(page).toHaveTitle(`Poetry History${TITLE_SUFFIX}`);
    await waitForHydration(page);
    await expect(history.cards).toHaveCount(1);
    const poem = historyCard(history.cards.first());
    await expect(poem.label).toHaveText("Poem");
    await expect(poem.badge).toHaveText("1 follow-up");
    await expect(poem.preview).toHaveText("Generate Poem. Premise: my grandmother's hands kneading bread");
    const poemTime = (await poem.time.getAttribute("datetime"))!;
    expect(Date.parse(poemTime)).toBeGreaterThanOrEqual(startedAt - 1_000);
    expect(Date.parse(poemTime)).toBeLessThanOrEqual(finishedAt + 1_000);
    await expect(poem.time).toHaveText(localDateTime(poemTime));
    await expect(poem.view).toBeVisible();
    await expect(poem.download).toBeVisible();
    await expect(poem.delete).toBeVisible();
    await expect(page.getByText("World description")).toHaveCount(0);

    // Back goes to the section's tool, Dashboard to the dashboard.
    await expect(history.back).toHaveAttribute("href", "/poetry");
    await history.back.click();
    await expect(page).toHaveURL("/poetry");
    await expect(page.getByRole("heading", { level: 1, name: poetry.title })).toBeVisible();
    await page.getByRole("link", { name: toolTexts.viewHistory }).click();
    await expect(page).toHaveURL("/poetry/history");
    await expect(history.cards).toHaveCount(1);
    await history.dashboard.click();
    await expect(page).toHaveURL("/dashboard");

    // The prose tool's history: only the world description.
    await openToolFromDashboard(page, prose);
    await page.getByRole("link", { name: toolTexts.viewHistory }).click();
    await expect(page).toHaveURL("/prose/history");
    await expect(history.heading).toHaveText("Fictional Prose History");
    await expect(page).toHaveTitle(`Fictional Prose History${TITLE_SUFFIX}`);
    await waitForHydration(page);
    await expect(history.cards).toHaveCount(1);
    const world = historyCard(history.cards.first());
    await expect(world.label).toHaveText("World description");
    await expect(world.badge).toHaveText("1 follow-up");
    await expect(world.preview).toHaveText(
      "Generate World description. Genre: dark fantasy Setting: a drowned city in 2300",
    );
    const worldTime = (await world.time.getAttribute("datetime"))!;
    await expect(world.time).toHaveText(localDateTime(worldTime));
    expect(Date.parse(worldTime), "newer entries have later times").toBeLessThan(Date.parse(poemTime));
    await expect(page.getByText("Poem", { exact: true })).toHaveCount(0);
    await history.back.click();
    await expect(page).toHaveURL("/prose");
  });

  test("a long prompt's preview is cut to 150 characters plus an ellipsis", async ({ page, email }) => {
    await signUp(page, { email });
    const idea = `A lighthouse keeper ${"who counts the waves ".repeat(12)}until the sea answers`;
    await seedConversation(page, { tool: "prose", element: "world", fields: { storyIdea: idea } });
    await openHistory(page, "prose");
    const preview = historyCard(historyPage(page).cards.first()).preview;
    const full = `Generate World description.\n\nStory Idea: ${idea}`;
    const text = await preview.textContent();
    expect(text).toBe(`${full.slice(0, 150)}...`);
  });
});

test("details show the prompt and every turn in order, as cleaned markdown; Close and Escape return focus", async ({
  page,
  email,
}) => {
  await signUp(page, { email });
  const first = "Make the flooded markets feel colder";
  const second = "Now add a smugglers' guild";
  await seedConversation(page, {
    tool: "prose",
    element: "world",
    fields: { genre: "dark fantasy", setting: "a drowned city" },
    followUps: [first, second],
  });
  await openHistory(page, "prose");
  const history = historyPage(page);
  const card = historyCard(history.cards.first());
  await expect(card.badge).toHaveText("2 follow-ups");
  const iso = (await card.time.getAttribute("datetime"))!;

  await card.view.click();
  const dialog = history.details;
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: historyTexts.detailsTitle })).toBeVisible();
  await expect(dialog.getByText(`World description · ${localDateTime(iso)}`)).toBeVisible();

  const body = dialog.getByRole("region", { name: historyTexts.detailsTitle });
  const turns = body.locator("section.history-turn");
  await expect(turns).toHaveCount(6);
  await expect(turns.locator(":scope > h3, :scope > h4")).toHaveText([
    "Prompt",
    "Response",
    "Follow-up 1",
    "Response",
    "Follow-up 2",
    "Response",
  ]);
  // The prompt, after display cleaning: the 'Genre:' and 'Setting:' labels are bold.
  const prompt = turns.nth(0);
  await expect(prompt).toContainText("Generate World description.");
  await expect(prompt.locator("strong")).toHaveText(["Genre:", "Setting:"]);
  await expect(prompt).toContainText("Genre: dark fantasy");
  // The first response is rendered markdown (its heading is a heading, its labels bold).
  const response = turns.nth(1);
  await expect(response.getByRole("heading", { name: "World description", exact: true })).toBeVisible();
  await expect(response.getByRole("heading", { name: "Your details" })).toBeVisible();
  await expect(response.locator("li strong").first()).toHaveText("Genre:");
  await expect(response).not.toContainText("**");
  // Each follow-up and its answer, in order.
  await expect(turns.nth(2)).toContainText(first);
  await expect(turns.nth(3).getByRole("heading", { name: "Revision" })).toBeVisible();
  await expect(turns.nth(3)).toContainText("takes 1 earlier turn into account");
  await expect(turns.nth(4)).toContainText(second);
  await expect(turns.nth(5)).toContainText("takes 2 earlier turns into account");
  await expect(turns.nth(5)).toContainText(second);

  // Close by the button: focus goes back to the card's 'View details'.
  await dialog.getByRole("button", { name: historyTexts.close, exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.view).toBeFocused();

  // And by Escape.
  await card.view.click();
  await expect(dialog).toBeVisible();
  await expect(turns).toHaveCount(6);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(card.view).toBeFocused();
});

test("a slow entry's details never show in another entry's dialog", async ({ page, email }) => {
  await signUp(page, { email });
  const slowWord = uniqueWord("slowmarsh");
  const quickWord = uniqueWord("quickfjord");
  await seedConversation(page, { tool: "prose", element: "world", fields: { setting: slowWord } });
  await seedConversation(page, { tool: "prose", element: "world", fields: { setting: quickWord } });
  await openHistory(page, "prose");
  const history = historyPage(page);
  const slow = historyCard(cardWith(page, slowWord));
  const quick = historyCard(cardWith(page, quickWord));
  const slowId = await entryIdOf(cardWith(page, slowWord));
  // The slow entry's conversation takes a while to arrive.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/history/${slowId}`, async (route) => {
    await held;
    await route.continue();
  });

  await slow.view.click();
  await expect(history.details).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(history.details).toHaveCount(0);
  await quick.view.click();
  const body = history.details.getByRole("region", { name: historyTexts.detailsTitle });
  await expect(body).toContainText(quickWord);
  // The slow answer lands now; the open dialog still shows the entry it was opened for.
  const landed = page.waitForResponse((response) => response.url().endsWith(`/api/history/${slowId}`));
  release();
  await landed;
  await expect(body).toContainText(quickWord);
  await expect(body).not.toContainText(slowWord);
});

test("Continue in tool reopens the conversation; a new follow-up joins the same entry", async ({ page, email }) => {
  await signUp(page, { email });
  const { conversationId } = await seedConversation(page, {
    tool: "prose",
    element: "world",
    fields: { genre: "solarpunk" },
    followUps: ["Make it warmer"],
  });
  // Another, older entry stays as it is.
  await openHistory(page, "prose");
  const history = historyPage(page);
  await expect(history.cards).toHaveCount(1);
  const entryId = await entryIdOf(history.cards.first());

  await historyCard(history.cards.first()).view.click();
  const continueLink = history.details.getByRole("link", { name: historyTexts.continueInTool });
  await expect(continueLink).toHaveAttribute("href", `/prose?conversation=${conversationId}`);
  await continueLink.click();

  await expect(page).toHaveURL(`/prose?conversation=${conversationId}`);
  await expect(page.getByRole("heading", { level: 1, name: prose.title })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: toolTexts.continuing })).toBeVisible();
  await waitForHydration(page);
  const ui = toolPage(page);
  // The conversation takes the room: the form is folded to its summary, and opens on request.
  await expect(ui.summary).toContainText("World description");
  await ui.editDetails.click();
  await expect(ui.elementSelect).toHaveText("World description");
  await expect(ui.answers).toHaveCount(2);
  await expect(ui.writerTurns).toHaveText([`${workspaceTexts.writerTurn}: Make it warmer`]);
  await expect(ui.answers.first().getByRole("heading", { level: 1 })).toHaveText("World description");
  await expect(ui.answers.first()).toContainText("solarpunk");
  await expect(ui.answers.nth(1).getByRole("heading", { level: 1 })).toHaveText("Revision");
  await expect(ui.answers.nth(1)).toContainText("Make it warmer");
  await expect(ui.followUp).toBeEnabled();

  const word = uniqueWord("lantern");
  const answer = await sendFollowUpWithEnter(page, `Light it with ${word} glow`);
  await expect(answer).toContainText("takes 2 earlier turns into account");
  await expect(ui.answers).toHaveCount(3);

  // Back in the history: still one card, the same entry, now with two follow-ups.
  await page.getByRole("link", { name: toolTexts.viewHistory }).click();
  await expect(page).toHaveURL("/prose/history");
  await waitForHydration(page);
  await expect(history.cards).toHaveCount(1);
  expect(await entryIdOf(history.cards.first())).toBe(entryId);
  const card = historyCard(history.cards.first());
  await expect(card.badge).toHaveText("2 follow-ups");
  await card.view.click();
  const turns = history.details.locator("section.history-turn");
  await expect(turns).toHaveCount(6);
  await expect(turns.nth(4).getByRole("heading")).toHaveText("Follow-up 2");
  await expect(turns.nth(4)).toContainText(`Light it with ${word} glow`);
  await expect(turns.nth(5)).toContainText(word);
});

test("downloads: text and Markdown files from the card menu and from the details", async ({ page, email }) => {
  await signUp(page, { email });
  const followUp = "Make the flooded markets feel colder";
  await seedConversation(page, {
    tool: "prose",
    element: "world",
    fields: { genre: "dark fantasy", setting: "a drowned city" },
    followUps: [followUp],
  });
  await openHistory(page, "prose");
  const history = historyPage(page);
  const card = historyCard(history.cards.first());
  const thread = await threadOf(page, await entryIdOf(history.cards.first()));
  const pairs = pairsOf(thread.turns);
  expect(pairs).toHaveLength(2);
  expect(pairs[0]!.ask).toBe("Generate World description.\n\nGenre: dark fantasy\nSetting: a drowned city");
  expect(pairs[1]!.ask).toBe(followUp);

  const date = localFileDate(thread.createdAt);
  expect(date).toMatch(/^\d{1,2}-\d{1,2}-\d{4}$/);
  const expectedText =
    `**Prompt:**\n${pairs[0]!.ask}\n\n**Response:**\n${pairs[0]!.answer}` +
    `\n\n**Follow-up:**\n${pairs[1]!.ask}\n\n**Response:**\n${pairs[1]!.answer}`;
  const when = new Date(thread.createdAt).toLocaleString(LOCALE, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: TIME_ZONE,
  });
  const expectedMarkdown = [
    "# World description",
    `_${when}_`,
    "## Prompt",
    pairs[0]!.ask.trim(),
    "## Response",
    pairs[0]!.answer.trim(),
    "## Follow-up 1",
    pairs[1]!.ask.trim(),
    "### Response",
    pairs[1]!.answer.trim(),
  ].join("\n\n") + "\n";

  function checkText({ download, text }: Awaited<ReturnType<typeof downloadOf>>) {
    expect(download.suggestedFilename()).toBe(`prose_${date}.txt`);
    expect(text.startsWith("**Prompt:**\nGenerate World description.\n\nGenre: dark fantasy")).toBe(true);
    expect(text).toContain(`\n\n**Response:**\n# World description`);
    expect(text).toContain(`\n\n**Follow-up:**\n${followUp}\n\n**Response:**\n# Revision`);
    expect(text).toBe(expectedText);
  }
  function checkMarkdown({ download, text }: Awaited<ReturnType<typeof downloadOf>>) {
    expect(download.suggestedFilename()).toBe(`prose_${date}.md`);
    expect(text).toContain("\n\n## Prompt\n\nGenerate World description.");
    expect(text).toContain(`\n\n## Follow-up 1\n\n${followUp}\n\n### Response\n\n# Revision`);
    expect(text).toBe(expectedMarkdown);
  }

  // From the card's menu: the text file, then the Markdown file.
  await card.download.click();
  await expect(history.menu).toBeVisible();
  await expect(history.menu.getByRole("menuitem")).toHaveText([historyTexts.downloadText, historyTexts.downloadMarkdown]);
  checkText(await downloadOf(page, () => history.menu.getByRole("menuitem", { name: historyTexts.downloadText }).click()));
  await expect(history.menu).toHaveCount(0);
  await expectToast(page, historyToasts.downloaded);

  await markToastsSeen(page);
  await card.download.click();
  checkMarkdown(
    await downloadOf(page, () => history.menu.getByRole("menuitem", { name: historyTexts.downloadMarkdown }).click()),
  );
  await expectNewToast(page, historyToasts.downloaded);

  // From the details dialog: both buttons, the same files.
  await card.view.click();
  const dialog = history.details;
  await expect(dialog.locator("section.history-turn")).toHaveCount(4);
  await markToastsSeen(page);
  checkText(await downloadOf(page, () => dialog.getByRole("button", { name: historyTexts.downloadText }).click()));
  await expectNewToast(page, historyToasts.downloaded);
  await markToastsSeen(page);
  checkMarkdown(await downloadOf(page, () => dialog.getByRole("button", { name: historyTexts.downloadMarkdown }).click()));
  await expectNewToast(page, historyToasts.downloaded);
  await expect(dialog).toBeVisible();
});

test("search: a word from a follow-up finds its entry only; no matches; Clear search", async ({ page, email }) => {
  await signUp(page, { email });
  const word = uniqueWord("zeppelin");
  await seedConversation(page, {
    tool: "prose",
    element: "world",
    fields: { genre: "steampunk" },
    followUps: [`Add a ${word} harbour`],
  });
  await seedConversation(page, { tool: "prose", element: "characters", fields: { genre: "noir" } });
  await seedConversation(page, { tool: "prose", element: "style", fields: { genre: "cozy mystery" } });
  // The same word in another section is not this section's match.
  await seedConversation(page, { tool: "poetry", element: "poem", fields: { premise: `a ${word} at dawn` } });

  await openHistory(page, "prose");
  const history = historyPage(page);
  await waitForHydration(page);
  await expect(history.cards).toHaveCount(3);

  await history.searchBox.fill(word);
  await history.searchBox.press("Enter");
  await expect(page).toHaveURL(`/prose/history?q=${word}`);
  await expect(history.cards).toHaveCount(1);
  await expect(page.getByRole("list", { name: historyTexts.matchesFor(word) })).toBeVisible();
  await expect(historyCard(history.cards.first()).preview).toContainText("Genre: steampunk");
  await expect(history.searchBox).toHaveValue(word);

  // A word found nowhere.
  const nothing = uniqueWord("nothing");
  await history.searchBox.fill(nothing);
  await history.searchSubmit.click();
  await expect(page).toHaveURL(`/prose/history?q=${nothing}`);
  await expect(page.getByText(historyTexts.noMatches(nothing))).toBeVisible();
  await expect(history.cards).toHaveCount(0);
  await expect(history.emptyTitle).toHaveCount(0);

  // Clear search: the whole list again.
  await history.clearSearch.click();
  await expect(page).toHaveURL("/prose/history");
  await expect(history.cards).toHaveCount(3);
  await expect(history.searchBox).toHaveValue("");
  await expect(history.clearSearch).toHaveCount(0);
});

test("delete: Cancel keeps the entry; a server error keeps it; Delete removes it once the server confirms", async ({
  page,
  email,
}) => {
  await signUp(page, { email });
  const keep = uniqueWord("keep");
  const gone = uniqueWord("gone");
  await seedConversation(page, { tool: "prose", element: "world", fields: { genre: keep } });
  await seedConversation(page, { tool: "prose", element: "world", fields: { genre: gone } });
  await openHistory(page, "prose");
  await waitForHydration(page);
  const history = historyPage(page);
  await expect(history.cards).toHaveCount(2);
  const target = cardWith(page, gone);
  const targetId = await entryIdOf(target);

  // Cancel: nothing happens.
  await historyCard(target).delete.click();
  await expect(history.confirm).toBeVisible();
  await expect(history.confirm.getByText(historyTexts.confirmText)).toBeVisible();
  await history.confirm.getByRole("button", { name: historyTexts.cancel }).click();
  await expect(history.confirm).toHaveCount(0);
  await expect(history.cards).toHaveCount(2);
  await expect(historyCard(target).delete, "focus goes back to the card's Delete").toBeFocused();

  // The server fails: the entry stays and the error is shown.
  const entryUrl = `**/api/history/${targetId}`;
  await page.route(entryUrl, (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "boom" }) })
      : route.fallback(),
  );
  await historyCard(target).delete.click();
  await history.confirm.getByRole("button", { name: historyTexts.confirmDelete }).click();
  await expectToast(page, { title: historyToasts.deleteFailed.title, description: historyToasts.deleteFailed.description("boom") });
  await expect(history.confirm).toHaveCount(0);
  await expect(history.cards).toHaveCount(2);
  await expect(target).toBeVisible();
  await expect(historyCard(target).delete).toBeFocused();
  await page.unroute(entryUrl);

  // Delete: held at the server's door, the card stays until the answer arrives.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let deleteRequests = 0;
  await page.route(entryUrl, async (route) => {
    if (route.request().method() !== "DELETE") return route.fallback();
    deleteRequests += 1;
    await held;
    await route.continue();
  });
  await markToastsSeen(page);
  await historyCard(target).delete.click();
  const confirm = history.confirm.getByRole("button", { name: historyTexts.confirmDelete });
  await confirm.click();
  await expect.poll(() => deleteRequests).toBe(1);
  await expect(history.confirm).toBeVisible();
  await expect(target).toHaveCount(1);
  release();
  await expect(target).toHaveCount(0);
  await expect(history.confirm).toHaveCount(0);
  await expect(history.cards).toHaveCount(1);
  await expectNewToast(page, historyToasts.deleted);
  await page.unroute(entryUrl);

  // Gone for good, and the other entry is untouched.
  await page.reload();
  await waitForHydration(page);
  await expect(history.cards).toHaveCount(1);
  await expect(cardWith(page, keep)).toHaveCount(1);
  await expect(cardWith(page, gone)).toHaveCount(0);
  const response = await page.request.get(`/api/history/${targetId}`);
  expect(response.status()).toBe(404);
});

test("many entries: 24 on the first page, Load more brings the rest without duplicates; a failing Load more says why", async ({
  page,
}, testInfo) => {
  test.slow();
  // Only the owner (an admin: unlimited queries) can make more than five entries.
  await signUpOrSignInOwner(page);

  // 25 entries with a marker only this run's seeds carry, a few at a time.
  const marker = uniqueWord(`pg${testInfo.workerIndex}x`);
  const total = 25;
  for (let start = 0; start < total; start += 5) {
    await Promise.all(
      Array.from({ length: Math.min(5, total - start) }, (_, offset) =>
        seedConversation(page, { tool: "prose", element: "world", fields: { genre: `${marker} ${start + offset}` } }),
      ),
    );
  }

  // Searching for the marker: exactly these 25, in two pages.
  await open(page, `/prose/history?q=${marker}`);
  const history = historyPage(page);
  await expect(history.cards).toHaveCount(24);
  await expect(history.loadMore).toBeVisible();
  await history.loadMore.click();
  await expect(history.cards).toHaveCount(25);
  await expect(history.loadMore).toHaveCount(0);
  const ids = await history.cards.evaluateAll((items) => items.map((item) => item.getAttribute("data-entry-id")));
  expect(new Set(ids).size).toBe(25);
  const genres = await history.cards
    .locator(".history-preview")
    .evaluateAll((items) => items.map((item) => /Genre: \S+ (\d+)/.exec(item.textContent ?? "")?.[1]));
  expect(genres.map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i));
  // Newest first.
  const times = await history.cards
    .locator("time")
    .evaluateAll((items) => items.map((item) => Date.parse(item.getAttribute("datetime") ?? "")));
  expect(times).toEqual([...times].sort((a, b) => b - a));

  // The whole section: 24 first, and every page after it without a repeat.
  await open(page, "/prose/history");
  await expect(history.cards).toHaveCount(24);
  while (await history.loadMore.isVisible()) {
    const before = await history.cards.count();
    await history.loadMore.click();
    await expect.poll(() => history.cards.count()).toBeGreaterThan(before);
    await expect(page.locator(".history-list[aria-busy='true']")).toHaveCount(0);
    const added = (await history.cards.count()) - before;
    // A full page, unless it was the last one.
    if (await history.loadMore.isVisible()) expect(added).toBe(24);
    else expect(added).toBeLessThanOrEqual(24);
  }
  const allIds = await history.cards.evaluateAll((items) => items.map((item) => item.getAttribute("data-entry-id")));
  expect(new Set(allIds).size, "no entry twice").toBe(allIds.length);
  for (const id of ids) expect(allIds).toContain(id);

  // Load more fails: the connection drops, then the server answers with an error.
  await open(page, "/prose/history");
  await expect(history.cards).toHaveCount(24);
  await page.route("**/api/history?*", (route) => route.abort("connectionfailed"));
  await history.loadMore.click();
  await expectToast(page, {
    title: historyToasts.fetchFailed.title,
    description: historyToasts.fetchFailed.description("We could not reach the server. Check your connection and try again."),
  });
  await expect(history.cards).toHaveCount(24);
  await page.unroute("**/api/history?*");
  await page.route("**/api/history?*", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "boom" }) }),
  );
  await markToastsSeen(page);
  await history.loadMore.click();
  await expectNewToast(page, {
    title: historyToasts.fetchFailed.title,
    description: historyToasts.fetchFailed.description("boom"),
  });
  await expect(history.cards).toHaveCount(24);
  await page.unroute("**/api/history?*");
  // And it works again.
  await history.loadMore.click();
  await expect.poll(() => history.cards.count()).toBeGreaterThan(24);
});

test.describe("states", () => {
  test("signed out: the sign-in message only, and nothing is fetched", async ({ page }) => {
    const historyRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/history")) historyRequests.push(request.url());
    });
    await openHistory(page, "prose");
    const history = historyPage(page);
    await expect(history.heading).toHaveText("Fictional Prose History");
    await expect(history.signedOut).toBeVisible();
    await expect(history.grid).toHaveCount(0);
    await expect(history.search).toHaveCount(0);
    await expect(history.emptyTitle).toHaveCount(0);
    await expect(page.getByText(historyTexts.loading)).toHaveCount(0);
    expect(historyRequests).toEqual([]);
    await expectNoA11yViolations(page, "the signed-out history page");
  });

  test("a new writer: the empty state; an unknown section; the old section names redirect", async ({ page, email }) => {
    await signUp(page, { email });
    await openHistory(page, "prose");
    const history = historyPage(page);
    await expect(history.emptyTitle).toBeVisible();
    await expect(history.emptyHint).toBeVisible();
    await expect(history.cards).toHaveCount(0);
    await expect(history.loadMore).toHaveCount(0);
    await expectNoA11yViolations(page, "the empty history page");

    await openHistory(page, "foo");
    await expect(history.heading).toHaveText("History");
    await expect(page).toHaveTitle(`History${TITLE_SUFFIX}`);
    await expect(history.emptyTitle).toBeVisible();
    await expect(history.back).toHaveAttribute("href", "/dashboard");
    await history.back.click();
    await expect(page).toHaveURL("/dashboard");

    await page.goto("/online-content/history");
    await expect(page).toHaveURL("/content/history");
    await expect(history.heading).toHaveText("Content Creation History");
    await expect(history.back).toHaveAttribute("href", "/online-content");

    await page.goto("/stage-screen/history");
    await expect(page).toHaveURL("/stage/history");
    await expect(history.heading).toHaveText("Stage & Screen History");
    await expect(history.back).toHaveAttribute("href", "/stage-screen");
  });
});

test("another writer's conversation is not found, anywhere", async ({ page, browser, email, newEmail, clientIp }) => {
  await signUp(page, { email });
  const secret = uniqueWord("secret");
  const { conversationId } = await seedConversation(page, { tool: "prose", element: "world", fields: { genre: secret } });
  await openHistory(page, "prose");
  const entryId = await entryIdOf(historyPage(page).cards.first());

  const other = await browser.newContext({
    locale: LOCALE,
    timezoneId: TIME_ZONE,
    extraHTTPHeaders: { "CF-Connecting-IP": clientIp },
  });
  try {
    const intruder = await other.newPage();
    await signUp(intruder, { email: newEmail() });
    const response = await intruder.goto(`/prose?conversation=${conversationId}`);
    expect(response?.status()).toBe(404);
    await expect(intruder.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(intruder.getByText(toolTexts.conversationNotFound)).toBeVisible();
    await expect(intruder.getByText(secret)).toHaveCount(0);
    expect(await intruder.content()).not.toContain(secret);

    // The history API: neither readable nor deletable by B.
    const read = await intruder.request.get(`/api/history/${entryId}`);
    expect(read.status()).toBe(404);
    expect(await read.text()).not.toContain(secret);
    const origin = new URL(intruder.url()).origin;
    const removal = await intruder.request.delete(`/api/history/${entryId}`, { headers: { Origin: origin } });
    expect(removal.status()).toBe(404);
    // A follow-up on A's conversation is refused too.
    const followUp = await intruder.request.post("/api/generate", {
      data: { kind: "follow-up", tool: "prose", conversationId, text: "tell me" },
      headers: { Origin: origin },
    });
    expect(followUp.status()).toBe(404);
    // B's own history does not show it.
    await openHistory(intruder, "prose");
    await expect(historyPage(intruder).emptyTitle).toBeVisible();
  } finally {
    await other.close();
  }

  // A's entry is untouched.
  await page.reload();
  await expect(historyPage(page).cards).toHaveCount(1);
  await expect(cardWith(page, secret)).toHaveCount(1);
  expect((await threadOf(page, entryId)).turns).toHaveLength(2);
});

test.describe("accessibility", () => {
  test("axe: the list, the details, the delete dialog and the download menu", async ({ page, email }) => {
    await signUp(page, { email });
    await seedConversation(page, { tool: "prose", element: "world", fields: { genre: "gothic" }, followUps: ["Darker"] });
    await seedConversation(page, { tool: "prose", element: "outline", fields: { tone: "wry" } });
    await openHistory(page, "prose");
    await waitForHydration(page);
    const history = historyPage(page);
    await expect(history.cards).toHaveCount(2);
    await expectNoA11yViolations(page, "the history list");

    const card = historyCard(history.cards.last());
    await card.view.click();
    await expect(history.details.locator("section.history-turn")).toHaveCount(4);
    await expectNoA11yViolations(page, "the details dialog");
    await page.keyboard.press("Escape");
    await expect(history.details).toHaveCount(0);

    await card.delete.click();
    await expect(history.confirm).toBeVisible();
    await expectNoA11yViolations(page, "the delete confirmation");
    await page.keyboard.press("Escape");
    await expect(history.confirm).toHaveCount(0);
    await expect(history.cards).toHaveCount(2);

    await card.download.click();
    await expect(history.menu).toBeVisible();
    await expectNoA11yViolations(page, "the download menu");
    await page.keyboard.press("Escape");
    await expect(history.menu).toHaveCount(0);

    await page.goto("/prose/history?q=gothic");
    await expect(history.cards).toHaveCount(1);
    await expectNoA11yViolations(page, "search results");
  });

  test("keyboard only: details, a download from the menu, and a confirmed delete", async ({ page, email }) => {
    await signUp(page, { email });
    await seedConversation(page, { tool: "prose", element: "world", fields: { genre: "gothic" } });
    await openHistory(page, "prose");
    await waitForHydration(page);
    const history = historyPage(page);
    const card = historyCard(history.cards.first());

    // View details: Tab, Enter; Escape closes and focus comes back.
    await tabTo(page, card.view);
    await page.keyboard.press("Enter");
    await expect(history.details).toBeVisible();
    await expect(history.details.locator("section.history-turn")).toHaveCount(2);
    const focusedInDialog = await history.details.evaluate((dialog) => dialog.contains(document.activeElement));
    expect(focusedInDialog, "focus moves into the dialog").toBe(true);
    await page.keyboard.press("Escape");
    await expect(history.details).toHaveCount(0);
    await expect(card.view).toBeFocused();

    // Download: Tab, Enter opens the menu on its first item, ArrowDown, Enter.
    await tabTo(page, card.download);
    await page.keyboard.press("Enter");
    await expect(history.menu).toBeVisible();
    const text = history.menu.getByRole("menuitem", { name: historyTexts.downloadText });
    const markdown = history.menu.getByRole("menuitem", { name: historyTexts.downloadMarkdown });
    await expect(text).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(markdown).toBeFocused();
    const { download } = await downloadOf(page, () => page.keyboard.press("Enter"));
    expect(download.suggestedFilename()).toMatch(/^prose_\d{1,2}-\d{1,2}-\d{4}\.md$/);
    await expectToast(page, historyToasts.downloaded);
    await expect(history.menu).toHaveCount(0);
    await expect(card.download).toBeFocused();
    // ArrowDown opens it too; Escape closes it.
    await page.keyboard.press("ArrowDown");
    await expect(history.menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(history.menu).toHaveCount(0);
    await expect(card.download).toBeFocused();

    // Delete: Tab, Enter; the safe choice has focus; Tab to Delete and confirm with Enter.
    await tabTo(page, card.delete);
    await page.keyboard.press("Enter");
    await expect(history.confirm).toBeVisible();
    const cancel = history.confirm.getByRole("button", { name: historyTexts.cancel });
    const confirm = history.confirm.getByRole("button", { name: historyTexts.confirmDelete });
    await expect(cancel).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(confirm).toBeFocused();
    await markToastsSeen(page);
    await page.keyboard.press("Enter");
    await expect(history.confirm).toHaveCount(0);
    await expect(history.cards).toHaveCount(0);
    await expectNewToast(page, historyToasts.deleted);
    await expect(history.emptyTitle).toBeVisible();
    // Focus is not lost to the page body.
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  });

  test("phone width: one column of cards, a usable details dialog", async ({ page, email }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUp(page, { email });
    await seedConversation(page, {
      tool: "prose",
      element: "world",
      fields: { genre: "gothic", setting: "a cliffside abbey" },
      followUps: ["Add fog", "Add bells"],
    });
    await seedConversation(page, { tool: "prose", element: "outline", fields: { tone: "wry" } });
    await openHistory(page, "prose");
    await waitForHydration(page);
    const history = historyPage(page);
    await expect(history.cards).toHaveCount(2);
    const [a, b] = [(await history.cards.nth(0).boundingBox())!, (await history.cards.nth(1).boundingBox())!];
    expect(a.x).toBe(b.x);
    expect(b.y).toBeGreaterThan(a.y + a.height - 1);
    expect(a.x + a.width).toBeLessThanOrEqual(390);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);

    await historyCard(cardWith(page, "a cliffside abbey")).view.click();
    const dialog = history.details;
    await expect(dialog.locator("section.history-turn")).toHaveCount(6);
    await expect(dialog).toBeInViewport({ ratio: 1 });
    const box = (await dialog.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(844 * 0.8 + 1);
    const close = dialog.getByRole("button", { name: historyTexts.close, exact: true });
    await expect(close).toBeInViewport({ ratio: 1 });
    // The conversation scrolls inside the dialog down to the last answer.
    const last = dialog.locator("section.history-turn").last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    await expect(close).toBeInViewport({ ratio: 1 });
    await close.click();
    await expect(dialog).toHaveCount(0);
    await expect(toastItems(page)).toHaveCount(0);
  });
});
