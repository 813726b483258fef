/**
 * Every script a page makes the browser download, kept by URL, and their gzipped size — so
 * lazily loaded chunks count too. Shared by the client-JS budgets.
 */
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";

export type ScriptTotals = { gzippedKb: number; rawKb: number; files: string[] };

/** Starts recording the scripts `page` fetches; call `totals()` when the page has settled. */
export function recordScripts(page: Page) {
  const scripts = new Map<string, Buffer>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    try {
      scripts.set(response.url(), await response.body());
    } catch {
      // navigation raced the body read; the script is counted when re-requested
    }
  });
  return {
    totals(): ScriptTotals {
      let raw = 0;
      let gzipped = 0;
      for (const body of scripts.values()) {
        raw += body.length;
        gzipped += gzipSync(body, { level: 9 }).length;
      }
      return { gzippedKb: gzipped / 1024, rawKb: raw / 1024, files: [...scripts.keys()].map((url) => new URL(url).pathname) };
    },
  };
}

export const describeTotals = ({ gzippedKb, rawKb, files }: ScriptTotals) =>
  `${gzippedKb.toFixed(1)} KB gzipped (${rawKb.toFixed(1)} KB raw, ${files.length} files)`;
