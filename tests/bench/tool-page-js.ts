/**
 * Client JavaScript a signed-in writer downloads when a tool page first loads, gzipped (budget:
 * 230 KB, issue 12), and proof that the code for diffs and Word documents is not part of it:
 * those load only when the writer compares, reviews tracked changes or downloads a .docx.
 */
import { chromium } from "@playwright/test";
import { HYDRATED_ATTRIBUTE } from "../../app/lib/hydrated-mark.ts";
import { CHROMIUM_ARGS, findChromium } from "../../scripts/chromium.ts";
import { describeTotals, recordScripts } from "./scripts-loaded.ts";
import type { BenchResult } from "./types.ts";

export const TOOL_PAGE_JS_BUDGET_KB = 230;
/** Chunks that must wait until used (their file names come from the modules: app/components/revisions, app/exports). */
const LOADED_WHEN_USED = /\/(word-diff|markdown-to-docx|markdown-to-fountain)-[^/]*\.js$/;

export async function measureToolPageJs({ baseUrl, cookie }: { baseUrl: string; cookie: string }): Promise<BenchResult[]> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name, value] = cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: baseUrl }]);
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${baseUrl}/prose`, { waitUntil: "networkidle" });
    // The app's own mark that the page has hydrated.
    await page.locator(`html[${HYDRATED_ATTRIBUTE}]`).waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
    const totals = scripts.totals();
    const early = totals.files.filter((file) => LOADED_WHEN_USED.test(file));
    return [
      {
        name: "tool page client JS on first load (gzip)",
        value: describeTotals(totals),
        budget: `≤ ${TOOL_PAGE_JS_BUDGET_KB} KB`,
        ok: totals.gzippedKb <= TOOL_PAGE_JS_BUDGET_KB,
      },
      {
        name: "tool page: diff and .docx code not in the first load",
        value: early.length === 0 ? "none of word-diff, markdown-to-docx, markdown-to-fountain loaded" : `loaded early: ${early.join(", ")}`,
        budget: "none",
        ok: early.length === 0,
      },
    ];
  } finally {
    await browser.close();
  }
}
