/**
 * A page paints before it downloads its scripts (issue 15, decision 015 "Paint first, then the
 * scripts"): on a slow connection the JavaScript no longer shares the line with the styles and
 * fonts the first paint waits for. The check is about order, not speed: the page's stylesheet is
 * held back for a moment, so the page cannot paint until it arrives; every script the page
 * loads must have been asked for after that, and the page must still hydrate and answer.
 * Before this change React Router's modulepreload links fetched every module at once, while
 * the stylesheet was still on its way.
 */
import type { Page } from "@playwright/test";
import { HELD_PRELOAD_REL } from "../../app/lib/held-script-tags.ts";
import { expect, signUp, test, waitForHydration } from "./fixtures.ts";
import { toolPage } from "./tool-page.ts";

/** Long enough that a script fetched alongside the stylesheet plainly starts before it ends. */
const STYLESHEET_HELD_MS = 400;

/** Loads `path` with its main stylesheet held back; returns when the page has hydrated. */
async function loadWithStylesheetHeld(page: Page, path: string) {
  await page.route(/\/assets\/radix-[\w-]+\.css$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, STYLESHEET_HELD_MS));
    await route.continue();
  });
  await page.goto(path);
  await waitForHydration(page);
  await page.unroute(/\/assets\/radix-[\w-]+\.css$/);
}

/** The stylesheet's arrival and the earliest script request, from the page's resource timing. */
async function stylesheetEndAndFirstScript(page: Page) {
  return page.evaluate(() => {
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const stylesheet = resources.find((entry) => /\/assets\/radix-[\w-]+\.css$/.test(entry.name));
    const scripts = resources.filter((entry) => /\.js$/.test(new URL(entry.name).pathname));
    return {
      stylesheetEnd: stylesheet?.responseEnd ?? Number.NaN,
      firstScriptStart: Math.min(...scripts.map((entry) => entry.startTime)),
      scripts: scripts.length,
    };
  });
}

test("the landing page asks for no script until it can paint, then hydrates and answers", async ({ page }) => {
  await loadWithStylesheetHeld(page, "/");
  const timing = await stylesheetEndAndFirstScript(page);
  expect(timing.scripts, "the page's modules were loaded").toBeGreaterThan(5);
  expect(timing.firstScriptStart, "first script requested after the stylesheet arrived").toBeGreaterThan(timing.stylesheetEnd);
  // Hydrated: the trial button opens the welcome dialog instead of following its link.
  await page.getByRole("button", { name: "Start Free 30-Day Trial" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("a signed-in tool page asks for no script until it can paint, then hydrates and answers", async ({ page, email }) => {
  await signUp(page, { email });
  await loadWithStylesheetHeld(page, "/prose");
  const timing = await stylesheetEndAndFirstScript(page);
  expect(timing.scripts, "the page's modules were loaded").toBeGreaterThan(5);
  expect(timing.firstScriptStart, "first script requested after the stylesheet arrived").toBeGreaterThan(timing.stylesheetEnd);
  // Hydrated: the element dropdown (a Radix Select) opens only once the page's scripts run.
  await toolPage(page).elementSelect.click();
  await expect(page.getByRole("listbox")).toBeVisible();
});

test("a page opened in a hidden tab (which paints nothing) starts its scripts at once and hydrates", async ({ page }) => {
  // The starter reads document.visibilityState; the tab itself stays on screen for the test.
  await page.addInitScript(() => Object.defineProperty(document, "visibilityState", { get: () => "hidden" }));
  await page.goto("/");
  await waitForHydration(page);
  const held = await page.evaluate((heldRel) => ({
    preloads: document.querySelectorAll(`link[rel="${heldRel}"]`).length,
    restored: document.querySelectorAll('link[rel="modulepreload"]').length,
  }), HELD_PRELOAD_REL);
  expect(held, "every preload given back").toEqual({ preloads: 0, restored: expect.any(Number) });
  expect(held.restored).toBeGreaterThan(5);
});
