/**
 * Nothing moves once a page has painted (issue 15: CLS 0), on a phone whose processor is four
 * times slower (Lighthouse's mobile setting): the browser's own layout-shift entries, from the
 * first paint until the page has hydrated and its fonts are in. The shifts this catches were
 * real: a Radix Select whose text arrived with hydration (the header's project picker), a
 * finished list that React streamed behind 'Loading history...', and a header painted half
 * parsed.
 *
 * The pages load in a browser of their own that paints as soon as a page is ready: the suite's
 * headless Chromium holds a loading page's frames back by up to a second or two (the Lighthouse
 * bench's PAINT_FLAGS say why), by which time a page has hydrated and nothing is seen to move.
 */
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../../scripts/chromium.ts";
import { PAINT_FLAGS } from "../bench/lighthouse.ts";
import { expect, open, signUp, test, waitForHydration } from "./fixtures.ts";
import { seedConversation } from "./history-page.ts";

const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, hasTouch: true, isMobile: true };
const CPU_SLOWDOWN = 4;

type Shift = { value: number; sources: string[] };

/** Loads `path` with the CPU slowed down and returns every layout shift the page recorded. */
async function shiftsWhileLoading(page: Page, path: string): Promise<Shift[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  try {
    await page.goto(path);
    await waitForHydration(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // Two frames after the fonts, so a shift they cause is recorded too.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // Layout-shift entries are only reachable through an observer (buffered: from the start).
    return await page.evaluate(
      () =>
        new Promise<Shift[]>((resolve) => {
          type Entry = { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
          const describe = (node: Node | null | undefined) => (node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName));
          new PerformanceObserver((list, observer) => {
            observer.disconnect();
            const entries = list.getEntries() as unknown as Entry[];
            resolve(entries.filter((entry) => !entry.hadRecentInput).map((entry) => ({ value: entry.value, sources: entry.sources.map((source) => describe(source.node)) })));
          }).observe({ type: "layout-shift", buffered: true });
          // No entry at all: the observer is never called.
          setTimeout(() => resolve([]), 500);
        }),
    );
  } finally {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await cdp.detach();
  }
}

let painting: Browser;
test.beforeAll(async () => {
  painting = await chromium.launch({ executablePath: findChromium(), args: [...CHROMIUM_ARGS, ...PAINT_FLAGS] });
});
test.afterAll(async () => {
  await painting.close();
});

/** A phone in the promptly painting browser, signed in as `from`'s writer when given. */
async function phone(baseURL: string, from?: BrowserContext): Promise<BrowserContext> {
  return painting.newContext({ ...PHONE, baseURL, storageState: from ? await from.storageState() : undefined });
}

test("the landing and sign-up pages do not move while they load", async ({ baseURL }) => {
  const context = await phone(baseURL!);
  try {
    const page = await context.newPage();
    for (const path of ["/", "/signup"]) expect(await shiftsWhileLoading(page, path), path).toEqual([]);
  } finally {
    await context.close();
  }
});

test("the dashboard, a tool page and a history page do not move while they load", async ({ page, email, baseURL }) => {
  test.setTimeout(90_000);
  await signUp(page, { email });
  await seedConversation(page, { tool: "prose", element: "world", fields: { genre: "noir" } });
  await open(page, "/dashboard");
  const context = await phone(baseURL!, page.context());
  try {
    const writer = await context.newPage();
    for (const path of ["/dashboard", "/prose", "/prose/history", "/history/search?q=noir"]) {
      expect(await shiftsWhileLoading(writer, path), path).toEqual([]);
    }
  } finally {
    await context.close();
  }
});
