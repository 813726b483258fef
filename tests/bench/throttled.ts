/**
 * What a writer on a slow phone feels (issue 32): each budget page loaded in Chromium under
 * applied throttling — the network and the CPU really slowed through DevTools (150 ms round
 * trip, 1.6 Mbps down, 750 Kbps up, 4× CPU), not a simulation scaled afterwards — in a fresh
 * context each run, on a phone-sized screen. Per page, the medians of `BENCH_THROTTLED_RUNS`
 * runs (default 5) of:
 *   - LCP (≤ 2.5 s): the largest contentful paint the page reports;
 *   - hydrated (≤ 3.0 s): when the app's own mark appears (`<html data-hydrated>`, set by the
 *     root once React has hydrated the page: app/lib/hydrated-mark.ts);
 *   - TBT (≤ 200 ms): the long tasks' time over 50 ms each, from the first paint until the page
 *     has been hydrated and quiet for a second;
 *   - CLS (0): the layout shifts not caused by input.
 * And, side by side in the same run, each page's LCP against the same page's HTML and CSS served
 * as a static file with its scripts taken out (≤ 1.25×): the most that markup can do, so the
 * ratio says what the app's own code adds to the first paint.
 */
import http from "node:http";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../../scripts/chromium.ts";
import { BUDGET_PAGES, pageHeaders, type BenchPage } from "./pages.ts";
import { median, type BenchResult } from "./types.ts";

export const THROTTLED_BUDGETS = { lcpMs: 2_500, hydratedMs: 3_000, tbtMs: 200, staticRatio: 1.25 } as const;
/** DevTools' numbers for a slow 4G phone (Lighthouse's mobile preset, applied instead of simulated). */
export const THROTTLING = { latencyMs: 150, downloadKbps: 1.6 * 1024, uploadKbps: 750, cpuSlowdown: 4 } as const;
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75 } as const;
const QUIET_MS = 1_000;
const PAGE_TIMEOUT_MS = 30_000;

type Run = { lcpMs: number; hydratedMs: number | null; tbtMs: number; cls: number };

/** Watches the page from its first byte: LCP, layout shifts, long tasks and the hydrated mark. */
function observe() {
  const state = { lcp: 0, cls: 0, fcp: 0, longTasks: [] as { start: number; duration: number }[], hydrated: null as number | null, lastLongTaskEnd: 0 };
  (window as unknown as { __bench: typeof state }).__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) state.cls += entry.value;
    }
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.longTasks.push({ start: entry.startTime, duration: entry.duration });
      state.lastLongTaskEnd = Math.max(state.lastLongTaskEnd, entry.startTime + entry.duration);
    }
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") state.fcp = entry.startTime;
  }).observe({ type: "paint", buffered: true });
  const mark = () => {
    if (state.hydrated === null && document.documentElement.hasAttribute("data-hydrated")) state.hydrated = performance.now();
  };
  new MutationObserver(mark).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
}

async function throttle(context: BrowserContext) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: THROTTLING.latencyMs,
    downloadThroughput: (THROTTLING.downloadKbps * 1024) / 8,
    uploadThroughput: (THROTTLING.uploadKbps * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLING.cpuSlowdown });
  return page;
}

/** One throttled load of `url` in a fresh context: its figures once it is hydrated (if it ever is) and quiet. */
async function loadOnce(browser: Browser, url: string, headers: Record<string, string>, { hydrates }: { hydrates: boolean }): Promise<Run> {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: PHONE.deviceScaleFactor, isMobile: true, hasTouch: true, extraHTTPHeaders: headers });
  try {
    await context.addInitScript(observe);
    const page = await throttle(context);
    await page.goto(url, { waitUntil: "load", timeout: PAGE_TIMEOUT_MS });
    const started = Date.now();
    for (;;) {
      const state = await page.evaluate(() => (window as unknown as { __bench: { hydrated: number | null; lastLongTaskEnd: number } }).__bench);
      const now = await page.evaluate(() => performance.now());
      const settled = (!hydrates || state.hydrated !== null) && now - Math.max(state.lastLongTaskEnd, state.hydrated ?? 0) > QUIET_MS;
      if (settled || Date.now() - started > PAGE_TIMEOUT_MS) break;
      await page.waitForTimeout(200);
    }
    return await page.evaluate(() => {
      const state = (window as unknown as { __bench: { lcp: number; cls: number; fcp: number; hydrated: number | null; longTasks: { start: number; duration: number }[] } }).__bench;
      const tbtMs = state.longTasks.filter((task) => task.start >= state.fcp).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
      return { lcpMs: state.lcp, hydratedMs: state.hydrated, tbtMs, cls: state.cls };
    });
  } finally {
    await context.close();
  }
}

