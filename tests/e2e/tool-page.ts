/**
 * Helpers for driving an assistant (tool) page the way a writer does, plus a few for the
 * OpenAI stand-in's control API.
 *
 * The stand-in is shared by both Playwright workers, so tests never change its global
 * settings: faults are always targeted with a `match` marker unique to the test, carried in
 * one of the detail fields (the request text, and therefore every later turn of that
 * conversation, contains it).
 */
import type { Locator, Page, TestInfo } from "@playwright/test";
import { answerTexts, toolTexts, workspaceTexts } from "../../app/messages/tools.ts";
import { configureOpenAI, type OpenAIFault } from "../mocks/openai-control.ts";
import {
  SPEC_FOLLOW_UP_SUCCESS,
  SPEC_SUCCESS_TITLE,
  specElement,
  specTool,
  type SpecElement,
  type SpecTool,
} from "../spec/tables.ts";
import { expect, expectToast, settleAnimations, waitForHydration } from "./fixtures.ts";

/** A tool as the spec describes it (tests/spec/tables.ts): the page must show exactly this. */
export function toolBySlug(slug: string): SpecTool {
  return specTool(slug);
}

export function elementsOf(tool: SpecTool): readonly SpecElement[] {
  return tool.elements;
}

export function elementOf(tool: SpecTool, value: string): SpecElement {
  return specElement(tool, value);
}

export function fieldLabel(tool: SpecTool, field: string): string {
  const label = tool.fieldLabels[field];
  if (!label) throw new Error(`the spec's ${tool.slug} tool has no field ${field}`);
  return label;
}

