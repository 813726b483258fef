/**
 * Client JavaScript the landing page makes a visitor download, gzipped (budget: 130 KB, issue 15).
 * Loads `/` in Chromium, waits for hydration and idle network, and gzips every script the
 * browser fetched — so lazily loaded chunks count too.
 */
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../../scripts/chromium.ts";
import { describeTotals, recordScripts } from "./scripts-loaded.ts";
import type { BenchResult } from "./types.ts";

export const LANDING_JS_BUDGET_KB = 130;

export async function measureLandingJs(baseUrl: string): Promise<BenchResult> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts = recordScripts(page);
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    // Opening the trial dialog is the landing page's main interaction: count what it loads.
    await page.getByRole("button", { name: "Start Free 30-Day Trial" }).click();
    await page.getByRole("dialog").waitFor();
    await page.waitForLoadState("networkidle");
    const totals = scripts.totals();
    return {
      name: "landing page client JS (gzip)",
      value: describeTotals(totals),
      budget: `≤ ${LANDING_JS_BUDGET_KB} KB`,
      ok: totals.gzippedKb <= LANDING_JS_BUDGET_KB,
    };
  } finally {
    await browser.close();
  }
}
