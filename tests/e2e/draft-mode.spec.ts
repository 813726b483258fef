/**
 * "Work on my draft" (issue 12), at a 1280×800 desktop and a 390×844 phone: the mode switch
 * beside Generate; a line edit comes back as tracked changes (reject one, accept another,
 * Accept all, Copy result read back from the clipboard); the passage survives switching modes
 * and a reload; the trial counts the draft as a conversation; history labels it "Draft · Line
 * edit" and Continue in tool reopens it as tracked changes. Critique is a normal answer with a
 * follow-up; each tool's own action is offered; an over-long passage is refused before sending;
 * a failed request keeps the passage and Retry sends it again.
 */
import type { Page } from "@playwright/test";
import { historyTexts } from "../../app/messages/history.ts";
import { draftModeTexts, draftTexts, generationToasts, revisionTexts, toolTexts, workspaceTexts } from "../../app/messages/tools.ts";
import { conversationNote } from "../../app/messages/trial.ts";
import { expect, expectNoA11yViolations, expectToast, open, signUp, test, waitForHydration } from "./fixtures.ts";
import { historyCard, historyPage } from "./history-page.ts";
import { injectFault, openToolFromDashboard, toolBySlug, toolPage, uniqueMarker, WORKSPACE_SIZES } from "./tool-page.ts";

const prose = toolBySlug("prose");

const PASSAGE =
  "The rain fell down on the the old town. She walked very slowly to the station, and she looked at the big clock.\n\nIt was really late, and things were bad.";
/** The stand-in's line edit of PASSAGE (tests/mocks/openai-drafts.ts), with "walked" → "strode" rejected. */
const RESULT_WITH_ONE_REJECTED =
  "The rain fell on the old town. She walked slowly to the station, and she studied the vast clock.\n\nIt was late, and matters were grim.";
const SUMMARY = `${workspaceTexts.summaryLabel}: ${draftModeTexts.summary("Line edit", "The rain fell down on the the old…")}`;

/** Locators for draft mode. */
function draftMode(page: Page) {
  const form = page.getByRole("form", { name: draftModeTexts.form });
  const output = page.getByRole("region", { name: toolTexts.output });
  return {
    modes: page.getByRole("group", { name: draftModeTexts.modeLabel }),
    generateMode: page.getByRole("radio", { name: draftModeTexts.generateMode, exact: true }),
    draftMode: page.getByRole("radio", { name: draftModeTexts.draftMode, exact: true }),
    form,
    passage: form.getByLabel(draftModeTexts.passageLabel),
    wordCount: form.locator(".draft-word-count"),
    action: form.getByRole("combobox", { name: draftModeTexts.actionLabel }),
    submit: form.getByRole("button", { name: draftModeTexts.submit }),
    error: form.getByRole("alert"),
    summary: form.locator(".form-summary"),
    editDraft: form.getByRole("button", { name: draftModeTexts.editDraft }),
    tracked: output.getByRole("region", { name: revisionTexts.trackedHeading }),
    change: (id: number) => output.getByRole("group", { name: revisionTexts.changeLabel(id), exact: true }),
  };
}

async function chooseAction(page: Page, label: string) {
  const { action } = draftMode(page);
  await action.click();
  const listbox = page.getByRole("listbox");
  await listbox.getByRole("option", { name: label, exact: true }).click();
  await expect(listbox).toHaveCount(0);
  await expect(action).toHaveText(label);
}

const sizes = WORKSPACE_SIZES;

