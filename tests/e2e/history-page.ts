/**
 * Helpers for the history pages: locators for the list, its cards and dialogs, seeding
 * conversations quickly through the same API the tool page uses, and reading downloads.
 */
import { readFile } from "node:fs/promises";
import type { APIResponse, Download, Locator, Page } from "@playwright/test";
import { historyTexts } from "../../app/messages/history.ts";
import { expect, toastItems } from "./fixtures.ts";

/** Every test in the history spec runs with this browser locale and time zone (file names, dates). */
export const LOCALE = "en-US";
/** UTC+14: the writer's local date differs from the UTC date for most of the day. */
export const TIME_ZONE = "Pacific/Kiritimati";

/** Locators for everything on a history page. */
export function historyPage(page: Page) {
  const search = page.getByRole("search", { name: historyTexts.searchLabel });
  return {
    /** The page's own title (a tool page's answers have h1 headings too). */
    heading: page.locator(".history-page main h1"),
    back: page.getByRole("link", { name: historyTexts.back, exact: true }),
    dashboard: page.getByRole("link", { name: historyTexts.dashboard, exact: true }),
    search,
    searchBox: search.getByRole("searchbox", { name: historyTexts.searchLabel }),
    searchSubmit: search.getByRole("button", { name: historyTexts.searchSubmit, exact: true }),
    clearSearch: search.getByRole("link", { name: historyTexts.searchClear }),
    grid: page.locator("ul.history-grid"),
    /** One list item per entry, in screen order. */
    cards: page.locator("ul.history-grid > li"),
    loadMore: page.getByRole("button", { name: historyTexts.loadMore }),
    emptyTitle: page.getByText(historyTexts.emptyTitle, { exact: true }),
    emptyHint: page.getByText(historyTexts.emptyHint, { exact: true }),
    signedOut: page.getByText(historyTexts.signedOut, { exact: true }),
    details: page.getByRole("dialog", { name: historyTexts.detailsTitle }),
    renameDialog: page.getByRole("dialog", { name: historyTexts.renameTitle }),
    /** The Starred filter toggle beside the search. */
    starredFilter: search.getByRole("button", { name: historyTexts.starredFilter }),
    confirm: page.getByRole("alertdialog", { name: historyTexts.confirmTitle }),
    menu: page.getByRole("menu"),
  };
}

/** The parts of one card. */
export function historyCard(card: Locator) {
  return {
    /** The spec's label (the element, or the type's label). */
    label: card.locator(".history-label"),
    /** What the conversation is called (decision 012): the card's heading. */
    title: card.getByRole("heading", { level: 2 }),
    /** The star toggle: named 'Star' when off, 'Unstar' when on. */
    star: card.locator('button[data-action="star"]'),
    rename: card.getByRole("button", { name: historyTexts.rename, exact: true }),
    section: card.locator(".history-section"),
    time: card.locator("time"),
    preview: card.locator(".history-preview"),
    badge: card.locator(".rt-Badge"),
    view: card.getByRole("button", { name: historyTexts.view, exact: true }),
    download: card.getByRole("button", { name: historyTexts.download, exact: true }),
    delete: card.getByRole("button", { name: historyTexts.delete, exact: true }),
  };
}

/** A card by the text of its prompt preview (markers make them unique). */
export function cardWith(page: Page, text: string): Locator {
  return historyPage(page).cards.filter({ has: page.locator(".history-preview", { hasText: text }) });
}

export async function entryIdOf(card: Locator): Promise<string> {
  const id = await card.getAttribute("data-entry-id");
  expect(id, "the card carries its entry id").toBeTruthy();
  return id!;
}

/** How a date and time reads on a card and in the details dialog for this test's browser. */
export function localDateTime(iso: string): string {
  return new Date(iso).toLocaleString(LOCALE, { dateStyle: "medium", timeStyle: "short", timeZone: TIME_ZONE });
}

