/**
 * The writer's workspace (issue 12, Layout), at a 1280×800 desktop and a 390×844 phone: the
 * form folds into a summary after Generate and the conversation takes the room; new answers
 * start in view at their beginning; "Jump to latest" while the writer reads above a stream;
 * the writer's follow-ups in the thread; Expand; toasts clear of the composer and Generate;
 * the footer after the content; errors in the panel with Retry; copy as Markdown and as text;
 * keyboard shortcuts; each tool's own follow-up placeholder. Axe-clean in the new states.
 */
import type { Locator, Page } from "@playwright/test";
import { tools } from "../../app/catalog/tools.ts";
import { answerActionTexts, answerTexts, generationToasts, toolTexts, versionTexts, workspaceTexts } from "../../app/messages/tools.ts";
import { openAIState } from "../mocks/openai-control.ts";
import { expect, expectNoA11yViolations, expectToast, open, signUp, test, toastItems } from "./fixtures.ts";
import {
  chooseElement,
  fieldLabel,
  generateAndWait,
  fillField,
  injectFault,
  openToolFromDashboard,
  toolBySlug,
  toolPage,
  uniqueMarker, WORKSPACE_SIZES } from "./tool-page.ts";

const prose = toolBySlug("prose");

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error("no box: the element is not on screen");
  return found;
}

/** The toast on screen covers none of these controls. */
async function expectToastClearOf(page: Page, controls: Locator[]) {
  const toast = await box(toastItems(page));
  for (const control of controls) {
    if (!(await control.isVisible())) continue;
    expect(overlaps(toast, await box(control)), `the toast covers ${await control.textContent()}`).toBe(false);
  }
}

/** How far the panel is scrolled, and how far from its end. */
async function panelScroll(panel: Locator) {
  return panel.evaluate((element) => ({
    top: element.scrollTop,
    toEnd: element.scrollHeight - element.clientHeight - element.scrollTop,
  }));
}

/** A long idea makes a long answer: the stand-in echoes every detail a word at a time. */
const longText = (prefix: string, words: number) => Array.from({ length: words }, (_, index) => `${prefix}${index}`).join(" ");

const sizes = WORKSPACE_SIZES;

