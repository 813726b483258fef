/**
 * History that finds things (issue 12, decision 012) through HTTP against the built Worker:
 * titles derived from the element and the filled details (or the answer's first heading) and
 * the writer's rename, on the page, in the API and in the thread; PATCH /api/history/:id
 * (validation, ownership, cross-site refusal); the Starred filter with its cursor; the search
 * of all six sections (API and the dashboard's results page); and 'Continue in tool' giving the
 * form back the element and the details that were filled.
 */
import { describe, expect, it } from "vitest";
import type { HistoryEntryState, HistoryPage, HistoryThread } from "../../app/history/types";
import { signUp, type SignedUpUser } from "./support/accounts";
import { Browser, ORIGIN } from "./support/browser";
import { seedEntry, storedEntry } from "./support/history-seed";
import { routerData, titleOf, visibleText } from "./support/html";

const NOT_FOUND = "This history entry was not found. It may have been deleted.";
const TOO_LONG = "A title can be at most 120 characters.";
const INVALID = "Send a title (up to 120 characters) and/or starred (true or false), and nothing else.";

function getJson(browser: Browser, path: string) {
  return browser.request(path, { method: "GET", headers: { Accept: "application/json" } });
}

async function apiPage(browser: Browser, params: Record<string, string>): Promise<HistoryPage> {
  const response = await getJson(browser, `/api/history?${new URLSearchParams(params)}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as HistoryPage;
}

async function apiThread(browser: Browser, id: string): Promise<HistoryThread> {
  const response = await getJson(browser, `/api/history/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as HistoryThread;
}

function patch(browser: Browser, id: string, body: string, headers: Record<string, string> = {}) {
  return browser.request(`/api/history/${encodeURIComponent(id)}`, {
    method: "PATCH",
    headers: { Origin: ORIGIN, "Content-Type": "application/json", Accept: "application/json", ...headers },
    body,
  });
}

async function patchOk(browser: Browser, id: string, changes: object): Promise<HistoryEntryState> {
  const response = await patch(browser, id, JSON.stringify(changes));
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return (await response.json()) as HistoryEntryState;
}

async function expectError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ error, title: "Error" });
}

async function html(browser: Browser, path: string): Promise<string> {
  const response = await browser.get(path);
  expect(response.status, `${path}: ${response.headers.get("Location") ?? ""}`).toBe(200);
  return response.text();
}

function listedIds(page: string): string[] {
  return [...page.matchAll(/data-entry-id="([^"]+)"/g)].map((match) => match[1]!);
}

