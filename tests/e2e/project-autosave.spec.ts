/**
 * Nothing typed into the bible is lost when a save fails (issue 13): the field keeps the text and
 * says so, retries on its own and with Retry, and a link away asks before leaving unsaved text.
 * The server's failure is made at the browser's network edge (the request never reaches it).
 */
import { bibleTexts } from "../../app/messages/projects.ts";
import { autosaveTexts } from "../../app/messages/project-pages.ts";
import { expect, open, signUp, test } from "./fixtures.ts";
import { autosaved, createProject } from "./project-page.ts";

test("a failed save keeps the text, says so, and saves it once the server answers again", async ({ page, email }) => {
  await signUp(page, { email });
  await createProject(page, "Salt Roads");
  const projectUrl = page.url();
  const synopsis = autosaved(page, bibleTexts.sections.synopsis);

  // The server refuses every change for now.
  let failing = true;
  let refused = 0;
  await page.route("**/api/projects/*", (route) => {
    if (route.request().method() !== "PATCH" || !failing) return route.fallback();
    refused += 1;
    return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "The server is busy.", title: "Busy" }) });
  });
  const text = "A salt trader walks the old roads to find her brother.";
  await synopsis.field.fill(text);
  await expect(synopsis.status).toContainText("Couldn't save — retrying");
  await expect(synopsis.field).toHaveValue(text);
  expect(refused).toBeGreaterThan(0);

  // A link inside the app asks before the unsaved text is left behind; the writer stays.
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  const leave = page.getByRole("alertdialog", { name: autosaveTexts.leaveTitle });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: autosaveTexts.stay }).click();
  await expect(page).toHaveURL(projectUrl);
  await expect(synopsis.field).toHaveValue(text);

  // The server is back: Retry saves, and the text is there after a reload.
  failing = false;
  await page.locator(".autosave-field").filter({ has: synopsis.field }).getByRole("button", { name: autosaveTexts.retry }).click();
  await expect(synopsis.status).toHaveText(autosaveTexts.saved);
  await open(page, projectUrl);
  await expect(autosaved(page, bibleTexts.sections.synopsis).field).toHaveValue(text);
});