/**
 * Serves each page's HTML as the app sent it, with its scripts and module preloads taken out,
 * and hands every other request (CSS, fonts, images) to the app: the same markup and styles,
 * nothing that runs.
 */
async function startStaticCopies(baseUrl: string, cookie: string): Promise<{ url: string; close: () => Promise<void> }> {
  const copies = new Map<string, string>();
  for (const page of BUDGET_PAGES) {
    const html = await (await fetch(`${baseUrl}${page.path}`, { headers: pageHeaders(page, cookie) })).text();
    copies.set(
      page.path,
      html
        .replace(/<script\b[\s\S]*?<\/script>/gi, "")
        .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, ""),
    );
  }
  const upstream = new URL(baseUrl);
  const server = http.createServer((request, response) => {
    const path = request.url ?? "/";
    const copy = copies.get(path);
    if (copy) {
      // Compressed, as the app's own pages are.
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "gzip", "Cache-Control": "no-store" });
      response.end(gzipSync(copy));
      return;
    }
    // Everything else exactly as the app sends it, compression and caching included.
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path, method: request.method, headers: { ...request.headers, host: upstream.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on("error", () => response.destroy());
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export function throttledRuns(): number {
  const runs = Number(process.env.BENCH_THROTTLED_RUNS ?? "5");
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`BENCH_THROTTLED_RUNS must be a positive integer (got ${process.env.BENCH_THROTTLED_RUNS})`);
  return runs;
}

function summarize(page: BenchPage, runs: Run[], staticRuns: Run[]): BenchResult[] {
  const of = (list: Run[], pick: (run: Run) => number) => median(list.map(pick));
  const lcp = of(runs, (run) => run.lcpMs);
  const hydrated = runs.some((run) => run.hydratedMs === null) ? null : of(runs, (run) => run.hydratedMs!);
  const tbt = of(runs, (run) => run.tbtMs);
  const cls = of(runs, (run) => run.cls);
  const staticLcp = of(staticRuns, (run) => run.lcpMs);
  const ratio = lcp / staticLcp;
  const label = `throttled ${page.path}`;
  const n = `median of ${runs.length}`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const { lcpMs, hydratedMs, tbtMs, staticRatio } = THROTTLED_BUDGETS;
  return [
    { name: `${label}: LCP (${n})`, value: `${seconds(lcp)} (runs ${runs.map((run) => seconds(run.lcpMs)).join(", ")})`, budget: `≤ ${seconds(lcpMs)}`, ok: lcp <= lcpMs },
    { name: `${label}: hydrated (${n})`, value: hydrated === null ? "never" : seconds(hydrated), budget: `≤ ${seconds(hydratedMs)}`, ok: hydrated !== null && hydrated <= hydratedMs },
    { name: `${label}: total blocking time (${n})`, value: `${Math.round(tbt)} ms`, budget: `≤ ${tbtMs} ms`, ok: tbt <= tbtMs },
    { name: `${label}: CLS (${n})`, value: cls.toFixed(3), budget: "0", ok: cls < 0.0005 },
    {
      name: `${label}: LCP against the same HTML and CSS without scripts (${n})`,
      value: `${ratio.toFixed(2)}× (${seconds(lcp)} / ${seconds(staticLcp)})`,
      budget: `≤ ${staticRatio}×`,
      ok: ratio <= staticRatio,
    },
  ];
}

export async function measureThrottled({ baseUrl, cookie }: { baseUrl: string; cookie: string }): Promise<BenchResult[]> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const copies = await startStaticCopies(baseUrl, cookie);
  const results: BenchResult[] = [];
  try {
    const runs = throttledRuns();
    for (const page of BUDGET_PAGES) {
      const headers = pageHeaders(page, cookie);
      const app: Run[] = [];
      const copy: Run[] = [];
      // Interleaved, so a moment of load on the machine falls on both alike.
      for (let n = 0; n < runs; n += 1) {
        app.push(await loadOnce(browser, `${baseUrl}${page.path}`, headers, { hydrates: true }));
        copy.push(await loadOnce(browser, `${copies.url}${page.path}`, {}, { hydrates: false }));
      }
      results.push(...summarize(page, app, copy));
    }
  } finally {
    await copies.close();
    await browser.close();
  }
  return results;
}
