/**
 * The history pages through HTTP against the built Worker: the per-section pages (titles,
 * Back, old names, the unknown-section fallback, signed-out visitors), the JSON API (pages and
 * cursors, search, threads, delete), and that another writer's entry id is a 404 everywhere
 * and changes nothing — in the API, on the tool page's `?conversation=` and in follow-ups.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { HistoryItem, HistoryPage, HistoryThread } from "../../app/history/types";
import { type SignedUpUser, signUp } from "./support/accounts";
import { Browser, ORIGIN } from "./support/browser";
import { historyOf, turnsOf } from "./support/db";
import {
  generateOk,
  messagesOf,
  modelRequest,
  postGenerate,
  refusal,
  startConversation,
  uniqueMarker,
} from "./support/generation";
import { routerData, titleOf, visibleText } from "./support/html";
import { eventually } from "./support/wait";
import { SPEC_HISTORY_SECTIONS, SPEC_TOOLS } from "../spec/tables";

const SIGNED_OUT = "Please sign in to view your history.";
const NOT_FOUND = "This history entry was not found. It may have been deleted.";

// ---- Data written straight into D1 (the vocabularies the tools never save) ------------------
// Rows are written the way the app saves a conversation: the query_history row with its turns
// in query_messages (migration 0003 gave every older row its turns), and, for a writer on the
// trial, the conversation's trial follow-ups so far (migration 0004 filled them for older rows).

let clock = Date.UTC(2026, 10, 21, 9, 0, 0);
/** Strictly increasing timestamps, so "newest first" is well defined between entries. */
function tick(): number {
  clock += 1_000;
  return clock;
}

type Seed = {
  queryType: string;
  element?: string | null;
  prompt?: string;
  answer?: string;
  /** Follow-up exchanges after the first one. */
  followUps?: [string, string][];
  createdAt?: number;
};

type Seeded = { id: string; conversationId: string; createdAt: number };

async function seed(userId: string, entry: Seed): Promise<Seeded> {
  const id = crypto.randomUUID();
  const conversationId = crypto.randomUUID();
  const createdAt = entry.createdAt ?? tick();
  const prompt = entry.prompt ?? `Prompt of ${entry.queryType}`;
  const answer = entry.answer ?? `Answer of ${entry.queryType}`;
  const exchanges: [string, string][] = [[prompt, answer], ...(entry.followUps ?? [])];
  const statements = [
    // A trial writer's conversation carries its trial follow-ups so far; an admin's or a
    // subscriber's has no trial allowance (NULL), as the app saves them.
    env.DB.prepare(
      `INSERT INTO query_history (id, user_id, query_type, element, query_text, response_text, conversation_id, trial_follow_ups_used, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?,
         (SELECT CASE WHEN s.is_admin = 1 OR s.is_subscribed = 1 THEN NULL ELSE ? END FROM user_subscriptions s WHERE s.user_id = ?),
         ?, ?)`,
    ).bind(
      id,
      userId,
      entry.queryType,
      entry.element ?? null,
      prompt,
      answer,
      conversationId,
      exchanges.length - 1,
      userId,
      createdAt,
      createdAt + exchanges.length * 10,
    ),
  ];
  exchanges.forEach(([ask, reply], index) => {
    for (const [offset, role, content] of [
      [index * 10, "user", ask],
      [index * 10 + 5, "assistant", reply],
    ] as const) {
      statements.push(
        env.DB.prepare(
          "INSERT INTO query_messages (id, conversation_id, role, content, status, created_at) VALUES (?, ?, ?, ?, 'complete', ?)",
        ).bind(crypto.randomUUID(), conversationId, role, content, createdAt + offset),
      );
    }
  });
  await env.DB.batch(statements);
  return { id, conversationId, createdAt };
}

async function rowCounts(conversationId: string) {
  const history = await env.DB.prepare("SELECT count(*) AS n FROM query_history WHERE conversation_id = ?")
    .bind(conversationId)
    .first<{ n: number }>();
  const messages = await env.DB.prepare("SELECT count(*) AS n FROM query_messages WHERE conversation_id = ?")
    .bind(conversationId)
    .first<{ n: number }>();
  return { history: history?.n ?? 0, messages: messages?.n ?? 0 };
}

// ---- HTTP helpers -------------------------------------------------------------------------

function getJson(browser: Browser, path: string) {
  return browser.request(path, { method: "GET", headers: { Accept: "application/json" } });
}

