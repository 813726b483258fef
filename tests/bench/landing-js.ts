/**
 * Client JavaScript the landing page makes a visitor download, gzipped (budget: 130 KB on first
 * load, issue 15: "the sign-in dialog and toasts load when needed"). Loads `/` in Chromium,
 * waits for hydration and idle network, and gzips every script the browser fetched. Then it
 * opens the trial dialog, the page's main interaction, and prints what that adds beside it.
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
    const firstLoad = scripts.totals();
    await page.getByRole("button", { name: "Start Free 30-Day Trial" }).click();
    await page.getByRole("dialog").waitFor();
    await page.waitForLoadState("networkidle");
    const withDialog = scripts.totals();
    return {
      name: "landing page client JS on first load (gzip)",
      value: `${describeTotals(firstLoad)}; ${withDialog.gzippedKb.toFixed(1)} KB once the trial dialog is open`,
      budget: `≤ ${LANDING_JS_BUDGET_KB} KB`,
      ok: firstLoad.gzippedKb <= LANDING_JS_BUDGET_KB,
    };
  } finally {
    await browser.close();
  }
}
