/**
 * Every answer is workable (issue 12), at a 1280×800 desktop and a 390×844 phone: Another
 * version (switch, the chosen one is what a follow-up builds on and what a reopened
 * conversation shows), Continue after Stop, Edit the last follow-up and resend it, Compare a
 * version with the one before, Download an answer. Axe-clean with the toolbar showing; Continue
 * and the switcher by keyboard alone.
 */
import type { Locator, Page } from "@playwright/test";
import { exportTexts } from "../../app/messages/exports.ts";
import { answerActionTexts, revisionTexts, toolTexts, versionTexts, workspaceTexts } from "../../app/messages/tools.ts";
import { trialTexts } from "../../app/messages/trial.ts";
import { openAIState } from "../mocks/openai-control.ts";
import { expect, expectNoA11yViolations, open, signUp, test } from "./fixtures.ts";
import { downloadOf } from "./history-page.ts";
import {
  chooseElement,
  fillField,
  generateAndWait,
  injectFault,
  openToolFromDashboard,
  sendFollowUpWithEnter,
  toolBySlug,
  toolPage,
  uniqueMarker, WORKSPACE_SIZES } from "./tool-page.ts";

const prose = toolBySlug("prose");

/** What the stand-in writes first, and when asked the same again (tests/mocks/openai.ts). */
const FIRST_TAKE = "Here is a first take on the story outline";
const ANOTHER_TAKE = "Here is another take on the story outline";

/** The actions of the last answer, and the exchange they belong to. */
function actions(page: Page) {
  const output = toolPage(page).output;
  const last = output.locator(".exchange").last();
  return {
    last,
    anotherVersion: output.getByRole("button", { name: answerActionTexts.anotherVersionLabel }),
    continue: output.getByRole("button", { name: answerActionTexts.continueLabel }),
    edit: output.getByRole("button", { name: answerActionTexts.editLabel }),
    editor: output.getByRole("textbox", { name: answerActionTexts.editorLabel }),
    resend: output.getByRole("button", { name: answerActionTexts.resend }),
    switcher: output.getByRole("group", { name: answerActionTexts.versions }),
    place: output.getByRole("group", { name: answerActionTexts.versions }).getByRole("status"),
    previous: output.getByRole("button", { name: answerActionTexts.previousVersion }),
    next: output.getByRole("button", { name: answerActionTexts.nextVersion }),
    compare: output.getByRole("button", { name: revisionTexts.compare, exact: true }),
    hideCompare: output.getByRole("button", { name: revisionTexts.hideCompare }),
    comparison: output.getByRole("region", { name: revisionTexts.compareHeading }),
    download: last.getByRole("button", { name: exportTexts.download }),
  };
}

/** Signs up (a trial writer), opens Prose and generates a story outline carrying `marker`. */
async function startOutline(page: Page, email: string, marker: string) {
  await signUp(page, { email });
  await openToolFromDashboard(page, prose);
  await chooseElement(page, "Story outline");
  await fillField(page, prose, "genre", marker);
  return generateAndWait(page, prose);
}

/** Presses Shift+Tab until `target` has focus (the writer comes back up from the composer). */
async function shiftTabTo(page: Page, target: Locator, max = 20) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Shift+Tab");
  }
  await expect(target, `reachable with Shift+Tab within ${max} presses`).toBeFocused({ timeout: 1 });
}

/** The text of every message the stand-in was last sent for this conversation. */
async function lastModelMessages(mockUrl: string, marker: string): Promise<{ role: string; text: string }[]> {
  const { lastRequest } = await openAIState(mockUrl, { match: marker });
  return (lastRequest?.messages ?? []).map((message) => ({ role: message.role, text: String(message.content) }));
}

const sizes = WORKSPACE_SIZES;