function uniqueWord(prefix = "zq"): string {
  const letters = "bcdfghjkmnpqrtvwxz";
  let word = prefix;
  for (let i = 0; i < 10; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

describe("titles", () => {
  it("element · first filled detail, or the answer's first heading, or the label; the rename wins — list, page and thread agree", async () => {
    const writer = await signUp();
    const detailed = await seedEntry(writer.userId, {
      queryType: "prose",
      element: "outline",
      details: JSON.stringify({ tone: "wry", genre: "literary thriller" }),
      answer: "# Ignored heading",
    });
    const headed = await seedEntry(writer.userId, { queryType: "prose", element: "world", answer: "Intro.\n\n## The *Salt* Road\n\nMore." });
    const plain = await seedEntry(writer.userId, { queryType: "world_building", answer: "No heading." });
    const renamed = await seedEntry(writer.userId, { queryType: "prose", element: "style", details: '{"genre":"noir"}', title: "My noir notes" });

    const page = await apiPage(writer.browser, { section: "prose" });
    expect(page.entries.map(({ id, label, title, renamed: own }) => ({ id, label, title, renamed: own }))).toEqual([
      { id: renamed.id, label: "Style guidance", title: "My noir notes", renamed: true },
      { id: plain.id, label: "World Building", title: "World Building", renamed: false },
      { id: headed.id, label: "World description", title: "World description · The Salt Road", renamed: false },
      { id: detailed.id, label: "Story outline", title: "Story outline · literary thriller", renamed: false },
    ]);
    const text = visibleText(await html(writer.browser, "/prose/history"));
    for (const entry of page.entries) {
      expect(text).toContain(entry.title);
      expect(text).toContain(entry.label);
    }
    expect((await apiThread(writer.browser, detailed.id)).title).toBe("Story outline · literary thriller");
    expect((await apiThread(writer.browser, renamed.id)).title).toBe("My noir notes");
  });

  it("the thread has the element, the details, the mode and the star", async () => {
    const writer = await signUp();
    const entry = await seedEntry(writer.userId, {
      queryType: "poetry",
      element: "imagery",
      details: JSON.stringify({ premise: "salt on the window", theme: "inheritance" }),
      starred: true,
    });
    expect(await apiThread(writer.browser, entry.id)).toMatchObject({
      id: entry.id,
      label: "Imagery suggestions",
      title: "Imagery suggestions · salt on the window",
      starred: true,
      element: "imagery",
      details: { premise: "salt on the window", theme: "inheritance" },
      mode: "generate",
    });
    const old = await seedEntry(writer.userId, { queryType: "poetry_unified" });
    expect(await apiThread(writer.browser, old.id)).toMatchObject({ element: null, details: {}, starred: false, title: "Unified Prompt" });
  });
});

describe("PATCH /api/history/:id", () => {
  it("renames (trimmed), stars and unstars; an empty title gives the derived one back", async () => {
    const writer = await signUp();
    const entry = await seedEntry(writer.userId, { queryType: "prose", element: "world", details: '{"setting":"a drowned city"}' });

    expect(await patchOk(writer.browser, entry.id, { title: "  The drowned city  " })).toEqual({
      id: entry.id,
      title: "The drowned city",
      renamed: true,
      starred: false,
    });
    expect(await patchOk(writer.browser, entry.id, { starred: true })).toEqual({ id: entry.id, title: "The drowned city", renamed: true, starred: true });
    expect(await storedEntry(entry.id)).toEqual({ title: "The drowned city", starred: 1 });
    expect((await apiPage(writer.browser, { section: "prose" })).entries[0]).toMatchObject({ title: "The drowned city", starred: true });

    const reset = await patchOk(writer.browser, entry.id, { title: "", starred: false });
    expect(reset).toEqual({ id: entry.id, title: "World description · a drowned city", renamed: false, starred: false });
    expect(await storedEntry(entry.id)).toEqual({ title: null, starred: 0 });
    // Exactly 120 characters is allowed.
    expect((await patchOk(writer.browser, entry.id, { title: "t".repeat(120) })).title).toHaveLength(120);
  });

  it("refuses bad bodies with 400 (or 415 / 413) and changes nothing", async () => {
    const writer = await signUp();
    const entry = await seedEntry(writer.userId, { queryType: "prose", element: "world" });
    await expectError(await patch(writer.browser, entry.id, JSON.stringify({ title: "x".repeat(121) })), 400, TOO_LONG);
    for (const body of ["{}", '{"starred":"yes"}', '{"title":7}', '{"title":"ok","color":"red"}', '{"starred":null}', "[]", "null", "{not json"]) {
      await expectError(await patch(writer.browser, entry.id, body), 400, INVALID);
    }
    await expectError(await patch(writer.browser, entry.id, '{"starred":true}', { "Content-Type": "text/plain" }), 415, INVALID);
    await expectError(await patch(writer.browser, entry.id, JSON.stringify({ title: "y".repeat(10_000) })), 413, INVALID);
    expect(await storedEntry(entry.id)).toEqual({ title: null, starred: 0 });
  });

  it("another writer's id or an unknown one is a 404; cross-site and signed-out requests change nothing", async () => {
    const owner = await signUp();
    const intruder = await signUp();
    const entry = await seedEntry(owner.userId, { queryType: "prose", element: "world" });
    await expectError(await patch(intruder.browser, entry.id, '{"title":"Mine now","starred":true}'), 404, NOT_FOUND);
    await expectError(await patch(owner.browser, crypto.randomUUID(), '{"starred":true}'), 404, NOT_FOUND);

    const crossSite = await patch(owner.browser, entry.id, '{"starred":true}', { Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const signedOut = await patch(new Browser(), entry.id, '{"starred":true}');
    expect(signedOut.status).toBe(401);
    expect(await storedEntry(entry.id)).toEqual({ title: null, starred: 0 });
  });
});

describe("the Starred filter", () => {
  let writer: SignedUpUser;
  const starred: string[] = [];
  const word = uniqueWord();

  it("the API's starred=1 pages through only the starred entries, newest first", async () => {
    writer = await signUp();
    for (let i = 0; i < 35; i += 1) {
      const isStarred = i % 5 !== 0;
      const entry = await seedEntry(writer.userId, { queryType: "prose", element: "world", starred: isStarred, answer: i % 2 ? `# ${word}` : "# Other" });
      if (isStarred) starred.unshift(entry.id);
    }
    expect(starred).toHaveLength(28);
    const first = await apiPage(writer.browser, { section: "prose", starred: "1" });
    expect(first.entries.map((entry) => entry.id)).toEqual(starred.slice(0, 24));
    expect(first.entries.every((entry) => entry.starred)).toBe(true);
    const second = await apiPage(writer.browser, { section: "prose", starred: "1", cursor: first.nextCursor! });
    expect(second.entries.map((entry) => entry.id)).toEqual(starred.slice(24));
    expect(second.nextCursor).toBeNull();
  });

  it("the page's ?starred=1 lists them and keeps the filter in the search form; it works with ?q=", async () => {
    const page = await html(writer.browser, "/prose/history?starred=1");
    expect(listedIds(page)).toEqual(starred.slice(0, 24));
    expect(page).toMatch(/<input[^>]*type="hidden"[^>]*name="starred"[^>]*value="1"/);
    expect(page).toMatch(/<button[^>]*aria-pressed="true"[^>]*>[\s\S]*?Starred/);

    const both = await apiPage(writer.browser, { section: "prose", starred: "1", q: word });
    const searched = await html(writer.browser, `/prose/history?starred=1&q=${word}`);
    expect(listedIds(searched)).toEqual(both.entries.map((entry) => entry.id));
    expect(both.entries.length).toBeGreaterThan(0);
    expect(both.entries.every((entry) => entry.starred && starred.includes(entry.id))).toBe(true);

    const none = await signUp();
    expect(visibleText(await html(none.browser, "/prose/history?starred=1"))).toContain("No starred conversations here yet.");
  });
});

describe("search across all six sections", () => {
  it("section=all finds the words in every section (either vocabulary), newest first, only the writer's", async () => {
    const writer = await signUp();
    const other = await signUp();
    const word = uniqueWord();
    const prose = await seedEntry(writer.userId, { queryType: "prose", element: "world", answer: `A world of ${word}` });
    const poem = await seedEntry(writer.userId, { queryType: "poetry", element: "poem", prompt: `Generate Poem.\n\nPremise: ${word}` });
    const stage = await seedEntry(writer.userId, { queryType: "stage_screen_unified", answer: word });
    const song = await seedEntry(writer.userId, { queryType: "songwriting", element: "lyrics", answer: word });
    await seedEntry(writer.userId, { queryType: "memoir", answer: word });
    await seedEntry(writer.userId, { queryType: "content", element: "ideas", answer: "nothing to find" });
    await seedEntry(other.userId, { queryType: "prose", element: "world", answer: word });

    const expected = [song.id, stage.id, poem.id, prose.id];
    expect((await apiPage(writer.browser, { section: "all", q: word })).entries.map((entry) => entry.id)).toEqual(expected);
    // `search=` is the same as `q=` (decision 012).
    expect((await apiPage(writer.browser, { section: "all", search: word })).entries.map((entry) => entry.id)).toEqual(expected);

    const page = await html(writer.browser, `/history/search?q=${word}`);
    expect(titleOf(page)).toContain("Search all your work");
    expect(listedIds(page)).toEqual(expected);
    const text = visibleText(page);
    for (const section of ["Songwriting", "Stage & Screen", "Poetry", "Fictional Prose"]) expect(text).toContain(`Section: ${section}`);
    expect(page).toContain(`aria-label="Entries in all sections matching “${word}”"`);
    expect(page).toContain(`href="/poetry?conversation=${poem.conversationId}"`);
    expect(page).toContain(`href="/prose?conversation=${prose.conversationId}"`);

    expect(visibleText(await html(writer.browser, `/history/search?q=${word}none`))).toContain(`Nothing in any section matches “${word}none”.`);
    expect(listedIds(await html(writer.browser, "/history/search"))).toEqual([]);
  });

  it("the dashboard has the search form; the results page needs sign-in; /all/history keeps the spec's fallback", async () => {
    const writer = await signUp();
    const dashboard = await html(writer.browser, "/dashboard");
    const form = /<form\b[^>]*role="search"[^>]*>/.exec(dashboard)?.[0] ?? "";
    expect(form).toContain('action="/history/search"');
    expect(form).toContain('aria-label="Search all your work"');
    expect(form).toMatch(/method="get"/i);
    expect(dashboard).toMatch(/<input[^>]*name="q"/);
    const visitor = await new Browser().get("/history/search?q=anything");
    expect(visitor.status).toBe(302);

    const all = await seedEntry(writer.userId, { queryType: "all_unified", answer: "fallback" });
    await seedEntry(writer.userId, { queryType: "prose", element: "world" });
    const page = await html(writer.browser, "/all/history");
    expect(listedIds(page)).toEqual([all.id]);
    expect(titleOf(page)).toContain("History");
  });
});

describe("'Continue in tool' restores the element and the details", () => {
  it("the tool page starts with the conversation's element and its filled details, only the element's fields", async () => {
    const writer = await signUp();
    const entry = await seedEntry(writer.userId, {
      queryType: "prose",
      element: "outline",
      details: JSON.stringify({ genre: "cozy mystery", tone: "wry", platform: "not a prose field" }),
    });
    const page = await html(writer.browser, `/prose?conversation=${entry.conversationId}`);
    const data = routerData(page).loaderData["tool-prose"] as { initialElement: string; initialFields: Record<string, string> | null };
    expect(data.initialElement).toBe("outline");
    expect(data.initialFields).toEqual({ genre: "cozy mystery", tone: "wry" });
    expect(page).toMatch(/<input[^>]*name="genre"[^>]*value="cozy mystery"/);
    expect(page).toMatch(/<input[^>]*name="tone"[^>]*value="wry"/);

    const old = await seedEntry(writer.userId, { queryType: "prose", element: "world" });
    const oldData = routerData(await html(writer.browser, `/prose?conversation=${old.conversationId}`)).loaderData["tool-prose"] as {
      initialElement: string;
      initialFields: unknown;
    };
    expect(oldData).toMatchObject({ initialElement: "world", initialFields: null });
  });
});
