/**
 * A page's Selects mount their items when the writer comes near them, not while the page
 * hydrates (issue 15, decision 015 "Selects mount their items on demand"): a closed Radix Select
 * otherwise renders all its items at once inside hydration's longest task. What the writer sees
 * and can do must not change: the trigger names the choice from the first paint, a letter typed
 * on a closed trigger picks the matching item, and a press opens the list with its items.
 *
 * Radix mirrors a Select's mounted items into a hidden native `<select>` (for forms): its
 * options show whether the items exist yet.
 */
import { activeProjectTexts } from "../../app/messages/project-pages.ts";
import { expect, signUp, test, waitForHydration } from "./fixtures.ts";
import { elementOf, toolBySlug, toolPage } from "./tool-page.ts";

test("a tool page's Selects mount no items while it hydrates, then work by keyboard and by pointer", async ({ page, email }) => {
  await signUp(page, { email });
  await page.goto("/prose");
  await waitForHydration(page);
  const tool = toolPage(page);
  const mirroredItems = page.locator('select[aria-hidden="true"] option:not([value=""])');
  await expect(mirroredItems, "no Select's items were mounted by hydration").toHaveCount(0);

  // Keyboard: focus mounts the items, and a letter on the closed trigger picks its item.
  const characters = elementOf(toolBySlug("prose"), "characters");
  await tool.elementSelect.focus();
  await page.keyboard.press("c");
  await expect(tool.elementSelect).toHaveText(characters.label);
  await expect(tool.form.getByLabel(toolBySlug("prose").fieldLabels.character!, { exact: true })).toBeVisible();
  await expect(page.getByRole("listbox"), "typing on a closed trigger does not open it").toHaveCount(0);

  // Pointer: one press opens the active-project picker with its items.
  const picker = page.getByRole("combobox", { name: activeProjectTexts.label });
  await expect(picker).toHaveText(activeProjectTexts.none);
  await picker.click();
  const list = page.getByRole("listbox");
  await expect(list.getByRole("option", { name: activeProjectTexts.none })).toBeVisible();
  await expect(list.getByRole("option", { name: activeProjectTexts.newProject })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(list).toHaveCount(0);
  await expect(picker).toHaveText(activeProjectTexts.none);
});

test("a letter typed on a trigger before the render its focus asked for still picks the item", async ({ page, email }) => {
  await signUp(page, { email });
  await page.goto("/prose");
  await waitForHydration(page);
  const tool = toolPage(page);
  const characters = elementOf(toolBySlug("prose"), "characters");
  // Focus and the key press in one task, so the render the focus asks for comes after the key:
  // the order a writer's key press meets while the Select still waits to hydrate (React hydrates
  // it for the key, then replays the focus).
  await tool.elementSelect.evaluate((trigger) => {
    trigger.focus();
    trigger.dispatchEvent(new KeyboardEvent("keydown", { key: "c", bubbles: true, cancelable: true }));
  });
  await expect(tool.elementSelect).toHaveText(characters.label);
  await expect(tool.form.getByLabel(toolBySlug("prose").fieldLabels.character!, { exact: true })).toBeVisible();
  await expect(page.getByRole("listbox"), "typing on a closed trigger does not open it").toHaveCount(0);
});
