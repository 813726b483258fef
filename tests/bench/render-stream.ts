/**
 * Browser main-thread cost of rendering a streamed answer: no long task over 50 ms while a
 * 2,000-token Markdown answer streams in, and total cost growing linearly with length (the
 * 2,000-token stream may cost about twice the 1,000-token one, not four times). The 2,000-token
 * answer is measured twice: as a conversation's first answer, and as a follow-up in the thread
 * view, under an earlier answer with its toolbar (copy, word count) in place.
 */
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../../scripts/chromium.ts";
import { configureOpenAI, resetOpenAI } from "../mocks/openai-control.ts";
import { toolTexts } from "../../app/messages/tools.ts";
import type { BenchResult } from "./types.ts";

export const LONG_TASK_BUDGET_MS = 50;
/** Above ~2.6× for twice the tokens the cost is no longer linear. */
const MAX_GROWTH_FOR_DOUBLE = 2.6;

type Run = { tokens: number; taskMs: number; scriptMs: number; longTasks: number[] };

/** Generates a first answer on a fresh tool page. */
async function streamOnce(page: Page, baseUrl: string, tokens: number): Promise<Run> {
  await page.goto(`${baseUrl}/prose?element=world`);
  const generate = page.getByRole("button", { name: "Generate Selected Elements" });
  await generate.waitFor();
  await page.waitForFunction(() => {
    const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("Generate Selected Elements"));
    return button && !button.disabled;
  });
  // The page has finished loading (its lazily loaded renderer included): what is measured is
  // the stream, not the page load.
  await page.waitForLoadState("networkidle");
  return measureAnswer(page, tokens, 0, () => generate.click());
}

/** Sends a follow-up in the conversation on screen: the new answer streams under the thread. */
async function followUpOnce(page: Page, tokens: number): Promise<Run> {
  const answers = await page.locator("article.assistant-message").count();
  await page.getByLabel("Refine or ask a follow-up").fill("Make the markets feel colder");
  return measureAnswer(page, tokens, answers, () => page.getByRole("button", { name: toolTexts.followUpSend }).click());
}

/** Runs `start` and measures the main thread until answer number `answerIndex` has finished. */
async function measureAnswer(page: Page, tokens: number, answerIndex: number, start: () => Promise<void>): Promise<Run> {
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[]; __observing?: boolean };
    w.__longTasks = [];
    if (w.__observing) return;
    w.__observing = true;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: "longtask" });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const metric = async (name: string) => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    return (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  };
  const taskBefore = await metric("TaskDuration");
  const scriptBefore = await metric("ScriptDuration");
  await start();
  await page.locator("article.assistant-message").nth(answerIndex).getByText("Demo response from the local stand-in model").waitFor({ timeout: 120_000 });
  await page.waitForFunction(() => !document.querySelector('article.assistant-message[data-status="streaming"]'));
  await page.waitForTimeout(200);
  const run: Run = {
    tokens,
    taskMs: (await metric("TaskDuration")) - taskBefore,
    scriptMs: (await metric("ScriptDuration")) - scriptBefore,
    longTasks: await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks),
  };
  await cdp.detach();
  return run;
}

export async function measureStreamRendering({
  baseUrl,
  mockUrl,
  cookie,
}: {
  baseUrl: string;
  mockUrl: string;
  cookie: string;
}): Promise<BenchResult[]> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name, value] = cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: baseUrl }]);
    const page = await context.newPage();
    const runs: Run[] = [];
    for (const tokens of [1000, 2000]) {
      await resetOpenAI(mockUrl);
      await configureOpenAI(mockUrl, { tokenDelayMs: 3, responseTokens: tokens });
      runs.push(await streamOnce(page, baseUrl, tokens));
    }
    const inThread = await followUpOnce(page, 2000);
    await resetOpenAI(mockUrl);
    const [thousand, twoThousand] = runs as [Run, Run];
    const longest = Math.max(0, ...twoThousand.longTasks);
    const longestInThread = Math.max(0, ...inThread.longTasks);
    const growth = twoThousand.taskMs / thousand.taskMs;
    return [
      {
        name: "2,000-token stream: longest main-thread task",
        value: `${longest.toFixed(0)} ms (${twoThousand.longTasks.length} tasks over 50 ms)`,
        budget: `≤ ${LONG_TASK_BUDGET_MS} ms`,
        ok: longest <= LONG_TASK_BUDGET_MS,
      },
      {
        name: "2,000-token follow-up in the thread view (toolbar in place): longest main-thread task",
        value: `${longestInThread.toFixed(0)} ms (${inThread.longTasks.length} tasks over 50 ms)`,
        budget: `≤ ${LONG_TASK_BUDGET_MS} ms`,
        ok: longestInThread <= LONG_TASK_BUDGET_MS,
      },
      {
        name: "main-thread time to render a 1,000 / 2,000-token stream",
        value: `${thousand.taskMs.toFixed(0)} ms / ${twoThousand.taskMs.toFixed(0)} ms (script ${thousand.scriptMs.toFixed(0)} / ${twoThousand.scriptMs.toFixed(0)} ms) — ×${growth.toFixed(2)} for twice the tokens`,
        budget: `linear (≤ ×${MAX_GROWTH_FOR_DOUBLE})`,
        ok: growth <= MAX_GROWTH_FOR_DOUBLE,
      },
    ];
  } finally {
    await browser.close();
  }
}
