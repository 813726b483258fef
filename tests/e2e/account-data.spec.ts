/**
 * A writer's own data (issue 14), the way a writer does it: Account from the dashboard, download
 * all their data (the .zip opened: their conversation is in it), then delete the account with
 * their password — back on `/`, told so, and the old password no longer signs in. Axe on /account.
 */
import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import { accountDeleteTexts, accountPageTexts } from "../../app/messages/account-data.ts";
import { expect, expectNoA11yViolations, expectToast, open, signUp, submitSignIn, test, welcomeDialog } from "./fixtures.ts";
import { seedConversation } from "./history-page.ts";

test("a writer downloads all their data, then deletes their account", async ({ page, email }) => {
  test.slow();
  const account = await signUp(page, { email });
  const marker = `lighthouse-${Date.now()}`;
  await seedConversation(page, { tool: "poetry", element: "imagery", fields: { premise: marker } });

  await open(page, "/dashboard");
  await page.getByRole("link", { name: accountPageTexts.menuLink }).click();
  await expect(page).toHaveURL("/account");
  await expect(page.getByRole("heading", { level: 1, name: accountPageTexts.heading })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, "the account page");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: accountPageTexts.download }).click()]);
  expect(await download.failure()).toBeNull();
  expect(download.suggestedFilename()).toMatch(/^the-write-stuff-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  const paths = Object.keys(files);
  expect(paths).toContain("account.json");
  const poem = paths.find((path) => /^conversations\/poetry\/.+\.md$/.test(path));
  expect(poem, "the conversation is in the zip").toBeDefined();
  expect(strFromU8(files[poem!]!)).toContain(marker);
  expect(JSON.parse(strFromU8(files["account.json"]!))).toMatchObject({ email, conversations: 1 });

  // A wrong password deletes nothing and says so; the right one deletes and signs out.
  await page.getByRole("button", { name: accountPageTexts.deleteButton }).click();
  const dialog = page.getByRole("alertdialog", { name: accountPageTexts.deleteDialogTitle });
  await dialog.getByLabel(accountPageTexts.passwordLabel).fill("not my password");
  await dialog.getByRole("button", { name: accountPageTexts.confirmDelete }).click();
  await expect(dialog.getByRole("alert")).toHaveText(accountDeleteTexts.wrongPassword);
  await expectNoA11yViolations(page, "the delete dialog with its error");
  await dialog.getByLabel(accountPageTexts.passwordLabel).fill(account.password);
  await dialog.getByRole("button", { name: accountPageTexts.confirmDelete }).click();
  await expect(page).toHaveURL("/");
  await expectToast(page, accountDeleteTexts.deleted);

  await submitSignIn(page, account);
  await expect(welcomeDialog(page).getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL("/");
});
