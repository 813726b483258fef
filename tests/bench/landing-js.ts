/**
 * Client JavaScript the landing page makes a visitor download, gzipped (budget: 150 KB).
 * Loads `/` in Chromium, waits for hydration and idle network, and gzips every script the
 * browser fetched — so lazily loaded chunks count too.
 */
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../../scripts/chromium.ts";
import type { BenchResult } from "./types.ts";

export const LANDING_JS_BUDGET_KB = 150;

export async function measureLandingJs(baseUrl: string): Promise<BenchResult> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, Buffer>();
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      try {
        scripts.set(response.url(), await response.body());
      } catch {
        // navigation raced the body read; the script is counted when re-requested
      }
    });
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    // Opening the trial dialog is the landing page's main interaction: count what it loads.
    await page.getByRole("button", { name: "Start Free 30-Day Trial" }).click();
    await page.getByRole("dialog").waitFor();
    await page.waitForLoadState("networkidle");
    let raw = 0;
    let gzipped = 0;
    for (const body of scripts.values()) {
      raw += body.length;
      gzipped += gzipSync(body, { level: 9 }).length;
    }
    const kb = gzipped / 1024;
    return {
      name: "landing page client JS (gzip)",
      value: `${kb.toFixed(1)} KB gzipped (${(raw / 1024).toFixed(1)} KB raw, ${scripts.size} files)`,
      budget: `≤ ${LANDING_JS_BUDGET_KB} KB`,
      ok: kb <= LANDING_JS_BUDGET_KB,
    };
  } finally {
    await browser.close();
  }
}
