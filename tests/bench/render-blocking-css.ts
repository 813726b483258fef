/**
 * Render-blocking CSS per budget page, gzipped (budget: 30 KB, issue 15). Reads the HTML the
 * server sends for the page (signed in where the page needs it) and counts what the browser must
 * have before its first paint: every `<link rel="stylesheet">` that applies to the screen (not
 * `media="print"` or another non-screen medium, not disabled; a `rel="preload"` link does not
 * block) and every inline `<style>`. Each stylesheet is fetched and gzipped at level 9, as the
 * client-JS budgets measure scripts. (`<noscript>` blocks and comments are skipped: with scripts
 * on, a browser does not parse them as elements.)
 */
import { gzipSync } from "node:zlib";
import { BUDGET_PAGES, pageHeaders } from "./pages.ts";
import type { BenchResult } from "./types.ts";

export const RENDER_BLOCKING_CSS_BUDGET_KB = 30;

/** The attributes of an HTML start tag, names lower-cased, entity `&amp;` decoded. */
function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    found.set(match[1]!.toLowerCase(), (match[2] ?? match[3] ?? match[4] ?? "").replaceAll("&amp;", "&"));
  }
  return found;
}

/** Whether a media list can apply to a screen: absent, `all`, `screen`, or a query with neither `print` nor `not all`. */
function appliesToScreen(media: string | undefined): boolean {
  if (media === undefined || media.trim() === "") return true;
  return media
    .split(",")
    .map((query) => query.trim().toLowerCase())
    .some((query) => !/^(only\s+)?(print|speech)\b/.test(query) && query !== "not all");
}

/** `html` without its `<noscript>` blocks (not parsed as elements when scripts run) and comments. */
const parsedMarkup = (html: string) => html.replace(/<!--[\s\S]*?-->/g, "").replace(/<noscript\b[\s\S]*?<\/noscript>/gi, "");

/** The URLs of the stylesheets in `html` that block rendering. */
export function blockingStylesheets(html: string, pageUrl: string): string[] {
  const urls: string[] = [];
  for (const [tag] of parsedMarkup(html).matchAll(/<link\b[^>]*>/gi)) {
    const attrs = attributes(tag.slice("<link".length));
    const rel = (attrs.get("rel") ?? "").toLowerCase().split(/\s+/);
    if (!rel.includes("stylesheet") || rel.includes("alternate") || attrs.has("disabled")) continue;
    if (!appliesToScreen(attrs.get("media"))) continue;
    const href = attrs.get("href");
    if (href) urls.push(new URL(href, pageUrl).href);
  }
  return urls;
}

/** The text of every inline `<style>` element in `html`. */
export const inlineStyles = (html: string): string[] =>
  [...parsedMarkup(html).matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]!);

const gzippedKb = (text: string | Buffer) => gzipSync(text, { level: 9 }).length / 1024;

export async function measureRenderBlockingCss({ baseUrl, cookie }: { baseUrl: string; cookie: string }): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const page of BUDGET_PAGES) {
    const pageUrl = `${baseUrl}${page.path}`;
    const response = await fetch(pageUrl, { headers: pageHeaders(page, cookie), redirect: "manual" });
    const html = await response.text();
    if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}, expected 200`);
    const parts: string[] = [];
    let total = 0;
    for (const url of blockingStylesheets(html, pageUrl)) {
      const sheet = await fetch(url);
      if (!sheet.ok) throw new Error(`${url} (linked from ${page.path}) answered ${sheet.status}`);
      const kb = gzippedKb(Buffer.from(await sheet.arrayBuffer()));
      total += kb;
      parts.push(`${new URL(url).pathname.split("/").pop()} ${kb.toFixed(1)}`);
    }
    const inline = inlineStyles(html).join("\n");
    if (inline.trim()) {
      const kb = gzippedKb(inline);
      total += kb;
      parts.push(`inline <style> ${kb.toFixed(1)}`);
    }
    results.push({
      name: `render-blocking CSS on ${page.path} (gzip)`,
      value: `${total.toFixed(1)} KB${parts.length ? ` (${parts.join(", ")})` : ""}`,
      budget: `≤ ${RENDER_BLOCKING_CSS_BUDGET_KB} KB`,
      ok: total <= RENDER_BLOCKING_CSS_BUDGET_KB,
    });
  }
  return results;
}
