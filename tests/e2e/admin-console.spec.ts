/**
 * The owner's console (issue 14), as the owner and a writer use it: the verified owner opens the
 * console from the dashboard on its overview (figures, chart, the figures per day), finds a writer by e-mail, grants 3 more trial conversations (in a
 * confirm dialog), sees it in the audit log, and the writer's own card shows them. A writer who
 * types /admin lands on the dashboard. Axe on each console page.
 */
import type { Browser } from "@playwright/test";
import { adminTexts, overviewTexts } from "../../app/messages/admin.ts";
import { adminSettingsPageTexts as settingsTexts } from "../../app/messages/admin-prompts.ts";
import { trialTexts } from "../../app/messages/trial.ts";
import { expect, expectNoA11yViolations, open, signUp, signUpOrSignInOwner, test, waitForHydration } from "./fixtures.ts";

async function writerPage(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, { email });
  return page;
}

test("the owner grants a writer 3 more trial conversations, and the writer's card shows them", async ({ page, browser, email }) => {
  test.slow();
  const writer = await writerPage(browser, email);
  await expect(writer.getByTestId("trial-queries")).toContainText(trialTexts.conversationsLeft(5, 5));
  await open(writer, "/admin");
  await expect(writer).toHaveURL("/dashboard");

  await signUpOrSignInOwner(page);
  await page.getByRole("link", { name: adminTexts.menuLink }).click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { level: 1, name: overviewTexts.heading })).toBeVisible();
  await expect(page.getByText(overviewTexts.mrr)).toBeVisible();
  await expect(page.getByRole("img", { name: /Bar chart of the last 30 days/ })).toBeVisible();
  await page.getByText(overviewTexts.tableSummary).click();
  await expect(page.getByRole("columnheader", { name: overviewTexts.tableColumns[2] })).toBeVisible();
  await expectNoA11yViolations(page, "the overview");
  await page.getByRole("link", { name: adminTexts.navWriters }).click();
  await expect(page).toHaveURL("/admin/writers");
  await expectNoA11yViolations(page, "the writers list");
  await page.getByLabel(adminTexts.searchLabel).fill(email);
  await page.getByRole("button", { name: adminTexts.search }).click();
  await page.getByRole("link", { name: email }).click();
  await expect(page.getByRole("heading", { level: 1, name: email })).toBeVisible();
  await expectNoA11yViolations(page, "a writer's page");

  await page.getByRole("button", { name: adminTexts.actions.addConversations }).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByLabel(adminTexts.amountLabel.addConversations).fill("3");
  await expectNoA11yViolations(page, "the confirm dialog");
  await dialog.getByRole("button", { name: adminTexts.confirm }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(adminTexts.facts.conversationsLeft).locator("xpath=../..")).toContainText("8");

  await page.getByRole("link", { name: adminTexts.navAudit }).click();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("add-conversations");
  await expectNoA11yViolations(page, "the audit log");

  await writer.reload();
  await expect(writer.getByTestId("trial-queries")).toContainText(trialTexts.conversationsLeft(8, 8));
});

test("the owner's settings page refuses a wrong value with its reason and saves the model settings", async ({ page }) => {
  await signUpOrSignInOwner(page);
  await open(page, "/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: settingsTexts.heading })).toBeVisible();
  await expectNoA11yViolations(page, "the settings page");
  const temperature = page.getByLabel(settingsTexts.temperature);
  const before = await temperature.inputValue();
  await temperature.fill("3");
  await page.getByRole("button", { name: settingsTexts.saveModel }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Temperature must be a number from 0 to 2." })).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel(settingsTexts.temperature)).toHaveValue(before);
  // Saving the values in force: accepted (and the next generation keeps them).
  await page.getByRole("button", { name: settingsTexts.saveModel }).click();
  await expect(page.getByRole("status").filter({ hasText: settingsTexts.saved })).toBeVisible();
});
