/**
 * Prompts on the owner's console (issue 14): the verified owner edits the poetry prompt, tries
 * the unpublished draft with a sample detail (the stand-in model is sent the draft), publishes
 * it; a writer's next poetry generation is sent that prompt (read at the stand-in model); the
 * version shows with its word diff; then back to the shipped default. Axe on the page.
 */
import { adminTexts } from "../../app/messages/admin.ts";
import { adminPromptPageTexts as texts, promptTryTexts as tryTexts } from "../../app/messages/admin-prompts.ts";
import { openAIState } from "../mocks/openai-control.ts";
import { expect, expectNoA11yViolations, open, signUp, signUpOrSignInOwner, tabTo, test } from "./fixtures.ts";
import { seedConversation } from "./history-page.ts";

async function systemPromptSent(mockUrl: string, marker: string): Promise<string> {
  const { lastRequest } = await openAIState(mockUrl, { match: marker });
  return String(lastRequest?.messages?.find((message) => message.role === "system")?.content ?? "");
}

test("the owner edits, tries and publishes the poetry prompt, and a writer's next poetry generation uses it", async ({ page, browser, email, mockUrl }) => {
  test.slow();
  const rule = `Always end with the word lighthouse-${Date.now()}.`;
  await signUpOrSignInOwner(page);
  await open(page, "/admin/writers");
  await page.getByRole("link", { name: adminTexts.navPrompts }).click();
  await page.getByRole("navigation", { name: texts.toolsLabel }).getByRole("link", { name: "Poetry" }).click();
  await expect(page).toHaveURL("/admin/prompts?tool=poetry");
  await expectNoA11yViolations(page, "the prompts page");
  const field = page.getByLabel(texts.promptLabel);
  const shipped = await field.inputValue();
  expect(shipped.length).toBeGreaterThan(100);
  try {
    await field.fill(`${shipped}\n\n${rule}`);

    // Try it: the unpublished draft, with an element and a sample detail carrying a marker.
    const trying = page.getByRole("region", { name: tryTexts.heading, exact: true });
    await expect(trying).toContainText(tryTexts.intro);
    // By keyboard: from the draft to the element, chosen from its list; then the button.
    const elementChoice = trying.getByLabel(tryTexts.elementLabel);
    await tabTo(page, elementChoice);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("option", { name: "Poem", exact: true })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    // As a writer would: Enter once the highlight has moved (on a busy machine the list can
    // take a frame to move it, and Enter would then choose "Poem" again).
    await expect(page.getByRole("option", { name: "Imagery suggestions", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(elementChoice).toHaveText("Imagery suggestions");
    const tryMarker = `tried-${Date.now()}`;
    await trying.getByLabel("Premise").fill(`A lighthouse at dusk ${tryMarker}`);
    const run = trying.getByRole("button", { name: tryTexts.run, exact: true });
    await tabTo(page, run);
    await page.keyboard.press("Enter");
    const answer = page.getByRole("region", { name: tryTexts.answerLabel });
    await expect(answer).toContainText("not charged, not saved", { timeout: 30_000 });
    await expect(answer.locator(".markdown")).toContainText(/\w{3}/);
    expect(await systemPromptSent(mockUrl, tryMarker)).toContain(rule);
    await expectNoA11yViolations(page, "the prompts page with a try-it answer");
    // Trying published nothing.
    await expect(page.getByText(texts.shippedBadge, { exact: true }).first()).toBeVisible();

    await page.getByRole("button", { name: texts.publish, exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: texts.published })).toBeVisible();
    await expect(page.getByText(texts.editedBadge, { exact: true })).toBeVisible();
    // The new version, its insertion marked against the shipped text.
    await expect(page.locator("ins").filter({ hasText: "lighthouse" }).first()).toBeVisible();

    const writerContext = await browser.newContext();
    const writer = await writerContext.newPage();
    await signUp(writer, { email });
    const marker = `prompted-${Date.now()}`;
    await seedConversation(writer, { tool: "poetry", element: "imagery", fields: { premise: marker } });
    expect(await systemPromptSent(mockUrl, marker)).toContain(rule);
    await writerContext.close();
  } finally {
    // The prompt is the whole app's: put the shipped one back whatever happened above.
    const backToDefault = page.getByRole("button", { name: texts.backToDefault });
    if (await backToDefault.isEnabled()) {
      await backToDefault.click();
      await expect(page.getByRole("status").filter({ hasText: texts.backToDefaultDone })).toBeVisible();
    }
  }
  await expect(page.getByText(texts.shippedBadge, { exact: true }).first()).toBeVisible();
  await expect(field).toHaveValue(shipped);
});