for (const size of sizes) {
  test.describe(`on a ${size.name}`, () => {
    test.use(size.use);

    test("a line edit comes back as tracked changes: reject, accept, accept all, copy; history reopens it", async ({ page, context, email }) => {
      test.slow();
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await signUp(page, { email });
      await openToolFromDashboard(page, prose);
      const ui = toolPage(page);
      const draft = draftMode(page);
      await expect(ui.quota).toHaveText(conversationNote({ conversationsLeft: 5, periodOver: false }));

      // Generate is the default mode; the switch shows the draft form, and the passage survives
      // switching back and forth and a reload.
      await expect(draft.generateMode).toHaveAttribute("aria-checked", "true");
      await expect(ui.elementSelect).toBeVisible();
      await draft.draftMode.click();
      await expect(ui.elementSelect).toBeHidden();
      await draft.passage.fill(PASSAGE);
      await expect(draft.wordCount).toHaveText(draftModeTexts.wordCount(31, 3_000));
      await expect(draft.action).toHaveText("Line edit");
      await expectNoA11yViolations(page, `draft mode (${size.name})`);
      await draft.generateMode.click();
      await expect(draft.passage).toBeHidden();
      await expect(ui.elementSelect).toBeVisible();
      await draft.draftMode.click();
      await expect(draft.passage).toHaveValue(PASSAGE);
      await page.reload();
      await waitForHydration(page);
      await draft.draftMode.click();
      await expect(draft.passage).toHaveValue(PASSAGE);

      // Ctrl+Enter sends it; the form folds into what the conversation was made from.
      await draft.passage.press("Control+Enter");
      await expect(draft.tracked).toBeVisible({ timeout: 20_000 });
      await expectToast(page, { title: generationToasts.success.title, description: draftModeTexts.success });
      await expect(draft.summary).toHaveText(SUMMARY);
      await expect(ui.quota).toHaveText(conversationNote({ conversationsLeft: 4, periodOver: false }));
      await expect(draft.tracked).toContainText(revisionTexts.changesLeft(10, 10));
      await expect(draft.tracked.locator("del").first()).toContainText("down");
      await expectNoA11yViolations(page, `tracked changes (${size.name})`);

      // Reject one change, accept another; Accept all takes the rest and keeps the rejection.
      await expect(draft.change(3)).toContainText("walked");
      await draft.change(3).getByRole("button", { name: revisionTexts.reject }).click();
      await draft.change(1).getByRole("button", { name: revisionTexts.accept }).click();
      await expect(draft.tracked).toContainText(revisionTexts.changesLeft(8, 10));
      await draft.tracked.getByRole("button", { name: revisionTexts.acceptAll }).click();
      await expect(draft.tracked).toContainText(revisionTexts.changesLeft(0, 10));
      await draft.tracked.getByRole("button", { name: revisionTexts.copyResult }).click();
      await expectToast(page, revisionTexts.copied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(RESULT_WITH_ONE_REJECTED);

      // Edit draft opens the form with the passage as it was.
      await draft.editDraft.click();
      await expect(draft.passage).toHaveValue(PASSAGE);

      // History: labelled as a draft; Continue in tool reopens it as tracked changes.
      await page.getByRole("link", { name: toolTexts.viewHistory }).click();
      const card = historyCard(historyPage(page).cards.first());
      await expect(card.label).toHaveText(draftTexts.label("Line edit"));
      await card.view.click();
      await historyPage(page).details.getByRole("link", { name: historyTexts.continueInTool }).click();
      await expect(page).toHaveURL(/\/prose\?conversation=/);
      await waitForHydration(page);
      await expect(draft.summary).toHaveText(SUMMARY);
      await expect(draft.tracked).toContainText(revisionTexts.changesLeft(10, 10));
    });
  });
}

test("a critique is a normal answer that takes follow-ups", async ({ page, email }) => {
  await signUp(page, { email });
  await openToolFromDashboard(page, prose);
  const ui = toolPage(page);
  const draft = draftMode(page);
  await draft.draftMode.click();
  await draft.passage.fill(PASSAGE);
  await chooseAction(page, "Critique");
  await draft.submit.click();
  await expect(ui.answers.first()).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  await expect(ui.answers.first().getByRole("heading", { level: 1 })).toHaveText("Notes on your passage");
  await expect(draft.tracked).toHaveCount(0);
  await expect(draft.summary).toHaveText(`${workspaceTexts.summaryLabel}: ${draftModeTexts.summary("Critique", "The rain fell down on the the old…")}`);
  await ui.followUp.fill("Focus on the ending");
  await ui.send.click();
  await expect(ui.answers).toHaveCount(2);
  await expect(ui.answers.last()).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  await expect(ui.writerTurns).toHaveText([`${workspaceTexts.writerTurn}: Focus on the ending`]);
});

test("each tool offers its own action beside the common five", async ({ page, email }) => {
  await signUp(page, { email });
  await open(page, toolBySlug("poetry").path);
  await waitForHydration(page);
  const draft = draftMode(page);
  await draft.draftMode.click();
  await draft.action.click();
  await expect(page.getByRole("listbox").getByRole("option")).toHaveText([
    "Line edit",
    "Critique",
    "Tighten",
    "Expand",
    "Continue in my voice",
    "Scansion and meter check",
  ]);
  await page.getByRole("option", { name: "Scansion and meter check" }).click();
  await draft.passage.fill("Shall I compare thee to a summer's day?\nThou art more lovely and more temperate.");
  await draft.submit.click();
  await expect(toolPage(page).answers.first()).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  await expect(toolPage(page).answers.first()).toContainText("You asked me to scan the poem line by line.");
});

test("an empty or over-long passage is refused with a clear message, and nothing is sent", async ({ page, email }) => {
  await signUp(page, { email });
  await openToolFromDashboard(page, prose);
  const draft = draftMode(page);
  let sent = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/generate")) sent += 1;
  });
  await draft.draftMode.click();
  await draft.submit.click();
  await expect(draft.error).toHaveText(draftTexts.empty);
  await draft.passage.fill("x".repeat(20_001));
  await expect(draft.error).toHaveText(draftTexts.tooLong);
  await expect(draft.passage).toHaveAttribute("aria-invalid", "true");
  await draft.submit.click();
  await draft.passage.fill("word ".repeat(3_001));
  await expect(draft.wordCount).toHaveText(draftModeTexts.wordCount(3_001, 3_000));
  await expect(draft.error).toHaveText(draftTexts.tooLong);
  await draft.passage.press("Control+Enter");
  await expect(toolPage(page).output).toHaveText(draftModeTexts.outputEmpty);
  expect(sent).toBe(0);
  // The writer's text is kept as it was, to be cut down.
  await expect(draft.passage).toHaveValue("word ".repeat(3_001));
  await expectNoA11yViolations(page, "draft mode with an error");
});

test("a failed draft keeps the passage and costs nothing; Retry sends it again", async ({ page, email, mockUrl }, testInfo) => {
  const marker = uniqueMarker(testInfo, "draft");
  await injectFault(mockUrl, { kind: "status", status: 500, match: marker, times: 2 });
  await signUp(page, { email });
  await openToolFromDashboard(page, prose);
  const ui = toolPage(page);
  const draft = draftMode(page);
  const passage = `${PASSAGE} The ${marker} stopped.`;
  await draft.draftMode.click();
  await draft.passage.fill(passage);
  await draft.submit.click();
  await expect(ui.failure).toBeVisible();
  await expect(ui.failure).toContainText(generationToasts.generationError.title);
  await expect(draft.passage).toHaveValue(passage);
  await expect(ui.quota).toHaveText(conversationNote({ conversationsLeft: 5, periodOver: false }));
  await ui.retry.click();
  await expect(draft.tracked).toBeVisible({ timeout: 20_000 });
  await expect(ui.failure).toHaveCount(0);
  await expect(ui.quota).toHaveText(conversationNote({ conversationsLeft: 4, periodOver: false }));
});
