/**
 * The free trial, counted on the server and seen through the UI: five turns (initial
 * generations and follow-ups alike, across tools), then 'Action Denied'.
 */
import { generationErrors, generationToasts } from "../../app/messages/tools.ts";
import { expect, expectToast, open, signUp, test } from "./fixtures.ts";
import {
  chooseElement,
  generateAndWait,
  openToolFromDashboard,
  sendFollowUpWithEnter,
  toolBySlug,
  toolPage,
  trialQueries,
} from "./tool-page.ts";

const denied = { title: generationToasts.actionDenied.title, description: generationErrors.denied };

test("a trial user's five queries count down on the dashboard; the sixth turn is denied", async ({ page, email }) => {
  test.slow();
  await signUp(page, { email });
  await expect(trialQueries(page)).toHaveText("5 queries remaining");
  const ui = toolPage(page);

  // Turns 1 and 2: a generation and a follow-up on the prose tool.
  const prose = toolBySlug("prose");
  await openToolFromDashboard(page, prose);
  await chooseElement(page, "World description");
  await generateAndWait(page, prose);
  await expect(ui.quota).toHaveText("4 trial queries left.");
  await sendFollowUpWithEnter(page, "More weather, please");
  await expect(ui.quota).toHaveText("3 trial queries left.");

  await page.getByRole("link", { name: "Back to Categories" }).click();
  await expect(trialQueries(page)).toHaveText("3 queries remaining");

  // Turns 3 to 5 on the songwriting tool.
  const songwriting = toolBySlug("songwriting");
  await openToolFromDashboard(page, songwriting);
  await chooseElement(page, "Lyrics & Wordcraft");
  await generateAndWait(page, songwriting);
  await expect(ui.quota).toHaveText("2 trial queries left.");
  await sendFollowUpWithEnter(page, "A stronger second verse");
  await expect(ui.quota).toHaveText("1 trial query left.");
  await sendFollowUpWithEnter(page, "Now a bridge");
  await expect(ui.quota).toHaveText("0 trial queries left.");
  await expect(ui.answers).toHaveCount(3);

  // Turn 6, a follow-up: denied, nothing appended, the text stays in the box.
  const sixth = "And an outro";
  await ui.followUp.fill(sixth);
  await ui.followUp.press("Enter");
  await expectToast(page, denied);
  await expect(ui.answers).toHaveCount(3);
  await expect(ui.answers.last()).toHaveAttribute("data-status", "complete");
  await expect(ui.followUp).toHaveValue(sixth);
  await expect(ui.generate).toBeEnabled();

  await page.getByRole("link", { name: "Back to Categories" }).click();
  await expect(trialQueries(page)).toHaveText("0 queries remaining");

  // A new generation on another tool is denied as well, and nothing appears.
  const stage = toolBySlug("stage-screen");
  await openToolFromDashboard(page, stage);
  await chooseElement(page, "Dialogue Crafting");
  await ui.generate.click();
  await expectToast(page, denied);
  await expect(ui.answers).toHaveCount(0);
  await expect(ui.emptyHint).toBeVisible();
  await expect(ui.generate).toBeEnabled();

  // Still zero, never negative.
  await open(page, "/dashboard");
  await expect(trialQueries(page)).toHaveText("0 queries remaining");
});
