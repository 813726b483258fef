/**
 * When a generation does not simply run to the end: the writer stops it, forgets to type a
 * follow-up, or the model fails (HTTP error, answer cut off). Faults are injected into the
 * stand-in model for requests carrying a marker unique to the test, so the other worker's
 * tests are never affected.
 */
import { generationErrors, generationToasts, toolTexts } from "../../app/messages/tools.ts";
import { trialTexts } from "../../app/messages/trial.ts";
import { openAIState } from "../mocks/openai-control.ts";
import { expect, expectToast, open, signUp, test, toastItems } from "./fixtures.ts";
import {
  chooseElement,
  elementOf,
  fillField,
  generateAndWait,
  injectFault,
  openToolFromDashboard,
  sendFollowUpWithEnter,
  toolBySlug,
  toolPage,
  trialQueries,
  uniqueMarker,
} from "./tool-page.ts";

const prose = toolBySlug("prose");
const poetry = toolBySlug("poetry");

test("Stop keeps the text so far and makes Generate usable again", async ({ page, email, mockUrl }, testInfo) => {
  const marker = uniqueMarker(testInfo, "stop");
  // The answer stalls after a dozen words and would stay "streaming" until stopped.
  await injectFault(mockUrl, { kind: "stall", afterTokens: 12, match: marker, times: 1 });

  await signUp(page, { email });
  await openToolFromDashboard(page, prose);
  const ui = toolPage(page);
  await chooseElement(page, "Story outline");
  await fillField(page, prose, "genre", marker);
  await ui.generate.click();

  const answer = ui.answers.first();
  await expect(answer).toHaveAttribute("data-status", "streaming");
  await expect(answer.getByRole("heading", { level: 1 })).toHaveText("Story outline");
  // All twelve tokens before the stall ("… on the story outline,"), so the text is at rest.
  await expect(answer).toContainText("Here is a first take on the story outline,");
  await expect(ui.generating).toBeDisabled();
  // The form is folded while the answer streams; opened, its element cannot change.
  await ui.editDetails.click();
  await expect(ui.elementSelect).toBeDisabled();
  const partial = (await answer.locator(".markdown").textContent())!;

  await ui.stop.click();
  await expect(answer).toHaveAttribute("data-status", "stopped");
  await expect(answer.getByText(toolTexts.stopped, { exact: true })).toBeVisible();
  await expect(answer.locator(".markdown")).toHaveText(partial);
  await expect(ui.stop).toHaveCount(0);
  await expect(ui.generate).toBeEnabled();
  await expect(ui.generate).toHaveAttribute("aria-disabled", "false");
  await expect(ui.elementSelect).toBeEnabled();
  await expect(toastItems(page), "stopping is not an error").toHaveCount(0);
});

test("Stop mid-stream, then a follow-up: the conversation goes on from the stopped answer", async ({ page, email }) => {
  await signUp(page, { email });
  await openToolFromDashboard(page, prose);
  const ui = toolPage(page);
  await chooseElement(page, "Style guidance");
  await fillField(page, prose, "tone", "wry");
  // A long story idea makes a long answer (the stand-in echoes it a word at a time), so the
  // answer is certainly still streaming when Stop is pressed.
  const longIdea = Array.from({ length: 250 }, (_, index) => `beat${index}`).join(" ");
  await fillField(page, prose, "storyIdea", longIdea);
  await ui.generate.click();
  const answer = ui.answers.first();
  await expect(answer).toContainText("Story Idea: beat0");
  await ui.stop.click();
  await expect(answer).toHaveAttribute("data-status", "stopped");
  await expect(answer, "stopped before the end").not.toContainText("beat249");

  const revision = await sendFollowUpWithEnter(page, "Carry on from where you stopped");
  await expect(revision.getByRole("heading").first()).toHaveText("Revision");
  await expect(ui.answers).toHaveCount(2);
  await expect(answer.getByText(toolTexts.stopped, { exact: true })).toBeVisible();
});

test("Stop while the model is silent, then a follow-up straight away", async ({ page, email, mockUrl }, testInfo) => {
  // While no tokens flow, the server's keep-alive newlines are what let it notice the Stop.
  const marker = uniqueMarker(testInfo, "stall-then-follow-up");
  await injectFault(mockUrl, { kind: "stall", afterTokens: 12, match: marker, times: 1 });

  await signUp(page, { email });
  await openToolFromDashboard(page, prose);
  const ui = toolPage(page);
  await chooseElement(page, "Style guidance");
  await fillField(page, prose, "tone", marker);
  await ui.generate.click();
  await expect(ui.answers.first()).toContainText("Here is a first take");
  await ui.stop.click();
  await expect(ui.answers.first()).toHaveAttribute("data-status", "stopped");

  const revision = await sendFollowUpWithEnter(page, "Carry on from where you stopped");
  await expect(revision.getByRole("heading").first()).toHaveText("Revision");
});

