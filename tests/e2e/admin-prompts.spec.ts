/**
 * Prompts on the owner's console (issue 14): the verified owner edits the poetry prompt and
 * publishes it; a writer's next poetry generation is sent that prompt (read at the stand-in
 * model); the version shows with its word diff; then back to the shipped default. Axe on the page.
 */
import { adminTexts } from "../../app/messages/admin.ts";
import { adminPromptPageTexts as texts } from "../../app/messages/admin-prompts.ts";
import { openAIState } from "../mocks/openai-control.ts";
import { expect, expectNoA11yViolations, open, signUp, signUpOrSignInOwner, test } from "./fixtures.ts";
import { seedConversation } from "./history-page.ts";

async function systemPromptSent(mockUrl: string, marker: string): Promise<string> {
  const { lastRequest } = await openAIState(mockUrl, { match: marker });
  return String(lastRequest?.messages?.find((message) => message.role === "system")?.content ?? "");
}

test("the owner edits and publishes the poetry prompt, and a writer's next poetry generation uses it", async ({ page, browser, email, mockUrl }) => {
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