for (const size of sizes) {
  test.describe(`on a ${size.name}`, () => {
    test.use(size.use);

    test("the form folds after Generate, the thread reads in order, new answers start in view", async ({ page, email }) => {
      await signUp(page, { email });
      await openToolFromDashboard(page, prose);
      const ui = toolPage(page);
      const footer = page.locator("footer.site-footer");

      // Before: Generate looks disabled; pressed anyway, the spec's toast clears the button.
      await expect(ui.generate).toHaveAttribute("data-disabled", "true");
      await ui.generate.click({ force: true });
      await expectToast(page, generationToasts.selectionRequired);
      await expectToastClearOf(page, [ui.generate, ui.composer]);
      // The footer comes after the content, never over the form.
      expect((await box(footer)).y).toBeGreaterThanOrEqual((await box(ui.form)).y + (await box(ui.form)).height);
      await expect(ui.followUp).toHaveAttribute("placeholder", tools.find((tool) => tool.slug === "prose")!.followUpPlaceholder);

      await chooseElement(page, "Story outline");
      await expect(ui.generate).not.toHaveAttribute("data-disabled", /.*/);
      await fillField(page, prose, "genre", "literary thriller");
      await fillField(page, prose, "setting", "a drowned city");
      await fillField(page, prose, "storyIdea", longText("idea", 150));
      // Ctrl+Enter in a field generates.
      await ui.form.getByLabel(fieldLabel(prose, "setting"), { exact: true }).press("Control+Enter");
      await expect(ui.answers).toHaveCount(1);
      await expect(ui.answers.first()).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
      await expectToast(page, { title: generationToasts.success.title, description: prose.successMessage });

      // Folded: one summary line, the fields out of the way; the conversation takes the room.
      await expect(ui.summary).toHaveText(
        new RegExp(`^${workspaceTexts.summaryLabel}: Story outline · Genre: literary thriller · Setting: a drowned city · Story Idea: idea0 idea1`),
      );
      await expect(ui.elementSelect).toBeHidden();
      await expect(ui.editDetails).toBeVisible();
      const panel = await box(ui.output);
      expect(panel.height).toBeGreaterThanOrEqual(500);
      // The answer comes first and starts in view; the composer is on screen under it.
      await expect(ui.answers.first().getByRole("heading", { level: 1 })).toBeInViewport();
      // (Sub-pixel rounding of the sticky box aside.)
      await expect(ui.composer).toBeInViewport({ ratio: 0.99 });
      // …nor the answer's own actions (Copy, Save to bible, Export).
      const answerActions = ui.exchanges.first().getByRole("group", { name: answerTexts.toolbar });
      await expect(answerActions).toBeVisible();
      await expectToastClearOf(page, [ui.composer, ui.send, ui.generate, ui.editDetails, answerActions]);
      await expectNoA11yViolations(page, `the folded tool page (${size.name})`);

      // A follow-up, sent with Ctrl+Enter: the writer's words above the new answer, whose
      // beginning is in view when it finishes (not the tail of the previous one).
      await ui.followUp.fill("Make the flood colder");
      await ui.followUp.press("Control+Enter");
      await expect(ui.answers).toHaveCount(2);
      await expect(ui.answers.last()).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
      await expect(ui.writerTurns).toHaveText([`${workspaceTexts.writerTurn}: Make the flood colder`]);
      const exchangeTop = (await box(ui.exchanges.last())).y;
      const panelBox = await box(ui.output);
      expect(exchangeTop, "the new exchange starts inside the panel").toBeGreaterThanOrEqual(panelBox.y - 1);
      expect(exchangeTop, "…near its top").toBeLessThan(panelBox.y + panelBox.height / 2);
      await expect(ui.answers.last().getByRole("heading").first()).toBeInViewport();
      await expectToastClearOf(page, [ui.composer, ui.send]);

      // Edit details unfolds the form with what was filled; Hide details folds it again.
      await ui.editDetails.click();
      await expect(ui.elementSelect).toHaveText("Story outline");
      await expect(ui.form.getByLabel(fieldLabel(prose, "genre"), { exact: true })).toHaveValue("literary thriller");
      await ui.hideDetails.click();
      await expect(ui.elementSelect).toBeHidden();

      // Expand: the whole conversation in a reading view; Esc closes it.
      await ui.expand.click();
      await expect(ui.readingView).toBeVisible();
      await expect(ui.readingView.locator("article.assistant-message")).toHaveCount(2);
      await expect(ui.readingView.locator(".writer-turn")).toHaveText([`${workspaceTexts.writerTurn}: Make the flood colder`]);
      await expectNoA11yViolations(page, `the reading view (${size.name})`);
      await page.keyboard.press("Escape");
      await expect(ui.readingView).toHaveCount(0);
      await expect(ui.expand).toBeFocused();
    });

    test("reading above a stream holds the place; Jump to latest; Esc stops", async ({ page, email, mockUrl }, testInfo) => {
      // A long answer (the stand-in echoes every detail a word at a time) that falls silent
      // after 1,200 tokens, so it is still "streaming" however long the test takes.
      const marker = uniqueMarker(testInfo, "jump");
      await injectFault(mockUrl, { kind: "stall", afterTokens: 1200, match: marker, times: 1 });
      await signUp(page, { email });
      await openToolFromDashboard(page, prose);
      const ui = toolPage(page);
      await chooseElement(page, "Story outline");
      await fillField(page, prose, "genre", marker);
      await fillField(page, prose, "setting", longText("s", 400).slice(0, 2000));
      await fillField(page, prose, "character", longText("c", 400).slice(0, 2000));
      await fillField(page, prose, "storyIdea", longText("i", 400).slice(0, 2000));
      await ui.generate.click();
      const answer = ui.answers.first();
      await expect(answer).toContainText("Setting: s0 s1 s2 s3 s4 s5 s6 s7 s8 s9 s10 s11 s12 s13 s14 s15 s16 s17 s18 s19 s20");

      // The answer's beginning stays at the top of the panel while it grows below it.
      await expect(answer.getByRole("heading", { level: 1 })).toBeInViewport();
      await expect(ui.jumpToLatest).toBeVisible();
      await ui.jumpToLatest.click();
      await expect(ui.jumpToLatest).toBeHidden();
      // Following the end while it streams.
      const grown = (await answer.textContent())!.length;
      await expect.poll(async () => (await answer.textContent())!.length).toBeGreaterThan(grown + 100);
      // (The panel follows in the frame after each update, before it is painted: polled, as a
      // read between an update and its frame sees the text grown and the panel not yet moved.)
      await expect.poll(async () => (await panelScroll(ui.output)).toEnd).toBeLessThan(30);

      // The writer scrolls up: the place holds while text keeps coming, Jump to latest shows.
      await ui.output.hover();
      await page.mouse.wheel(0, -600);
      await expect(ui.jumpToLatest).toBeVisible();
      await expect.poll(async () => (await panelScroll(ui.output)).toEnd).toBeGreaterThan(200);
      const held = (await panelScroll(ui.output)).top;
      const before = (await answer.textContent())!.length;
      await expect.poll(async () => (await answer.textContent())!.length).toBeGreaterThan(before + 100);
      expect((await panelScroll(ui.output)).top, "the place holds").toBe(held);

      // Esc belongs to an open dialog first: it closes the reading view, the answer goes on.
      await ui.expand.click();
      await expect(ui.readingView).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(ui.readingView).toHaveCount(0);
      await expect(answer).toHaveAttribute("data-status", "streaming");

      await ui.jumpToLatest.click();
      await expect(ui.jumpToLatest).toBeHidden();
      // Polled for the same reason as above: text may have landed since the last frame.
      await expect.poll(async () => (await panelScroll(ui.output)).toEnd).toBeLessThan(30);

      // Esc stops the stream.
      await page.keyboard.press("Escape");
      await expect(answer).toHaveAttribute("data-status", "stopped");
      await expect(answer.getByText(toolTexts.stopped, { exact: true })).toBeVisible();
      await expect(ui.jumpToLatest).toHaveCount(0);
    });

    test("a failed generation says so in the panel, and Retry runs it again", async ({ page, email, mockUrl }, testInfo) => {
      const marker = uniqueMarker(testInfo, "retry");
      await injectFault(mockUrl, { kind: "status", status: 500, match: marker, times: 2 });
      await signUp(page, { email });
      await openToolFromDashboard(page, prose);
      const ui = toolPage(page);
      await chooseElement(page, "World description");
      await fillField(page, prose, "genre", marker);
      await ui.generate.click();

      await expect(toastItems(page)).toHaveAttribute("data-variant", "destructive");
      await expect(ui.failure).toBeVisible();
      await expect(ui.failure).toContainText(generationToasts.generationError.title);
      await expect(ui.answers).toHaveCount(0);
      await expectNoA11yViolations(page, `the panel with an error (${size.name})`);
      await ui.retry.click();
      await expect(ui.answers.first()).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
      await expect(ui.failure).toHaveCount(0);
      await expect(ui.answers.first()).toContainText(marker);

      // A follow-up that fails keeps the writer's text; Retry sends it and then clears the box.
      await injectFault(mockUrl, { kind: "status", status: 500, match: marker, times: 2 });
      await ui.followUp.fill("Add a second moon");
      await ui.send.click();
      await expect(ui.failure).toBeVisible();
      await expect(ui.followUp).toHaveValue("Add a second moon");
      await ui.retry.click();
      await expect(ui.answers).toHaveCount(2);
      await expect(ui.answers.last()).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
      await expect(ui.writerTurns).toHaveText([`${workspaceTexts.writerTurn}: Add a second moon`]);
      await expect(ui.followUp).toHaveValue("");
      await expect(ui.failure).toHaveCount(0);
    });

    test("copy an answer as Markdown and as plain text; its length in words", async ({ page, context, email, mockUrl }, testInfo) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const marker = uniqueMarker(testInfo, "copy");
      const markdown = "# The Tide Clock\n\nSome **bold** and _soft_ words.\n\n- one\n- two\n\nSee [the map](https://example.com/map).";
      await injectFault(mockUrl, { kind: "reply", text: markdown, match: marker, times: 1 });
      await signUp(page, { email });
      await openToolFromDashboard(page, prose);
      const ui = toolPage(page);
      await chooseElement(page, "World description");
      await fillField(page, prose, "genre", marker);
      await ui.generate.click();
      await expect(ui.answers.first()).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
      const toolbar = ui.exchanges.first().getByRole("group", { name: answerTexts.toolbar });
      await expect(toolbar).toContainText(answerTexts.stats(13, 1));
      // The copy confirmation is said in its own status (the Download menu has another).
      const copied = toolbar.locator(".answer-copied");
      await expect(copied).toHaveAttribute("role", "status");

      await ui.copyMarkdown.first().click();
      await expect(copied).toHaveText(answerTexts.copiedMarkdown);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(markdown);
      await ui.copyText.first().click();
      await expect(copied).toHaveText(answerTexts.copiedText);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        "The Tide Clock\n\nSome bold and soft words.\n\n- one\n- two\n\nSee the map.",
      );
    });
  });
}