test("Stop before any readable text: nothing stays, nothing is charged, nothing is saved", async ({ page, email, mockUrl }, testInfo) => {
  // The model sends its first token ("# ", an empty heading) and then falls silent.
  const marker = uniqueMarker(testInfo, "stop-empty");
  await injectFault(mockUrl, { kind: "stall", afterTokens: 1, match: marker, times: 1 });

  await signUp(page, { email });
  await openToolFromDashboard(page, prose);
  const ui = toolPage(page);
  await expect(ui.quota).toHaveText(trialTexts.conversationsLeft(5, 5));
  await chooseElement(page, "Story outline");
  await fillField(page, prose, "genre", marker);
  await ui.generate.click();
  await expect(ui.answers.first()).toHaveAttribute("data-status", "streaming");
  await expect(ui.answers.first()).toHaveText("");
  await ui.stop.click();

  await expect(ui.answers).toHaveCount(0);
  await expect(ui.emptyHint).toBeVisible();
  await expect(ui.followUp).toBeDisabled();
  await expect(ui.quota).toHaveText(trialTexts.conversationsLeft(5, 5));
  await expect(toastItems(page), "stopping is not an error").toHaveCount(0);
  // The server agrees: the model call was aborted, the query given back, the history empty.
  await expect.poll(async () => (await openAIState(mockUrl, { match: marker })).abortedRequests.length).toBe(1);
  await open(page, "/dashboard");
  await expect(trialQueries(page)).toHaveText(trialTexts.conversationsLeft(5, 5));
  await open(page, "/prose/history");
  await expect(page.getByText("No history found for this section yet.")).toBeVisible();
});

test("'Selection Required' with nothing chosen, 'Input Required' for an empty follow-up", async ({ page, email }) => {
  await signUp(page, { email });
  await openToolFromDashboard(page, poetry);
  const ui = toolPage(page);

  // Marked aria-disabled, but a writer who presses it anyway is told what to do.
  await expect(ui.generate).toHaveAttribute("aria-disabled", "true");
  await ui.generate.click({ force: true });
  await expectToast(page, generationToasts.selectionRequired);
  await expect(toastItems(page)).toHaveAttribute("data-variant", "destructive");
  await expect(ui.answers).toHaveCount(0);

  await chooseElement(page, "Imagery suggestions");
  await generateAndWait(page, poetry);

  await ui.send.click();
  await expectToast(page, generationToasts.inputRequired);
  await ui.followUp.fill("   \n  ");
  await ui.followUp.press("Enter");
  await expectToast(page, generationToasts.inputRequired);
  await expect(ui.answers).toHaveCount(1);
});

test("an upstream HTTP error ends in 'Generation Error', nothing is shown and nothing charged", async ({
  page,
  email,
  mockUrl,
}, testInfo) => {
  const initialMarker = uniqueMarker(testInfo, "http500");
  const followUpMarker = uniqueMarker(testInfo, "http429");
  await injectFault(mockUrl, { kind: "status", status: 500, match: initialMarker });
  await injectFault(mockUrl, { kind: "status", status: 429, match: followUpMarker });

  await signUp(page, { email });
  await expect(trialQueries(page)).toHaveText(trialTexts.conversationsLeft(5, 5));
  await openToolFromDashboard(page, prose);
  const ui = toolPage(page);
  await chooseElement(page, "Character list / dramatis personae");
  await fillField(page, prose, "character", initialMarker);
  await ui.generate.click();

  await expectToast(page, { title: generationToasts.generationError.title, description: generationErrors.modelFailed });
  await expect(toastItems(page)).toHaveAttribute("data-variant", "destructive");
  await expect(ui.answers).toHaveCount(0);
  await expect(ui.emptyHint).toBeVisible();
  await expect(ui.generate).toBeEnabled();
  await expect(ui.followUp).toBeDisabled();

  // The query was refunded.
  await open(page, "/dashboard");
  await expect(trialQueries(page)).toHaveText(trialTexts.conversationsLeft(5, 5));

  // A follow-up that fails leaves the conversation as it was and the writer's text in the box.
  await openToolFromDashboard(page, prose);
  await chooseElement(page, "Style guidance");
  await generateAndWait(page, prose);
  const text = `Make it warmer ${followUpMarker}`;
  await ui.followUp.fill(text);
  await ui.followUp.press("Enter");
  await expectToast(page, { title: generationToasts.generationError.title, description: generationErrors.modelBusy });
  await expect(ui.answers).toHaveCount(1);
  await expect(ui.followUp).toHaveValue(text);
  await expect(ui.send).toBeEnabled();

  await open(page, "/dashboard");
  await expect(trialQueries(page), "only the successful generation counted").toHaveText(trialTexts.conversationsLeft(4, 5));
});

test("an answer cut off mid-way keeps its text and says 'Generation Error'", async ({ page, email, mockUrl }, testInfo) => {
  const marker = uniqueMarker(testInfo, "cut");
  await injectFault(mockUrl, { kind: "cut", afterTokens: 14, match: marker, times: 1 });

  await signUp(page, { email });
  await openToolFromDashboard(page, poetry);
  const ui = toolPage(page);
  await chooseElement(page, elementOf(poetry, "poem").label);
  await fillField(page, poetry, "premise", marker);
  await ui.generate.click();

  await expectToast(page, { title: generationToasts.generationError.title, description: generationErrors.cutOff });
  const answer = ui.answers.first();
  await expect(answer).toHaveAttribute("data-status", "interrupted");
  await expect(answer.getByRole("heading", { level: 1 })).toHaveText("Poem");
  await expect(answer).toContainText("Here is a first take on the poem");
  await expect(answer.getByText(toolTexts.interrupted, { exact: true })).toBeVisible();
  await expect(answer, "only what arrived before the cut").not.toContainText("Your details");
  await expect(ui.generate).toBeEnabled();
  await expect(ui.stop).toHaveCount(0);

  // What arrived was kept: a follow-up continues the conversation.
  const revision = await sendFollowUpWithEnter(page, "Finish the poem please");
  await expect(revision.getByRole("heading").first()).toHaveText("Revision");
});
