/**
 * The free trial as a writer meets it (ARCHITECTURE §10): five conversations, each with up to
 * ten follow-ups; the eleventh follow-up and the sixth conversation are refused with words that
 * say why; the dashboard card and the tool page tell the truth at every step. Counted on the
 * server, seen through the UI.
 */
import type { Page } from "@playwright/test";
import { generationErrors, generationToasts } from "../../app/messages/tools.ts";
import { conversationNote, trialTexts } from "../../app/messages/trial.ts";
import { expect, expectToast, open, signUp, test } from "./fixtures.ts";
import {
  chooseElement,
  fillField,
  generateAndWait,
  injectFault,
  openToolFromDashboard,
  sendFollowUpWithEnter,
  toolBySlug,
  toolPage,
  trialQueries,
} from "./tool-page.ts";

const prose = toolBySlug("prose");
const poetry = toolBySlug("poetry");
const denied = { title: generationToasts.actionDenied.title, description: generationErrors.denied };
const followUpsUsedUp = { title: generationToasts.actionDenied.title, description: trialTexts.followUpsUsedUp };

/** The dashboard card: what it leads with and what follows. */
async function expectCard(page: Page, { left, days = 30 }: { left: number; days?: number }) {
  await open(page, "/dashboard");
  const card = page.locator(".subscription-card");
  const lines = card.locator("[data-testid^='trial-']");
  if (left > 0) {
    await expect(lines).toHaveText([trialTexts.daysRemaining(days), trialTexts.conversationsLeft(left, 5)]);
  } else {
    await expect(lines).toHaveText([trialTexts.conversationsUsedUp, trialTexts.followUpsStayOpen(days)]);
  }
  await expect(card.getByText(trialTexts.subscribePitch)).toBeVisible();
}

/** A whole conversation started through the API, as another tab would (faster than the UI). */
async function startConversationByApi(page: Page) {
  const response = await page.request.post("/api/generate", {
    data: { kind: "initial", tool: poetry.slug, element: "imagery", fields: {} },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
  expect(JSON.parse((await response.text()).trim().split("\n").at(-1)!)).toMatchObject({ type: "done" });
}

test("five conversations, ten follow-ups each, then 'Action Denied' with the reason; the card tells the truth", async ({
  page,
  email,
  mockUrl,
}) => {
  test.setTimeout(240_000);
  await signUp(page, { email });
  await expectCard(page, { left: 5 });
  const ui = toolPage(page);

  // The tool page states the allowance before anything is spent.
  await openToolFromDashboard(page, prose);
  await expect(ui.quota).toHaveText(trialTexts.conversationsLeft(5, 5));
  await expect(ui.followUpsLeft).toHaveCount(0);
  await chooseElement(page, "World description");
  // A mark of this conversation in its prompt (every follow-up resends it): its ten follow-ups
  // stream at a faster pace, as they are about counting, not streaming.
  const marker = `metered-${email}`;
  await fillField(page, prose, "genre", marker);
  await generateAndWait(page, prose);
  await expect(ui.quota).toHaveText(trialTexts.conversationsLeft(4, 5));
  await expect(ui.followUpsLeft).toHaveText(trialTexts.followUpsLeft(10));
  await injectFault(mockUrl, { kind: "slow", tokenDelayMs: 2, match: marker });

  // Ten follow-ups: each spends the conversation's allowance, none the writer's conversations.
  for (let left = 9; left >= 0; left -= 1) {
    await sendFollowUpWithEnter(page, `Refinement ${10 - left}: more weather`);
    await expect(ui.followUpsLeft).toHaveText(trialTexts.followUpsLeft(left));
    await expect(ui.quota).toHaveText(trialTexts.conversationsLeft(4, 5));
  }
  await expect(ui.answers).toHaveCount(11);

  // The eleventh: refused with the reason, nothing appended, the text stays in the box.
  const eleventh = "And one more pass";
  await ui.followUp.fill(eleventh);
  await ui.followUp.press("Enter");
  await expectToast(page, followUpsUsedUp);
  await expect(ui.answers).toHaveCount(11);
  await expect(ui.followUp).toHaveValue(eleventh);
  await expectCard(page, { left: 4 });

  // Three more conversations elsewhere, then the fifth and last in the tool.
  for (let i = 0; i < 3; i += 1) await startConversationByApi(page);
  await expectCard(page, { left: 1 });
  await openToolFromDashboard(page, poetry);
  await expect(ui.quota).toHaveText(trialTexts.conversationsLeft(1, 5));
  await chooseElement(page, "Imagery suggestions");
  await generateAndWait(page, poetry);
  await expect(ui.quota).toHaveText(conversationNote({ conversationsLeft: 0, periodOver: false }));

  // With every conversation started, the last one can still be refined while the trial lasts.
  await sendFollowUpWithEnter(page, "Sharper images, please");
  await expect(ui.followUpsLeft).toHaveText(trialTexts.followUpsLeft(9));
  await expectCard(page, { left: 0 });

  // A sixth conversation: the spec's refusal, and nothing appears.
  await openToolFromDashboard(page, prose);
  await expect(ui.quota).toHaveText(conversationNote({ conversationsLeft: 0, periodOver: false }));
  await chooseElement(page, "Story outline");
  await ui.generate.click();
  await expectToast(page, denied);
  await expect(ui.answers).toHaveCount(0);
  await expect(ui.emptyHint).toBeVisible();
  await expect(ui.generate).toBeEnabled();
  await expect(trialQueries(page)).toHaveCount(0);
  await expectCard(page, { left: 0 });
});