for (const size of sizes) {
  test.describe(`on a ${size.name}`, () => {
    test.use(size.use);

    test("Another version: switch versions; a follow-up and a reopened conversation build on the chosen one", async ({ page, email, mockUrl }, testInfo) => {
      const marker = uniqueMarker(testInfo, "versions");
      const answer = await startOutline(page, email, marker);
      const ui = toolPage(page);
      const act = actions(page);
      await expect(answer).toContainText(FIRST_TAKE);
      await expect(act.switcher, "one version: no switcher").toHaveCount(0);
      await expect(ui.followUpsLeft).toHaveText(trialTexts.followUpsLeft(10));

      await act.anotherVersion.click();
      await expect(ui.answers.last()).toContainText(ANOTHER_TAKE, { timeout: 20_000 });
      await expect(ui.answers.last()).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
      await expect(ui.answers, "the new version replaces the answer").toHaveCount(1);
      await expect(ui.answers.last()).not.toContainText(FIRST_TAKE);
      await expect(act.place).toHaveText(versionTexts.of(2, 2));
      await expect(ui.followUpsLeft, "Another version counts as a follow-up").toHaveText(trialTexts.followUpsLeft(9));
      await expect(act.next).toBeDisabled();

      // Back to the first version: shown at once, and saved as the chosen one.
      const saved = page.waitForResponse((response) => /\/api\/conversations\/[^/]+\/versions$/.test(response.url()) && response.request().method() === "POST");
      await act.previous.click();
      await expect(act.place).toHaveText(versionTexts.of(1, 2));
      await expect(ui.answers.last()).toContainText(FIRST_TAKE);
      await expect(act.previous).toBeDisabled();
      const response = await saved;
      expect(response.status()).toBe(200);
      const conversationId = /\/api\/conversations\/([^/]+)\/versions$/.exec(response.url())![1]!;

      // Reopened ('Continue in tool'): the chosen version, and its place among the versions.
      await open(page, `${prose.path}?conversation=${conversationId}`);
      await expect(ui.answers).toHaveCount(1);
      await expect(ui.answers.last()).toContainText(FIRST_TAKE);
      await expect(act.place).toHaveText(versionTexts.of(1, 2));

      // A follow-up builds on the version on screen: the model sees it, not the other one.
      await sendFollowUpWithEnter(page, "Make the ending colder");
      const sent = await lastModelMessages(mockUrl, marker);
      const answers = sent.filter((message) => message.role === "assistant").map((message) => message.text);
      expect(answers).toHaveLength(1);
      expect(answers[0]).toContain(FIRST_TAKE);
      expect(sent.map((message) => message.text).join("\n")).not.toContain(ANOTHER_TAKE);
      // The earlier exchange is no longer switchable; the new one has a single version.
      await expect(act.switcher).toHaveCount(0);
    });

    test("Compare a version with the one before, Download an answer; axe-clean with the toolbar", async ({ page, email }, testInfo) => {
      const marker = uniqueMarker(testInfo, "compare");
      await startOutline(page, email, marker);
      const ui = toolPage(page);
      const act = actions(page);
      await expect(act.compare, "a first version has nothing to compare with").toHaveCount(0);
      await act.anotherVersion.click();
      await expect(act.place).toHaveText(versionTexts.of(2, 2), { timeout: 20_000 });
      await expect(ui.answers.last()).toHaveAttribute("data-status", "complete");
      await expectNoA11yViolations(page, `an answer with versions (${size.name})`);

      await act.compare.click();
      await expect(act.hideCompare).toHaveAttribute("aria-expanded", "true");
      const diff = act.comparison.locator(".diff-text");
      await expect(diff).toBeVisible();
      await expect(diff.locator("ins").first()).toBeVisible();
      await expect(diff.locator("del").first()).toBeVisible();
      await expect(diff.locator("ins", { hasText: "another" }).first()).toContainText(revisionTexts.inserted);
      await expect(diff.locator("del", { hasText: "first" }).first()).toContainText(revisionTexts.deleted);
      await expect(diff.locator("ins").first().locator(".visually-hidden")).toHaveText(revisionTexts.inserted);
      await expectNoA11yViolations(page, `an answer compared with its previous version (${size.name})`);
      await act.hideCompare.click();
      await expect(act.comparison).toHaveCount(0);
      await expect(act.compare).toHaveAttribute("aria-expanded", "false");

      // Download the answer on screen as Markdown.
      await act.download.click();
      const { download, text } = await downloadOf(page, () => page.getByRole("menuitem", { name: exportTexts.markdown }).click());
      expect(download.suggestedFilename()).toMatch(/\.md$/);
      expect(text.startsWith("# Story outline\n\n")).toBe(true);
      expect(text).toContain(ANOTHER_TAKE);
      expect(text).toContain(`- **${"Genre"}:** ${marker}`);
      expect(text).not.toContain(FIRST_TAKE);
    });

    test("Continue after Stop, by keyboard: the same answer grows and ends complete", async ({ page, email, mockUrl }, testInfo) => {
      const marker = uniqueMarker(testInfo, "continue");
      // The answer falls silent after a dozen words, so Stop always lands mid-answer.
      await injectFault(mockUrl, { kind: "stall", afterTokens: 12, match: marker, times: 1 });
      await signUp(page, { email });
      await openToolFromDashboard(page, prose);
      const ui = toolPage(page);
      const act = actions(page);
      await chooseElement(page, "Story outline");
      await fillField(page, prose, "genre", marker);
      await ui.generate.click();
      await expect(ui.answers.first()).toContainText(`${FIRST_TAKE},`);
      await page.keyboard.press("Escape");
      await expect(ui.answers.first()).toHaveAttribute("data-status", "stopped");
      await expect(ui.answers.first().getByText(toolTexts.stopped, { exact: true })).toBeVisible();
      await expect(ui.answers.first().getByRole("heading", { name: "Your details" })).toHaveCount(0);

      // From the follow-up box, back up to Continue and press Enter.
      await ui.followUp.focus();
      await shiftTabTo(page, act.continue);
      await page.keyboard.press("Enter");
      await expect(ui.answers.first()).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
      await expect(ui.answers, "the continuation extends the same answer").toHaveCount(1);
      await expect(ui.answers.first()).toContainText(`${FIRST_TAKE}, built around your genre`);
      await expect(ui.answers.first().getByRole("heading", { name: "Your details" })).toBeVisible();
      await expect(ui.answers.first()).toContainText("Demo response from the local stand-in model.");
      await expect(ui.answers.first().getByText(toolTexts.stopped, { exact: true })).toHaveCount(0);
      await expect(act.continue, "a complete answer has nothing to continue").toHaveCount(0);
      await expect(ui.followUpsLeft).toHaveText(trialTexts.followUpsLeft(9));
      const sent = await lastModelMessages(mockUrl, marker);
      expect(sent.at(-1)?.text).toContain("Continue your previous answer");
    });

    test("Edit the last follow-up and resend it: a new version under the edited words", async ({ page, email }, testInfo) => {
      const marker = uniqueMarker(testInfo, "edit");
      await startOutline(page, email, marker);
      const ui = toolPage(page);
      const act = actions(page);
      await expect(act.edit, "the first request is the form's: nothing to edit").toHaveCount(0);
      await sendFollowUpWithEnter(page, "Make the flood colder");
      await expect(ui.writerTurns).toHaveText([`${workspaceTexts.writerTurn}: Make the flood colder`]);

      // Cancel leaves everything as it was.
      await act.edit.click();
      await expect(act.editor).toBeFocused();
      await expect(act.editor).toHaveValue("Make the flood colder");
      await page.keyboard.press("Escape");
      await expect(act.editor).toHaveCount(0);
      await expect(ui.writerTurns).toHaveText([`${workspaceTexts.writerTurn}: Make the flood colder`]);

      await act.edit.click();
      await act.editor.fill("Make the flood warmer");
      await expectNoA11yViolations(page, `editing the last follow-up (${size.name})`);
      await act.resend.click();
      await expect(ui.answers.last()).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
      await expect(ui.answers).toHaveCount(2);
      await expect(ui.writerTurns).toHaveText([`${workspaceTexts.writerTurn}: Make the flood warmer`]);
      await expect(ui.answers.last()).toContainText("Make the flood warmer");
      await expect(act.editor).toHaveCount(0);
      await expect(act.place).toHaveText(versionTexts.of(2, 2));

      // The earlier version comes back with the words that asked for it.
      await act.previous.click();
      await expect(act.place).toHaveText(versionTexts.of(1, 2));
      await expect(ui.writerTurns).toHaveText([`${workspaceTexts.writerTurn}: Make the flood colder`]);
      await expect(ui.answers.last()).toContainText("Make the flood colder");
    });
  });
}