test("keyboard shortcuts are listed in a small popover", async ({ page, email }) => {
  await signUp(page, { email });
  await openToolFromDashboard(page, prose);
  const ui = toolPage(page);
  await ui.shortcuts.click();
  const popover = page.getByRole("dialog", { name: workspaceTexts.shortcuts });
  await expect(popover).toBeVisible();
  for (const shortcut of workspaceTexts.shortcutList) await expect(popover).toContainText(shortcut.keys);
  await expectNoA11yViolations(page, "the shortcuts popover");
  await page.keyboard.press("Escape");
  await expect(popover).toHaveCount(0);
  await expect(ui.shortcuts).toBeFocused();
});

test("a follow-up sent twice before the page shows it busy is one turn, and Another version pressed twice is one version", async ({ page, email, mockUrl }, testInfo) => {
  await signUp(page, { email });
  await openToolFromDashboard(page, prose);
  const ui = toolPage(page);
  await chooseElement(page, "World description");
  await generateAndWait(page, prose);
  // Both submits run in one task, before React can put the busy state on the page: what a
  // double press on a starved phone does.
  const marker = uniqueMarker(testInfo, "twice");
  await ui.followUp.fill(`Colder markets ${marker}`);
  await ui.followUp.evaluate((box) => {
    const form = box.closest("form")!;
    form.requestSubmit();
    form.requestSubmit();
  });
  await expect(ui.answers).toHaveCount(2);
  await expect(ui.answers.last()).toHaveAttribute("data-status", "complete");
  await expect(ui.followUp).toHaveValue("");
  expect((await openAIState(mockUrl, { match: marker })).recentRequests, "model calls for the follow-up").toHaveLength(1);
  await expect(ui.writerTurns).toHaveText([`${workspaceTexts.writerTurn}: Colder markets ${marker}`]);

  const version = ui.output.getByRole("button", { name: answerActionTexts.anotherVersionLabel });
  await version.evaluate((button) => {
    (button as HTMLButtonElement).click();
    (button as HTMLButtonElement).click();
  });
  const place = ui.output.getByRole("group", { name: answerActionTexts.versions }).getByRole("status");
  await expect(place).toHaveText(versionTexts.of(2, 2));
  await expect(ui.answers.last()).toHaveAttribute("data-status", "complete");
  await expect(place, "one more version, not two").toHaveText(versionTexts.of(2, 2));
  expect((await openAIState(mockUrl, { match: marker })).recentRequests, "model calls with the follow-up in them").toHaveLength(2);
});

test("each tool has its own follow-up example", async ({ page, email }) => {
  await signUp(page, { email });
  const seen = new Set<string>();
  for (const tool of tools) {
    await open(page, `/${tool.slug}`);
    await expect(toolPage(page).followUp).toHaveAttribute("placeholder", tool.followUpPlaceholder);
    seen.add(tool.followUpPlaceholder);
  }
  expect(seen.size).toBe(tools.length);
  expect(tools.find((tool) => tool.slug === "poetry")!.followUpPlaceholder).not.toMatch(/antagonist/i);
});

test("the panel grows with the window", async ({ page, email }) => {
  await signUp(page, { email });
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, "/poetry");
  const ui = toolPage(page);
  const short = (await box(ui.output)).height;
  await page.setViewportSize({ width: 1280, height: 1100 });
  await expect.poll(async () => (await box(ui.output)).height).toBeGreaterThan(short + 250);
  expect(short).toBeGreaterThanOrEqual(500);
});