async function apiPage(browser: Browser, params: Record<string, string>): Promise<HistoryPage> {
  const response = await getJson(browser, `/api/history?${new URLSearchParams(params)}`);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return (await response.json()) as HistoryPage;
}

async function apiThread(browser: Browser, id: string): Promise<HistoryThread> {
  const response = await getJson(browser, `/api/history/${encodeURIComponent(id)}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as HistoryThread;
}

function deleteEntry(browser: Browser, id: string, headers: Record<string, string> = { Origin: ORIGIN }) {
  return browser.request(`/api/history/${encodeURIComponent(id)}`, { method: "DELETE", headers: { Accept: "application/json", ...headers } });
}

async function expectJsonError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({ error, title: "Error" });
}

/** The history page's HTML (the streamed first page included: the body is read to its end). */
async function historyHtml(browser: Browser, path: string): Promise<string> {
  const response = await browser.get(path);
  expect(response.status, `${path}: ${response.headers.get("Location") ?? ""}`).toBe(200);
  return response.text();
}

/** Entry ids in the order the page lists them. */
function listedIds(html: string): string[] {
  return [...html.matchAll(/data-entry-id="([^"]+)"/g)].map((match) => match[1]!);
}

/** The href of the link whose text is exactly `text`. */
function linkHref(html: string, text: string): string | undefined {
  for (const match of html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)) {
    if (visibleText(match[2]!) === text) return /\bhref="([^"]*)"/.exec(match[1]!)?.[1]?.replace(/&amp;/g, "&");
  }
  return undefined;
}

function h1(html: string): string | undefined {
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match ? visibleText(match[1]!) : undefined;
}

/** Every page of a section through the API, following the cursors. */
async function allApiPages(browser: Browser, section: string, q = "") {
  const sizes: number[] = [];
  const entries: HistoryItem[] = [];
  let cursor = "";
  for (let guard = 0; guard < 20; guard += 1) {
    const page = await apiPage(browser, { section, q, cursor });
    sizes.push(page.entries.length);
    entries.push(...page.entries);
    if (!page.nextCursor) return { sizes, entries };
    cursor = page.nextCursor;
  }
  throw new Error("pagination did not end");
}

// ---- Tests --------------------------------------------------------------------------------

describe("history pages: screens", () => {
  let member: SignedUpUser;
  beforeAll(async () => {
    member = await signUp();
  });

  it("a signed-out visitor sees only the sign-in message; nothing is read", async () => {
    // Someone's entries exist; the visitor must not see any of them.
    await seed(member.userId, { queryType: "prose", element: "world", prompt: "Visible only to its owner" });
    for (const { section, title } of SPEC_HISTORY_SECTIONS) {
      const html = await historyHtml(new Browser(), `/${section}/history`);
      const text = visibleText(html);
      expect(text).toContain(SIGNED_OUT);
      expect(text).not.toContain("Visible only to its owner");
      expect(text).not.toContain("Loading history...");
      expect(listedIds(html)).toEqual([]);
      expect(h1(html)).toBe(title);
      const data = routerData(html).loaderData["routes/history"] as Record<string, unknown>;
      expect(data).toMatchObject({ signedIn: false, page: null });
    }
  });

  for (const { section, title, back } of SPEC_HISTORY_SECTIONS) {
    it(`/${section}/history is '${title}', Back to ${back}, Dashboard to /dashboard`, async () => {
      const response = await member.browser.get(`/${section}/history`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const html = await response.text();
      expect(titleOf(html)).toBe(`${title} | The Write Stuff`);
      expect(h1(html)).toBe(title);
      expect(linkHref(html, "Back")).toBe(back);
      expect(linkHref(html, "Dashboard")).toBe("/dashboard");
      expect(html).toMatch(/<meta name="robots" content="noindex"/);
    });
  }

  it("an empty section says so", async () => {
    const fresh = await signUp();
    const text = visibleText(await historyHtml(fresh.browser, "/songwriting/history"));
    expect(text).toContain("No history found for this section yet.");
    expect(text).toContain("Start using the tools to build your history!");
  });

  for (const [alias, section] of [
    ["online-content", "content"],
    ["stage-screen", "stage"],
    ["stage_screen", "stage"],
  ] as const) {
    it(`/${alias}/history redirects to /${section}/history, keeping the query string`, async () => {
      for (const browser of [member.browser, new Browser()]) {
        const plain = await browser.get(`/${alias}/history`);
        expect([301, 302, 307, 308]).toContain(plain.status);
        expect(plain.headers.get("Location")).toBe(`/${section}/history`);
        const withQuery = await browser.get(`/${alias}/history?q=dragon%20lair%20%22caf%C3%A9%22&x=1`);
        expect([301, 302, 307, 308]).toContain(withQuery.status);
        // The same parameters (a space may be written %20 or +).
        const location = new URL(withQuery.headers.get("Location")!, ORIGIN);
        expect(location.origin).toBe(ORIGIN);
        expect(location.pathname).toBe(`/${section}/history`);
        expect([...location.searchParams]).toEqual([
          ["q", 'dragon lair "café"'],
          ["x", "1"],
        ]);
      }
    });
  }

  it("an unknown section: title 'History', Back to /dashboard, and its {section} / {section}_unified entries", async () => {
    const writer = await signUp();
    const raw = await seed(writer.userId, { queryType: "memoir", prompt: "A memoir entry" });
    const unified = await seed(writer.userId, { queryType: "memoir_unified", prompt: "A unified memoir entry" });
    await seed(writer.userId, { queryType: "memoir_extra", prompt: "Not this one" });

    const html = await historyHtml(writer.browser, "/memoir/history");
    expect(titleOf(html)).toBe("History | The Write Stuff");
    expect(h1(html)).toBe("History");
    expect(linkHref(html, "Back")).toBe("/dashboard");
    expect(linkHref(html, "Dashboard")).toBe("/dashboard");
    expect(listedIds(html)).toEqual([unified.id, raw.id]);

    const page = await apiPage(writer.browser, { section: "memoir" });
    expect(page.entries.map(({ id, label, continuePath }) => ({ id, label, continuePath }))).toEqual([
      { id: unified.id, label: "Unified Prompt", continuePath: null },
      { id: raw.id, label: "memoir", continuePath: null },
    ]);
  });
});

describe("history pages: entries", () => {
  let writer: SignedUpUser;
  let other: SignedUpUser;
  /** The writer's prose-section entries, oldest first. */
  const prose: (Seeded & { label: string })[] = [];

  beforeAll(async () => {
    [writer, other] = await Promise.all([signUp(), signUp()]);
    for (const [queryType, element, label] of [
      ["prose", "world", "World description"],
      ["fictional_prose_unified", null, "Unified Prompt"],
      ["world_building", null, "World Building"],
      ["character_development", null, "Character Development"],
      ["style_enhancement", null, "Style Enhancement"],
      ["story_outline", null, "Story Outline"],
      ["prose", "characters", "Character list / dramatis personae"],
    ] as const) {
      prose.push({ ...(await seed(writer.userId, { queryType, element, prompt: `Prose ${queryType} ${element ?? ""}` })), label });
    }
    // Other sections of the same writer, and another writer's prose.
    await seed(writer.userId, { queryType: "poetry", element: "poem", prompt: "A poem" });
    await seed(writer.userId, { queryType: "poetry_form_structure", prompt: "A form" });
    await seed(writer.userId, { queryType: "stage_screen_unified", prompt: "A scene" });
    await seed(writer.userId, { queryType: "memoir", prompt: "A memoir" });
    await seed(other.userId, { queryType: "prose", element: "world", prompt: "Someone else's prose" });
    await seed(other.userId, { queryType: "world_building", prompt: "Someone else's world" });
  });

  it("the page lists only the writer's entries of the section, in either vocabulary, newest first", async () => {
    const html = await historyHtml(writer.browser, "/prose/history");
    expect(listedIds(html)).toEqual(prose.map((entry) => entry.id).reverse());
    // Read in time (FIRST_PAGE_WAIT_MS), the list is in the first HTML: no loading state that
    // the list would replace, moving the footer (issue 15: CLS 0).
    expect(html).not.toContain("Loading history...");
    const text = visibleText(html);
    for (const { label } of prose) expect(text).toContain(label);
    expect(text).not.toContain("Someone else");
    expect(text).not.toContain("A poem");
  });

  it("the API gives the same entries with their labels and where to continue them", async () => {
    const page = await apiPage(writer.browser, { section: "prose" });
    expect(page.nextCursor).toBeNull();
    expect(page.entries.map(({ id, label }) => ({ id, label }))).toEqual(
      prose.map(({ id, label }) => ({ id, label })).reverse(),
    );
    for (const entry of page.entries) {
      const seeded = prose.find((item) => item.id === entry.id)!;
      expect(entry.continuePath).toBe(`/prose?conversation=${seeded.conversationId}`);
      expect(entry.turns).toBe(1);
      expect(entry.createdAt).toBe(new Date(seeded.createdAt).toISOString());
    }
  });

  it("the other sections show theirs: poetry (both vocabularies), stage (long types too)", async () => {
    const poetry = await apiPage(writer.browser, { section: "poetry" });
    expect(poetry.entries.map((entry) => [entry.queryType, entry.label])).toEqual([
      ["poetry_form_structure", "Form & Structure"],
      ["poetry", "Poem"],
    ]);
    const stage = await apiPage(writer.browser, { section: "stage" });
    expect(stage.entries.map((entry) => [entry.queryType, entry.label])).toEqual([["stage_screen_unified", "Unified Prompt"]]);
    expect((await apiPage(writer.browser, { section: "nonfiction" })).entries).toEqual([]);
  });

  it("the API accepts the old section names as the page does (online-content, stage-screen, stage_screen)", async () => {
    const stage = (await apiPage(writer.browser, { section: "stage" })).entries.map((entry) => entry.id);
    expect(stage).toHaveLength(1);
    for (const alias of ["stage-screen", "stage_screen"]) {
      expect((await apiPage(writer.browser, { section: alias })).entries.map((entry) => entry.id), alias).toEqual(stage);
    }
    const content = await seed(writer.userId, { queryType: "content_idea_generation", prompt: "Ideas" });
    expect((await apiPage(writer.browser, { section: "online-content" })).entries.map((entry) => entry.id)).toEqual([content.id]);
  });

  it("another writer sees none of these, on the page or in the API", async () => {
    const html = await historyHtml(other.browser, "/prose/history");
    const mine = new Set(prose.map((entry) => entry.id));
    expect(listedIds(html).some((id) => mine.has(id))).toBe(false);
    expect(listedIds(html)).toHaveLength(2);
    const page = await apiPage(other.browser, { section: "prose" });
    expect(page.entries.some((entry) => mine.has(entry.id))).toBe(false);
  });

  it("an unknown section or an unreadable cursor is an empty answer or the first page, never an error", async () => {
    expect(await apiPage(writer.browser, { section: "" })).toEqual({ entries: [], nextCursor: null });
    expect(await apiPage(writer.browser, { section: "Prose" })).toEqual({ entries: [], nextCursor: null });
    expect(await apiPage(writer.browser, { section: "no/such" })).toEqual({ entries: [], nextCursor: null });
    const first = await apiPage(writer.browser, { section: "prose" });
    for (const cursor of ["garbage", "1_x'--", "-5_x", `${"9".repeat(30)}_x`]) {
      expect(await apiPage(writer.browser, { section: "prose", cursor }), cursor).toEqual(first);
    }
  });
});

describe("history pages: pagination and search", () => {
  let writer: SignedUpUser;
  let other: SignedUpUser;
  const entries: Seeded[] = [];
  let word: string;

  beforeAll(async () => {
    [writer, other] = await Promise.all([signUp(), signUp()]);
    word = `zq${uniqueMarker("w").replace(/[^a-z]/gi, "").toLowerCase()}`;
    // 30 entries in both vocabularies; every third one has the word: in the prompt (even i) or
    // in a follow-up's reply (odd i), where the prompt talks of dragons.
    for (let i = 0; i < 30; i += 1) {
      const hit = i % 3 === 0;
      const odd = i % 2 === 1;
      entries.push(
        await seed(writer.userId, {
          queryType: odd ? "prose" : "story_outline",
          element: odd ? "outline" : null,
          prompt: hit && !odd ? `Outline ${i} about the ${word}` : hit ? `Outline ${i} about dragons` : `Outline ${i}`,
          answer: `Answer ${i}`,
          followUps: [[`Follow-up ${i}`, hit && odd ? `Reply ${i} with the ${word}` : `Reply ${i}`]],
        }),
      );
    }
    // The same word in the writer's other section and in another writer's prose.
    await seed(writer.userId, { queryType: "poetry", element: "poem", prompt: `A poem about ${word}` });
    await seed(other.userId, { queryType: "prose", element: "world", prompt: `Theirs: ${word}` });
  });

  it("the first page is 24 entries; the cursor brings the other 6, with no repeats or gaps", async () => {
    const { sizes, entries: listed } = await allApiPages(writer.browser, "prose");
    expect(sizes).toEqual([24, 6]);
    expect(listed.map((entry) => entry.id)).toEqual(entries.map((entry) => entry.id).reverse());
    expect(listed.every((entry) => entry.turns === 2)).toBe(true);
  });

  it("the page shows the first 24 and the API's cursor continues after them", async () => {
    const html = await historyHtml(writer.browser, "/prose/history");
    const shown = listedIds(html);
    expect(shown).toEqual(entries.slice(6).map((entry) => entry.id).reverse());
    expect(visibleText(html)).toContain("Load more");
    const first = await apiPage(writer.browser, { section: "prose" });
    const second = await apiPage(writer.browser, { section: "prose", cursor: first.nextCursor! });
    expect(second.entries.map((entry) => entry.id)).toEqual(entries.slice(0, 6).map((entry) => entry.id).reverse());
    expect(second.nextCursor).toBeNull();
  });

  it("another writer following this writer's cursor gets only their own entries", async () => {
    const first = await apiPage(writer.browser, { section: "prose" });
    const page = await apiPage(other.browser, { section: "prose", cursor: first.nextCursor! });
    const mine = new Set(entries.map((entry) => entry.id));
    expect(page.entries.some((entry) => mine.has(entry.id))).toBe(false);
  });

  it("?q= on the page and the API find the entries whose conversation has the words, in any turn", async () => {
    const expected = entries.filter((_, i) => i % 3 === 0).map((entry) => entry.id).reverse();
    expect(expected).toHaveLength(10);
    const api = await apiPage(writer.browser, { section: "prose", q: word });
    expect(api.entries.map((entry) => entry.id)).toEqual(expected);
    expect(api.nextCursor).toBeNull();

    const html = await historyHtml(writer.browser, `/prose/history?q=${encodeURIComponent(word)}`);
    expect(listedIds(html)).toEqual(expected);
    expect(html).toContain(`aria-label="Entries matching “${word}”"`);
    expect(html).toMatch(new RegExp(`<input[^>]*name="q"[^>]*value="${word}"|<input[^>]*value="${word}"[^>]*name="q"`));

    // Words from two different turns of one conversation: "dragon" (stem of "dragons" in the
    // prompt) and the word (in a follow-up's reply) only meet in the odd ones.
    const both = entries.filter((_, i) => i % 3 === 0 && i % 2 === 1).map((entry) => entry.id).reverse();
    expect((await apiPage(writer.browser, { section: "prose", q: `${word} dragon` })).entries.map((entry) => entry.id)).toEqual(both);
    expect(listedIds(await historyHtml(writer.browser, `/prose/history?q=${encodeURIComponent(`DRAGON ${word}`)}`))).toEqual(both);
  });

  it("a search finds nothing of other sections or other writers, and says when nothing matches", async () => {
    const poetry = await apiPage(writer.browser, { section: "poetry", q: word });
    expect(poetry.entries.map((entry) => entry.queryType)).toEqual(["poetry"]);
    const theirs = await apiPage(other.browser, { section: "prose", q: word });
    expect(theirs.entries.map((entry) => entry.preview)).toEqual([`Theirs: ${word}`]);

    const none = `${word}nothing`;
    const html = await historyHtml(writer.browser, `/prose/history?q=${none}`);
    expect(listedIds(html)).toEqual([]);
    expect(visibleText(html)).toContain(`No entries match “${none}”.`);
  });

  it("query syntax in the search box is just text", async () => {
    for (const q of [`"${word}`, `${word}*`, `*${word}`, `-${word}`, `${word}")`, `(${word}) ^`, `:${word}:`]) {
      expect((await apiPage(writer.browser, { section: "prose", q })).entries, q).toHaveLength(10);
    }
    // OR and NEAR are words to find, not operators: no entry has them.
    for (const q of [`${word} OR`, `NEAR(${word}`, `OR ${word} OR x`]) {
      expect((await apiPage(writer.browser, { section: "prose", q })).entries, q).toEqual([]);
    }
    const html = await historyHtml(writer.browser, `/prose/history?q=${encodeURIComponent(`"*(`)}`);
    expect(listedIds(html)).toHaveLength(24);
  });
});

describe("history threads", () => {
  let writer: SignedUpUser;
  beforeAll(async () => {
    writer = await signUp();
  });

  it("GET /api/history/:id returns the whole conversation, every turn in order", async () => {
    const entry = await seed(writer.userId, {
      queryType: "prose",
      element: "outline",
      prompt: "Generate Story outline.\n\nGenre: noir",
      answer: "# Act one",
      followUps: [
        ["Darker", "# Act one, darker"],
        ["Add a twist", "# The twist"],
      ],
    });
    const response = await getJson(writer.browser, `/api/history/${entry.id}`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toEqual({
      id: entry.id,
      queryType: "prose",
      label: "Story outline",
      // Decision 012: no details recorded on this row, so the title comes from the first heading.
      title: "Story outline · Act one",
      starred: false,
      element: "outline",
      details: {},
      mode: "generate",
      createdAt: new Date(entry.createdAt).toISOString(),
      continuePath: `/prose?conversation=${entry.conversationId}`,
      turns: [
        { role: "user", content: "Generate Story outline.\n\nGenre: noir", status: "complete" },
        { role: "assistant", content: "# Act one", status: "complete" },
        { role: "user", content: "Darker", status: "complete" },
        { role: "assistant", content: "# Act one, darker", status: "complete" },
        { role: "user", content: "Add a twist", status: "complete" },
        { role: "assistant", content: "# The twist", status: "complete" },
      ],
    });
  });

  it("a conversation generated in a tool, with a follow-up, reads back as generated", async () => {
    const marker = uniqueMarker();
    const first = await startConversation(writer.browser, {
      kind: "initial",
      tool: "poetry",
      element: "imagery",
      fields: { premise: `the sea ${marker}` },
    });
    const ask = `Shorter please ${uniqueMarker("F")}`;
    const second = await generateOk(writer.browser, { kind: "follow-up", tool: "poetry", conversationId: first.conversationId, text: ask });
    await eventually(async () => (await turnsOf(first.conversationId)).length === 4);

    const thread = await apiThread(writer.browser, first.row.id);
    expect(thread).toMatchObject({ queryType: "poetry", label: "Imagery suggestions", continuePath: `/poetry?conversation=${first.conversationId}` });
    expect(thread.turns).toEqual([
      { role: "user", content: `Generate Imagery suggestions.\n\nPremise: the sea ${marker}`, status: "complete" },
      { role: "assistant", content: first.text, status: "complete" },
      { role: "user", content: ask, status: "complete" },
      { role: "assistant", content: second.text, status: "complete" },
    ]);
    const listed = (await apiPage(writer.browser, { section: "poetry" })).entries.find((item) => item.id === first.row.id);
    expect(listed).toMatchObject({ turns: 2, label: "Imagery suggestions" });
    // The words of the follow-up are searchable right away.
    const found = await apiPage(writer.browser, { section: "poetry", q: ask.split(" ").at(-1)! });
    expect(found.entries.map((entry) => entry.id)).toEqual([first.row.id]);
  });

  it("an unknown id is a 404 JSON answer", async () => {
    await expectJsonError(await getJson(writer.browser, `/api/history/${crypto.randomUUID()}`), 404, NOT_FOUND);
    await expectJsonError(await getJson(writer.browser, "/api/history/%27%20OR%201%3D1"), 404, NOT_FOUND);
  });
});

describe("another writer's entry id (IDOR)", () => {
  let owner: SignedUpUser;
  let intruder: SignedUpUser;
  let entry: Seeded;
  let before: Awaited<ReturnType<typeof historyOf>>;

  beforeAll(async () => {
    [owner, intruder] = await Promise.all([signUp(), signUp()]);
    entry = await seed(owner.userId, {
      queryType: "prose",
      element: "world",
      prompt: "The owner's secret prompt",
      answer: "The owner's secret answer",
      followUps: [["A secret follow-up", "A secret reply"]],
    });
    before = await historyOf(owner.userId);
  });

  async function ownerUntouched() {
    expect(await historyOf(owner.userId)).toEqual(before);
    expect(await rowCounts(entry.conversationId)).toEqual({ history: 1, messages: 4 });
    expect((await apiThread(owner.browser, entry.id)).turns).toHaveLength(4);
  }

  it("GET /api/history/:id of the owner's entry → 404, nothing of it in the answer", async () => {
    const response = await getJson(intruder.browser, `/api/history/${entry.id}`);
    const body = await response.clone().text();
    await expectJsonError(response, 404, NOT_FOUND);
    expect(body).not.toContain("secret");
    await ownerUntouched();
  });

  it("DELETE /api/history/:id of the owner's entry → 404 and it stays", async () => {
    await expectJsonError(await deleteEntry(intruder.browser, entry.id), 404, NOT_FOUND);
    await ownerUntouched();
  });

  it("the owner's conversation on the intruder's tool page (?conversation=) → 404", async () => {
    const response = await intruder.browser.get(`/prose?conversation=${entry.conversationId}`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).not.toContain("secret");
    expect(visibleText(html)).toContain("This conversation was not found. It may have been deleted.");
    await ownerUntouched();
  });

  it("a follow-up by the intruder on the owner's conversation → 404, nothing appended or charged", async () => {
    const response = await postGenerate(intruder.browser, {
      kind: "follow-up",
      tool: "prose",
      conversationId: entry.conversationId,
      text: "Tell me the secret",
    });
    expect(await refusal(response)).toMatchObject({ status: 404 });
    await ownerUntouched();
  });

  it("the owner's own id in the owner's own requests still works", async () => {
    const page = await owner.browser.get(`/prose?conversation=${entry.conversationId}`);
    expect(page.status).toBe(200);
    expect((await apiPage(owner.browser, { section: "prose" })).entries.map((item) => item.id)).toEqual([entry.id]);
  });
});

describe("continuing a conversation from the history", () => {
  it("the tool page opens the writer's own conversation; a follow-up appends a turn the thread shows", async () => {
    const writer = await signUp();
    const marker = uniqueMarker();
    const first = await startConversation(writer.browser, {
      kind: "initial",
      tool: "prose",
      element: "world",
      fields: { genre: `noir ${marker}` },
    });
    const [listed] = (await apiPage(writer.browser, { section: "prose" })).entries;
    expect(listed?.continuePath).toBe(`/prose?conversation=${first.conversationId}`);

    const page = await writer.browser.get(listed!.continuePath!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(visibleText(html)).toContain("Continuing a saved conversation");
    const data = routerData(html).loaderData["tool-prose"] as { continued: { conversationId: string; messages: { text: string }[] } };
    expect(data.continued.conversationId).toBe(first.conversationId);
    expect(data.continued.messages.map((message) => message.text)).toEqual([first.text]);

    const ask = `Continue it ${uniqueMarker("F")}`;
    const reply = await generateOk(writer.browser, { kind: "follow-up", tool: "prose", conversationId: first.conversationId, text: ask });
    expect(reply.conversationId).toBe(first.conversationId);
    const thread = await eventually(async () => {
      const read = await apiThread(writer.browser, first.row.id);
      return read.turns.length === 4 && read;
    });
    expect(thread.turns.slice(2)).toEqual([
      { role: "user", content: ask, status: "complete" },
      { role: "assistant", content: reply.text, status: "complete" },
    ]);
    // Still one entry: the follow-up is part of it, not a new one.
    expect((await apiPage(writer.browser, { section: "prose" })).entries.map((entry) => [entry.id, entry.turns])).toEqual([
      [first.row.id, 2],
    ]);
  });

  it("a conversation of another tool's section is not found on this tool page", async () => {
    const writer = await signUp();
    const poem = await seed(writer.userId, { queryType: "poetry_style_voice", prompt: "A poem" });
    expect((await writer.browser.get(`/prose?conversation=${poem.conversationId}`)).status).toBe(404);
    expect((await writer.browser.get(`/poetry?conversation=${poem.conversationId}`)).status).toBe(200);
    expect((await writer.browser.get(`/prose?conversation=${crypto.randomUUID()}`)).status).toBe(404);
    const memoir = await seed(writer.userId, { queryType: "memoir", prompt: "A memoir" });
    for (const { path } of SPEC_TOOLS) {
      expect((await writer.browser.get(`${path}?conversation=${memoir.conversationId}`)).status, path).toBe(404);
    }
  });

  it("a long-vocabulary entry ('world_building') continues in /prose with its turns as context", async () => {
    const writer = await signUp();
    const marker = uniqueMarker();
    const entry = await seed(writer.userId, {
      queryType: "world_building",
      prompt: `Build a world ${marker}`,
      answer: "A drowned city",
    });
    const page = await writer.browser.get(`/prose?conversation=${entry.conversationId}`);
    expect(page.status).toBe(200);

    const ask = `Add a lighthouse ${uniqueMarker("F")}`;
    const reply = await generateOk(writer.browser, { kind: "follow-up", tool: "prose", conversationId: entry.conversationId, text: ask });
    expect(messagesOf(await modelRequest(ask)).slice(1)).toEqual([
      { role: "user", text: `Build a world ${marker}` },
      { role: "assistant", text: "A drowned city" },
      { role: "user", text: ask },
    ]);
    const thread = await eventually(async () => {
      const read = await apiThread(writer.browser, entry.id);
      return read.turns.length === 4 && read;
    });
    expect(thread.turns.map((turn) => turn.content)).toEqual([`Build a world ${marker}`, "A drowned city", ask, reply.text]);
    // Only in its own section's tool.
    const elsewhere = await postGenerate(writer.browser, { kind: "follow-up", tool: "poetry", conversationId: entry.conversationId, text: "x" });
    expect(await refusal(elsewhere)).toMatchObject({ status: 404 });
  });
});

describe("deleting an entry", () => {
  it("the owner's DELETE removes the entry and all its turns; it leaves the page, the API and the search", async () => {
    const writer = await signUp();
    const word = `zq${uniqueMarker("d").replace(/[^a-z]/gi, "").toLowerCase()}`;
    const gone = await seed(writer.userId, { queryType: "prose", element: "world", prompt: `Gone ${word}`, followUps: [["More", `More ${word}`]] });
    const kept = await seed(writer.userId, { queryType: "world_building", prompt: `Kept ${word}` });

    const response = await deleteEntry(writer.browser, gone.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ ok: true });

    expect(await rowCounts(gone.conversationId)).toEqual({ history: 0, messages: 0 });
    expect(await rowCounts(kept.conversationId)).toEqual({ history: 1, messages: 2 });
    expect(listedIds(await historyHtml(writer.browser, "/prose/history"))).toEqual([kept.id]);
    expect((await apiPage(writer.browser, { section: "prose", q: word })).entries.map((entry) => entry.id)).toEqual([kept.id]);
    await expectJsonError(await getJson(writer.browser, `/api/history/${gone.id}`), 404, NOT_FOUND);
    expect((await writer.browser.get(`/prose?conversation=${gone.conversationId}`)).status).toBe(404);
    // A second DELETE finds nothing.
    await expectJsonError(await deleteEntry(writer.browser, gone.id), 404, NOT_FOUND);
  });

  it("a cross-site DELETE with the owner's cookies is refused (403) and deletes nothing", async () => {
    const writer = await signUp();
    const entry = await seed(writer.userId, { queryType: "prose", element: "world", followUps: [["More", "More"]] });
    const forged: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { Origin: "http://localhost.evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of forged) {
      const response = await deleteEntry(writer.browser, entry.id, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual({ error: "Cross-site request refused.", title: "Error" });
      expect(await rowCounts(entry.conversationId)).toEqual({ history: 1, messages: 4 });
    }
    expect((await apiThread(writer.browser, entry.id)).turns).toHaveLength(4);
  });

  it("other methods on /api/history/:id are 405 and change nothing", async () => {
    const writer = await signUp();
    const entry = await seed(writer.userId, { queryType: "prose", element: "world" });
    // PATCH renames and stars (decision 012): tests/worker/history-find.test.ts.
    for (const method of ["POST", "PUT"]) {
      const response = await writer.browser.request(`/api/history/${entry.id}`, {
        method,
        headers: { Origin: ORIGIN, "Content-Type": "application/json", Accept: "application/json" },
        body: "{}",
      });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("Allow"), method).toBe("GET, PATCH, DELETE");
      expect(await response.json()).toEqual({ error: "Method Not Allowed", title: "Error" });
      expect(await rowCounts(entry.conversationId)).toEqual({ history: 1, messages: 2 });
    }
  });

  it("/api/history takes no writes", async () => {
    const writer = await signUp();
    for (const method of ["POST", "DELETE", "PUT"]) {
      const response = await writer.browser.request("/api/history?section=prose", {
        method,
        headers: { Origin: ORIGIN, Accept: "application/json" },
      });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("Allow"), method).toBe("GET");
      expect(await response.json()).toEqual({ error: "Method Not Allowed", title: "Error" });
    }
  });
});

describe("signed-out API calls", () => {
  it("are 401 JSON and read or change nothing", async () => {
    const writer = await signUp();
    const entry = await seed(writer.userId, { queryType: "prose", element: "world" });
    const visitor = new Browser();
    await expectJsonError(await getJson(visitor, "/api/history?section=prose"), 401, SIGNED_OUT);
    await expectJsonError(await getJson(visitor, `/api/history/${entry.id}`), 401, SIGNED_OUT);
    await expectJsonError(await deleteEntry(visitor, entry.id), 401, SIGNED_OUT);
    expect(await rowCounts(entry.conversationId)).toEqual({ history: 1, messages: 2 });

    // A session cookie that is not (or no longer) valid is signed out too.
    const forged = new Browser();
    forged.jar.cookies.set("tws_session", "not-a-session");
    const response = await getJson(forged, "/api/history?section=prose");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: SIGNED_OUT, title: "Error" });
  });
});