/** A marker no other test's request contains: the stand-in's faults are targeted with it. */
export function uniqueMarker(testInfo: TestInfo, name = "mk"): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${name}-w${testInfo.workerIndex}-${Date.now().toString(36)}-${random}`;
}

/** Adds a fault for requests containing `fault.match` (required: never a global fault). */
export async function injectFault(mockUrl: string, fault: OpenAIFault & { match: string }) {
  await configureOpenAI(mockUrl, { faults: [fault] });
}

/** The dashboard's card for this tool. */
export function dashboardCard(page: Page, tool: SpecTool): Locator {
  return page
    .getByRole("navigation", { name: "Writing categories" })
    .getByRole("link")
    .filter({ has: page.getByRole("heading", { name: tool.cardLabel, exact: true }) });
}

/** From the dashboard, opens the tool through its card and waits for the page to hydrate. */
export async function openToolFromDashboard(page: Page, tool: SpecTool) {
  await expect(page).toHaveURL("/dashboard");
  await dashboardCard(page, tool).click();
  await expect(page).toHaveURL(tool.path);
  await expect(page.getByRole("heading", { level: 1, name: tool.title })).toBeVisible();
  await waitForHydration(page);
}

/** Locators for everything on the tool page. */
export function toolPage(page: Page) {
  const form = page.getByRole("form", { name: "Generate" });
  const output = page.getByRole("region", { name: toolTexts.output });
  return {
    form,
    elementSelect: page.getByRole("combobox", { name: `Step 1: ${toolTexts.stepOne}` }),
    /** The labels of the detail fields on show, in screen order. */
    fieldLabels: form.locator("label"),
    generate: form.getByRole("button", { name: toolTexts.generate }),
    generating: form.getByRole("button", { name: toolTexts.generating }),
    stop: page.getByRole("button", { name: toolTexts.stop, exact: true }),
    output,
    emptyHint: output.getByText(toolTexts.outputEmpty),
    /** Each assistant answer is an <article>; the writer's follow-ups are quoted lines above them. */
    answers: output.locator("article.assistant-message"),
    /** One per answer: the writer's follow-up (if any), the answer and its toolbar. */
    exchanges: output.locator(".exchange"),
    writerTurns: output.locator(".writer-turn"),
    /** The folded form: its summary line and the way back to the fields. */
    summary: form.locator(".form-summary"),
    editDetails: form.getByRole("button", { name: workspaceTexts.editDetails }),
    hideDetails: form.getByRole("button", { name: workspaceTexts.hideDetails }),
    composer: page.locator("form.composer"),
    jumpToLatest: page.getByRole("button", { name: workspaceTexts.jumpToLatest }),
    expand: page.getByRole("button", { name: workspaceTexts.expand, exact: true }),
    readingView: page.getByRole("dialog", { name: new RegExp(workspaceTexts.readingView) }),
    shortcuts: page.getByRole("button", { name: workspaceTexts.shortcuts }),
    failure: output.getByRole("group", { name: workspaceTexts.failedTitle }),
    retry: output.getByRole("button", { name: workspaceTexts.retry }),
    copyMarkdown: output.getByRole("button", { name: answerTexts.copyMarkdownLabel }),
    copyText: output.getByRole("button", { name: answerTexts.copyTextLabel }),
    followUp: page.getByLabel(toolTexts.followUpLabel),
    send: page.getByRole("button", { name: toolTexts.followUpSend }),
    demoBadge: page.getByText(toolTexts.demoBadge, { exact: true }),
    /** A trial writer's conversations left, under Generate. */
    quota: page.getByTestId("trial-conversations"),
    /** A trial conversation's follow-ups left, under the follow-up box. */
    followUpsLeft: page.getByTestId("trial-follow-ups"),
  };
}

/** While a conversation is on screen the form is folded: a writer opens it to change it. */
/**
 * Clicks a control of an answer as a writer does: scrolled to the middle of the screen first. On
 * a phone the composer stays at the bottom and a toast may sit just above it; Playwright's own
 * scrolling brings a control only to the screen's edge, under them.
 */
export async function clickInThread(control: Locator) {
  await control.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await control.click();
}

export async function unfoldDetails(page: Page) {
  const { editDetails } = toolPage(page);
  if (await editDetails.isVisible()) await editDetails.click();
}

/** Opens the element dropdown with the mouse and picks an element by its label. */
export async function chooseElement(page: Page, label: string) {
  await unfoldDetails(page);
  const { elementSelect } = toolPage(page);
  await elementSelect.click();
  const listbox = page.getByRole("listbox");
  await expect(listbox).toBeVisible();
  await listbox.getByRole("option", { name: label, exact: true }).click();
  await expect(listbox).toHaveCount(0);
  await expect(elementSelect).toHaveText(label);
}

/**
 * The open dropdown is a compact, opaque panel next to its trigger: every option is on screen
 * and the page does not show through it.
 */
export async function expectDropdownUsable(page: Page) {
  const listbox = page.getByRole("listbox");
  await expect(listbox).toBeVisible();
  await settleAnimations(page);
  for (const option of await listbox.getByRole("option").all()) await expect(option).toBeInViewport({ ratio: 1 });
  const panel = page.locator(".rt-SelectContent");
  const background = await panel.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(background, "the dropdown has a solid background").not.toMatch(/^(transparent|rgba\(.*, 0\))$/);
  // While the dropdown is open the rest of the page is aria-hidden: find the open trigger by
  // class (draft mode's action select is on the page too).
  const [list, trigger] = [(await panel.boundingBox())!, (await page.locator('.rt-SelectTrigger[data-state="open"]').boundingBox())!];
  const gap = Math.min(Math.abs(list.y - (trigger.y + trigger.height)), Math.abs(trigger.y - (list.y + list.height)));
  expect(gap, "the dropdown opens right next to its trigger").toBeLessThan(16);
}

/** Only the chosen element's fields are on show, in the spec's order, with their labels. */
export async function expectFieldsOf(page: Page, tool: SpecTool, element: SpecElement) {
  await expect(toolPage(page).fieldLabels).toHaveText(element.fields.map((field) => fieldLabel(tool, field)));
}

export async function fillField(page: Page, tool: SpecTool, field: string, value: string) {
  await unfoldDetails(page);
  await toolPage(page).form.getByLabel(fieldLabel(tool, field), { exact: true }).fill(value);
}

/**
 * Records every state the newest answer goes through (text and data-status), from now on,
 * so a test can prove the text grew while it was still streaming.
 */
export async function recordAnswerStates(page: Page) {
  await page.evaluate(() => {
    const panel = document.querySelector(".output-panel");
    if (!panel) throw new Error("no output panel");
    const log: { status: string | null; text: string }[] = [];
    const scope = window as unknown as { __answerLog?: typeof log; __answerObserver?: MutationObserver };
    scope.__answerObserver?.disconnect();
    scope.__answerLog = log;
    const note = () => {
      const articles = panel.querySelectorAll("article.assistant-message");
      const last = articles[articles.length - 1];
      if (!last) return;
      const entry = { status: last.getAttribute("data-status"), text: last.textContent ?? "" };
      const previous = log[log.length - 1];
      if (!previous || previous.text !== entry.text || previous.status !== entry.status) log.push(entry);
    };
    scope.__answerObserver = new MutationObserver(note);
    scope.__answerObserver.observe(panel, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/**
 * Records, from now on, whether the busy controls were ever on screen: the disabled
 * 'Generating...' button and Stop. A short answer can finish between two assertions, but never
 * between two DOM changes.
 */
async function recordBusyControls(page: Page) {
  await page.evaluate(
    ({ generating, stop }) => {
      const scope = window as unknown as { __busySeen?: Record<string, boolean>; __busyObserver?: MutationObserver };
      const seen = { generatingDisabled: false, stopShown: false };
      scope.__busyObserver?.disconnect();
      scope.__busySeen = seen;
      const note = () => {
        for (const button of document.querySelectorAll("button")) {
          const name = button.textContent?.trim();
          if (name === generating && button.disabled) seen.generatingDisabled = true;
          if (name === stop) seen.stopShown = true;
        }
      };
      scope.__busyObserver = new MutationObserver(note);
      scope.__busyObserver.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    },
    { generating: toolTexts.generating, stop: toolTexts.stop },
  );
}

async function busyControlsSeen(page: Page) {
  return page.evaluate(() => (window as unknown as { __busySeen?: Record<string, boolean> }).__busySeen);
}

export async function answerStates(page: Page): Promise<{ status: string | null; text: string }[]> {
  return page.evaluate(() => (window as unknown as { __answerLog?: { status: string | null; text: string }[] }).__answerLog ?? []);
}

/** The newest answer was seen growing while streaming, and ended longer than any partial view. */
export async function expectAnswerStreamed(page: Page) {
  const states = await answerStates(page);
  const partials = states.filter((state) => state.status === "streaming" && state.text.trim().length > 0);
  const final = states[states.length - 1];
  expect(final?.status, "the answer finished").toBe("complete");
  expect(partials.length, "partial answers seen while streaming").toBeGreaterThanOrEqual(3);
  const lengths = partials.map((state) => state.text.length);
  expect(lengths[lengths.length - 1]!, "the answer grew while streaming").toBeGreaterThan(lengths[0]!);
  expect(final!.text.length, "the finished answer is longer than the first partial one").toBeGreaterThan(lengths[0]!);
}

/**
 * Presses Generate and checks the busy state (spinner button, Stop) while the answer streams;
 * then waits for the finished answer and the tool's success toast.
 */
export async function generateAndWait(page: Page, tool: SpecTool) {
  const ui = toolPage(page);
  await recordAnswerStates(page);
  await recordBusyControls(page);
  await ui.generate.click();
  await expect(ui.answers).toHaveCount(1);
  const answer = ui.answers.last();
  await expect(answer).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  expect(await busyControlsSeen(page), "while generating: Generate disabled, Stop shown").toEqual({
    generatingDisabled: true,
    stopShown: true,
  });
  await expect(ui.stop).toHaveCount(0);
  await expect(ui.generate).toBeEnabled();
  await expectToast(page, { title: SPEC_SUCCESS_TITLE, description: tool.successMessage });
  return answer;
}

/** Types a follow-up and sends it with Enter; waits for the revision and its toast. */
export async function sendFollowUpWithEnter(page: Page, text: string) {
  const ui = toolPage(page);
  const count = await ui.answers.count();
  await recordAnswerStates(page);
  await ui.followUp.fill(text);
  await ui.followUp.press("Enter");
  await expect(ui.answers).toHaveCount(count + 1);
  const answer = ui.answers.last();
  await expect(answer).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  await expectToast(page, { title: SPEC_SUCCESS_TITLE, description: SPEC_FOLLOW_UP_SUCCESS });
  await expect(ui.followUp).toHaveValue("");
  return answer;
}

/** The trial card's query count on the dashboard. */
export function trialQueries(page: Page): Locator {
  return page.getByTestId("trial-queries");
}

/** The two sizes the workspace is tried at: a laptop and a phone (issue 12). */
export const WORKSPACE_SIZES = [
  { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
  { name: "phone", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
] as const;
