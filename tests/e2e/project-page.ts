/**
 * The project pages as a writer uses them (issue 13): create a project from /projects, type into
 * an autosaved section and wait for "Saved". Shared by the projects specs.
 */
import type { Page } from "@playwright/test";
import { activeProjectTexts, autosaveTexts, projectPageTexts } from "../../app/messages/project-pages.ts";
import { expect, open } from "./fixtures.ts";

/** Creates a project from /projects and waits for its page. */
export async function createProject(page: Page, title: string) {
  await open(page, "/projects");
  await page.getByRole("button", { name: projectPageTexts.newProject }).click();
  const dialog = page.getByRole("dialog", { name: projectPageTexts.newProjectTitle });
  await dialog.getByLabel(projectPageTexts.titleLabel).fill(title);
  await dialog.getByRole("button", { name: projectPageTexts.create }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

/** An autosaved field of the project page and the status line under it. */
export function autosaved(page: Page, label: string) {
  const field = page.getByLabel(label, { exact: true });
  return { field, status: page.locator(".autosave-field").filter({ has: field }).getByRole("status") };
}

/** Types into an autosaved section and waits until it says it is saved. */
export async function fillSection(page: Page, label: string, text: string) {
  const { field, status } = autosaved(page, label);
  await field.fill(text);
  await expect(status).toHaveText(autosaveTexts.saved);
}

/** Adds an entry from the project page's form and waits until its description is saved. */
export async function addEntry(page: Page, kind: string, name: string, description: string) {
  const form = page.getByRole("form", { name: projectPageTexts.addEntry });
  await form.getByRole("combobox", { name: projectPageTexts.entryKind }).click();
  await page.getByRole("option", { name: kind, exact: true }).click();
  await form.getByLabel(projectPageTexts.entryName).fill(name);
  await form.getByRole("button", { name: projectPageTexts.addEntry }).click();
  const entry = page.getByRole("region", { name, exact: true });
  await expect(entry).toBeVisible();
  await entry.getByLabel(projectPageTexts.entryDescription).fill(description);
  await expect(entry.getByRole("status")).toHaveText(autosaveTexts.saved);
}

/** Picks the active project in the header picker (tool pages, dashboard). */
export async function chooseActiveProject(page: Page, title: string) {
  await page.getByRole("combobox", { name: activeProjectTexts.label }).click();
  await page.getByRole("option", { name: title, exact: true }).click();
  await expect(page.getByRole("combobox", { name: activeProjectTexts.label })).toHaveText(title);
}