/** The spec's file date: the local date, '/' replaced by '-' (en-US: M-D-YYYY). */
export function localFileDate(iso: string): string {
  return new Date(iso).toLocaleDateString(LOCALE, { timeZone: TIME_ZONE }).replaceAll("/", "-");
}

type GenerateEvent = { type: string; conversationId?: string; message?: string };

async function generateTurn(page: Page, body: Record<string, unknown>): Promise<GenerateEvent[]> {
  const origin = new URL(page.url()).origin;
  // Generation is rate limited per account (30 a minute): only the owner's many seeds in one
  // account (twice at once under --repeat-each) can meet the limit; they wait for the window.
  let response!: APIResponse;
  await expect(async () => {
    response = await page.request.post("/api/generate", { data: body, headers: { Origin: origin } });
    expect(response.status(), "not rate limited").not.toBe(429);
  }).toPass({ intervals: [5_000], timeout: 90_000 });
  const text = await response.text();
  expect(response.status(), `POST /api/generate ${JSON.stringify(body)}: ${text.slice(0, 200)}`).toBe(200);
  const events = text
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as GenerateEvent);
  expect(events.at(-1)?.type, "the turn finished").toBe("done");
  return events;
}

export type Seeded = { conversationId: string };

/**
 * Saves a conversation the way the tool page does (POST /api/generate, each turn read to the
 * end), with the browser's session: an initial generation and then each follow-up in order.
 * The page must be on the app (any page) so its origin is known. With `projectId`, the
 * conversation is that project's.
 */
export async function seedConversation(
  page: Page,
  {
    tool,
    element,
    fields = {},
    followUps = [],
    projectId,
  }: { tool: string; element: string; fields?: Record<string, string>; followUps?: string[]; projectId?: string },
): Promise<Seeded> {
  const events = await generateTurn(page, { kind: "initial", tool, element, fields, ...(projectId ? { projectId } : {}) });
  const conversationId = events.find((event) => event.type === "start")?.conversationId;
  expect(conversationId, "the start event names the conversation").toBeTruthy();
  for (const text of followUps) {
    await generateTurn(page, { kind: "follow-up", tool, conversationId, text });
  }
  return { conversationId: conversationId! };
}

/** Creates a project through the API (POST /api/projects, as the New project dialog does); its id. */
export async function seedProject(page: Page, title: string): Promise<string> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post("/api/projects", { data: { title }, headers: { Origin: origin } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The thread of an entry as its API returns it (the source of the downloads). */
export async function threadOf(page: Page, entryId: string) {
  const response = await page.request.get(`/api/history/${entryId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    id: string;
    queryType: string;
    label: string;
    title: string;
    starred: boolean;
    element: string | null;
    details: Record<string, string>;
    createdAt: string;
    continuePath: string | null;
    turns: { role: "user" | "assistant"; content: string; status: string }[];
  };
}

/** Runs `action`, which must start a download, and returns it with its text. */
export async function downloadOf(page: Page, action: () => Promise<void>): Promise<{ download: Download; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), action()]);
  const file = await download.path();
  expect(await download.failure()).toBeNull();
  return { download, text: await readFile(file, "utf8") };
}

/**
 * Marks the toast on screen (if any) as old, so the next check waits for a new one: a toast
 * with the same text as the current one is still a new toast (the app remounts each one).
 */
export async function markToastsSeen(page: Page) {
  await page.evaluate(() => {
    for (const item of document.querySelectorAll(".toast-viewport > li")) item.setAttribute("data-e2e-seen", "");
  });
}

/** A new toast (not one marked seen) with this title and description; it is the only toast. */
export async function expectNewToast(page: Page, toast: { title: string; description: string }) {
  const fresh = page.locator(".toast-viewport > li:not([data-e2e-seen])");
  await expect(fresh).toHaveCount(1);
  await expect(toastItems(page)).toHaveCount(1);
  await expect(fresh.locator(".toast-title")).toHaveText(toast.title);
  await expect(fresh.locator(".toast-description")).toHaveText(toast.description);
}
