/**
 * The history queries: keyset pages (newest first, stable on equal timestamps, scoped to the
 * owner), full-text search over every turn of a conversation (FTS5: prefix, porter stemming,
 * diacritics; nothing a writer types is query syntax) and the owner-scoped delete.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { saveTurn, type TurnStatus } from "../../db/queries/conversations";
import {
  decodeCursor,
  deleteHistoryEntry,
  encodeCursor,
  getHistoryEntry,
  latestConversationPerType,
  listHistoryPage as listHistoryPageWithLimits,
  searchTerms,
} from "../../db/queries/history";
import { HISTORY_PAGE_SIZE, PREVIEW_CHARS } from "../../app/history/limits";
import { recentWorkByTool, timeAgo } from "../../app/history/recent-work";
import { makeAccount, NOW } from "./fixtures";

/** The query as the app calls it: with the history pages' own limits. */
type PageArgs = Omit<Parameters<typeof listHistoryPageWithLimits>[0], "limit" | "previewChars">;
const listHistoryPage = (args: PageArgs) =>
  listHistoryPageWithLimits({ ...args, limit: HISTORY_PAGE_SIZE, previewChars: PREVIEW_CHARS });

const PROSE_TYPES = ["prose", "fictional_prose_unified", "world_building", "character_development", "style_enhancement", "story_outline"];
const POETRY_TYPES = ["poetry", "poetry_unified", "poetry_form_structure"];

const at = (ms: number) => new Date(NOW.getTime() + ms);

type Entry = { conversationId: string; id: string };

/** Saves a conversation (first exchange) and returns its ids. */
async function save(
  db: Database,
  userId: string,
  {
    prompt = "Generate World description.",
    answer = "# A world",
    queryType = "prose",
    element = "world",
    startedAt = at(0),
    status = "complete" as TurnStatus,
  }: {
    prompt?: string;
    answer?: string;
    queryType?: string;
    element?: string;
    startedAt?: Date;
    status?: TurnStatus;
  } = {},
): Promise<Entry> {
  const conversationId = crypto.randomUUID();
  await saveTurn({
    db,
    turn: { kind: "initial", userId, conversationId, queryType, element, userText: prompt, startedAt, details: {}, mode: "generate", exchangeId: crypto.randomUUID() },
    answer: { text: answer, status, finishedAt: new Date(startedAt.getTime() + 500) },
    trialConversation: true,
  });
  const id = await entryId(db, conversationId);
  return { conversationId, id };
}

async function entryId(db: Database, conversationId: string): Promise<string> {
  const rows = await db.all<{ id: string }>(sql`select id from query_history where conversation_id = ${conversationId}`);
  if (!rows[0]) throw new Error(`no history row for ${conversationId}`);
  return rows[0].id;
}

async function followUp(db: Database, userId: string, conversationId: string, ask: string, answer: string, ms: number, status: TurnStatus = "complete") {
  await saveTurn({
    db,
    turn: { kind: "follow-up", userId, conversationId, userText: ask, startedAt: at(ms), exchangeId: crypto.randomUUID() },
    answer: { text: answer, status, finishedAt: at(ms + 500) },
    trialConversation: false,
  });
}

/** Ids of one page of a writer's entries in a section. */
async function ids(db: Database, userId: string, options: { search?: string; queryTypes?: string[] } = {}) {
  const page = await listHistoryPage({ db, userId, queryTypes: options.queryTypes ?? PROSE_TYPES, search: options.search });
  return page.entries.map((entry) => entry.id);
}

/** Every page, following the cursors, with the page sizes. */
async function allPages(db: Database, userId: string, queryTypes: string[] = PROSE_TYPES, search?: string) {
  const sizes: number[] = [];
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 50; guard += 1) {
    const page: Awaited<ReturnType<typeof listHistoryPage>> = await listHistoryPage({
      db,
      userId,
      queryTypes,
      search,
      cursor: decodeCursor(cursor),
    });
    sizes.push(page.entries.length);
    seen.push(...page.entries.map((entry) => entry.id));
    cursor = page.nextCursor;
    if (!cursor) return { sizes, ids: seen };
  }
  throw new Error("pagination did not end");
}

async function countRows(db: Database, table: "query_history" | "query_messages", conversationId: string) {
  const rows = await db.all<{ n: number }>(
    table === "query_history"
      ? sql`select count(*) as n from query_history where conversation_id = ${conversationId}`
      : sql`select count(*) as n from query_messages where conversation_id = ${conversationId}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Rows of the full-text index (not the content table) that contain `word`. */
async function indexedRows(db: Database, word: string) {
  const rows = await db.all<{ n: number }>(
    sql`select count(*) as n from query_messages_fts where query_messages_fts match ${`"${word}"`}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * A word no other test's data contains. Consonants only (no s, y or l): the tokenizer keeps it
 * whole and the porter stemmer leaves it, and every prefix of it, as it is.
 */
function uniqueWord(prefix = "zq"): string {
  const letters = "bcdfghjkmnpqrtvwxz";
  let word = prefix;
  for (let i = 0; i < 10; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

export function historyQueries(getDb: () => Database) {
  describe("history pages", () => {
    it("60 entries come as pages of 24, 24 and 12, newest first, with no duplicates or gaps", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const saved: Entry[] = [];
      for (let i = 0; i < 60; i += 1) {
        saved.push(await save(db, me.userId, { prompt: `Prompt ${i}`, startedAt: at(i * 60_000) }));
      }
      expect(HISTORY_PAGE_SIZE).toBe(24);
      const { sizes, ids: listed } = await allPages(db, me.userId);
      expect(sizes).toEqual([24, 24, 12]);
      expect(listed).toEqual(saved.map((entry) => entry.id).reverse());
    });

    it("a page has the entry's fields, a 150-character preview and its number of exchanges", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const long = `${"x".repeat(PREVIEW_CHARS)}TAIL`;
      const entry = await save(db, me.userId, { prompt: long, element: "outline", startedAt: at(5_000) });
      await followUp(db, me.userId, entry.conversationId, "Darker", "Dark", 10_000);
      await followUp(db, me.userId, entry.conversationId, "Darker still", "Darkest", 20_000, "stopped");
      const short = await save(db, me.userId, { prompt: "Short prompt", queryType: "world_building", element: "", startedAt: at(1_000) });

      const page = await listHistoryPage({ db, userId: me.userId, queryTypes: PROSE_TYPES });
      expect(page.nextCursor).toBeNull();
      expect(page.entries).toEqual([
        {
          id: entry.id,
          queryType: "prose",
          element: "outline",
          conversationId: entry.conversationId,
          // Migration 0007's columns: no rename, no star, no details recorded by this save.
          title: null,
          starred: false,
          details: null,
          mode: "generate",
          headingSource: "# A world",
          preview: "x".repeat(PREVIEW_CHARS),
          previewCut: true,
          turns: 3,
          createdAt: at(5_000),
          updatedAt: at(20_500),
        },
        {
          id: short.id,
          queryType: "world_building",
          element: "",
          conversationId: short.conversationId,
          title: null,
          starred: false,
          details: null,
          mode: "generate",
          headingSource: "# A world",
          preview: "Short prompt",
          previewCut: false,
          turns: 1,
          createdAt: at(1_000),
          updatedAt: at(1_500),
        },
      ]);
    });

    it("a prompt of exactly 150 characters is not cut", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      await save(db, me.userId, { prompt: "y".repeat(PREVIEW_CHARS) });
      const [entry] = (await listHistoryPage({ db, userId: me.userId, queryTypes: PROSE_TYPES })).entries;
      expect(entry).toMatchObject({ preview: "y".repeat(PREVIEW_CHARS), previewCut: false });
    });

    it("a draft's card previews the writer's passage, not the action's instruction", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const passage = `The rain had a way of finding the cracks. ${"She waited by the door. ".repeat(10)}`;
      await saveTurn({
        db,
        turn: {
          kind: "initial",
          userId: me.userId,
          conversationId: crypto.randomUUID(),
          queryType: "prose",
          element: "draft:line-edit",
          userText: `Line-edit the passage: fix grammar…\n\n${passage}`,
          startedAt: at(0),
          details: { passage },
          mode: "draft",
          exchangeId: crypto.randomUUID(),
        },
        answer: { text: "The rain found the cracks.", status: "complete", finishedAt: at(500) },
        trialConversation: true,
      });
      await save(db, me.userId, { prompt: "Generate World.", startedAt: at(-1_000) });
      const [draft, generated] = (await listHistoryPage({ db, userId: me.userId, queryTypes: PROSE_TYPES })).entries;
      expect(draft).toMatchObject({ mode: "draft", preview: passage.slice(0, PREVIEW_CHARS), previewCut: true });
      expect(generated).toMatchObject({ mode: "generate", preview: "Generate World.", previewCut: false });
    });

    it("entries with the same created_at are paged in a stable order, none lost or repeated", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const saved: Entry[] = [];
      // 50 entries: 30 at one instant, 20 at an earlier one — page boundaries fall inside a tie.
      for (let i = 0; i < 50; i += 1) {
        saved.push(await save(db, me.userId, { startedAt: at(i < 30 ? 7_000 : 3_000) }));
      }
      const first = await allPages(db, me.userId);
      const second = await allPages(db, me.userId);
      expect(first.sizes).toEqual([24, 24, 2]);
      expect(new Set(first.ids).size).toBe(50);
      expect([...first.ids].sort()).toEqual(saved.map((entry) => entry.id).sort());
      expect(second.ids).toEqual(first.ids);
      // Newest first: the 30 later ones before the 20 earlier ones.
      const later = new Set(saved.slice(0, 30).map((entry) => entry.id));
      expect(first.ids.slice(0, 30).every((id) => later.has(id))).toBe(true);
    });

    it("only the writer's entries of the section's types are listed", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const other = await makeAccount(db);
      const prose = await save(db, me.userId, { queryType: "prose", startedAt: at(1_000) });
      const long = await save(db, me.userId, { queryType: "story_outline", element: "", startedAt: at(2_000) });
      const unified = await save(db, me.userId, { queryType: "fictional_prose_unified", element: "", startedAt: at(3_000) });
      const poem = await save(db, me.userId, { queryType: "poetry", element: "poem", startedAt: at(4_000) });
      await save(db, me.userId, { queryType: "memoir", element: "", startedAt: at(5_000) });
      await save(db, other.userId, { queryType: "prose", startedAt: at(6_000) });

      expect(await ids(db, me.userId)).toEqual([unified.id, long.id, prose.id]);
      expect(await ids(db, me.userId, { queryTypes: POETRY_TYPES })).toEqual([poem.id]);
      expect(await ids(db, me.userId, { queryTypes: [] })).toEqual([]);
    });

    it("another writer's cursor shows nothing of theirs", async () => {
      const db = getDb();
      const owner = await makeAccount(db);
      const intruder = await makeAccount(db);
      const owned: Entry[] = [];
      for (let i = 0; i < 30; i += 1) owned.push(await save(db, owner.userId, { startedAt: at(i * 1_000) }));
      const mine = await save(db, intruder.userId, { startedAt: at(-5_000) });

      const ownerPage = await listHistoryPage({ db, userId: owner.userId, queryTypes: PROSE_TYPES });
      expect(ownerPage.nextCursor).not.toBeNull();
      const intruderPage = await listHistoryPage({
        db,
        userId: intruder.userId,
        queryTypes: PROSE_TYPES,
        cursor: decodeCursor(ownerPage.nextCursor),
      });
      // The cursor is only a position: the intruder gets their own older entries, never the owner's.
      expect(intruderPage.entries.map((entry) => entry.id)).toEqual([mine.id]);
      const ownerIds = new Set(owned.map((entry) => entry.id));
      expect(intruderPage.entries.some((entry) => ownerIds.has(entry.id))).toBe(false);
    });

    it("cursors round-trip and anything else decodes to no cursor", () => {
      const cursor = { createdAt: 1_764_000_000_123, id: "8a0c4b5e-1c2d-4e5f-9a0b-1c2d3e4f5a6b" };
      expect(encodeCursor(cursor)).toBe(`1764000000123_${cursor.id}`);
      expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
      for (const bad of [null, undefined, "", "abc", "12_", "_id", "12_a b", "12_a'--", "-1_id", "1.5_id", "12_id_x/y", `${"9".repeat(17)}_id`]) {
        expect(decodeCursor(bad), String(bad)).toBeNull();
      }
    });
  });

  describe("history search", () => {
    /** One conversation whose words are spread over its turns. */
    async function conversationWithTurns(db: Database, userId: string, words: { prompt: string; answer: string; ask: string; reply: string }) {
      const entry = await save(db, userId, { prompt: words.prompt, answer: words.answer, startedAt: at(1_000) });
      await followUp(db, userId, entry.conversationId, words.ask, words.reply, 5_000);
      return entry;
    }

    it("finds words in the prompt, the answer, a follow-up and a follow-up's answer", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const w = { prompt: uniqueWord(), answer: uniqueWord(), ask: uniqueWord(), reply: uniqueWord() };
      const entry = await conversationWithTurns(db, me.userId, {
        prompt: `Generate World description.\n\nGenre: ${w.prompt}`,
        answer: `# The ${w.answer} coast`,
        ask: `Add ${w.ask} please`,
        reply: `Here: ${w.reply}.`,
      });
      const unrelated = await save(db, me.userId, { prompt: "Something else", startedAt: at(9_000) });
      for (const word of Object.values(w)) {
        expect(await ids(db, me.userId, { search: word }), word).toEqual([entry.id]);
      }
      expect(await ids(db, me.userId, { search: uniqueWord() })).toEqual([]);
      expect(await ids(db, me.userId, { search: "" })).toEqual([unrelated.id, entry.id]);
      expect(await ids(db, me.userId, { search: "   " })).toEqual([unrelated.id, entry.id]);
    });

    it("every word must occur in the conversation, but they may be in different turns", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const [a, b, c] = [uniqueWord(), uniqueWord(), uniqueWord()];
      const split = await conversationWithTurns(db, me.userId, { prompt: `About ${a}`, answer: "An answer", ask: `And ${b}?`, reply: "Sure" });
      const onlyA = await save(db, me.userId, { prompt: `Only ${a} here`, startedAt: at(8_000) });

      expect(await ids(db, me.userId, { search: `${a} ${b}` })).toEqual([split.id]);
      expect(await ids(db, me.userId, { search: `${b} ${a}` })).toEqual([split.id]);
      expect(await ids(db, me.userId, { search: a })).toEqual([onlyA.id, split.id]);
      expect(await ids(db, me.userId, { search: `${a} ${c}` })).toEqual([]);
    });

    it("matches prefixes, word stems, any case and letters without their diacritics", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const tag = uniqueWord();
      const dragon = await save(db, me.userId, { prompt: `${tag} a dragon guards the cartographer's map`, startedAt: at(1_000) });
      const cafe = await save(db, me.userId, { prompt: `${tag} Meet me at the Café Müller`, startedAt: at(2_000) });
      const walking = await save(db, me.userId, { prompt: `${tag} She was walking home`, startedAt: at(3_000) });

      expect(await ids(db, me.userId, { search: `${tag} dragons` })).toEqual([dragon.id]);
      expect(await ids(db, me.userId, { search: `${tag} drag` })).toEqual([dragon.id]);
      expect(await ids(db, me.userId, { search: `${tag} cartog` })).toEqual([dragon.id]);
      expect(await ids(db, me.userId, { search: `${tag} DRAGON` })).toEqual([dragon.id]);
      expect(await ids(db, me.userId, { search: tag.slice(0, 6) })).toEqual([walking.id, cafe.id, dragon.id]);

      expect(await ids(db, me.userId, { search: `${tag} cafe` })).toEqual([cafe.id]);
      expect(await ids(db, me.userId, { search: `${tag} café` })).toEqual([cafe.id]);
      expect(await ids(db, me.userId, { search: `${tag} muller` })).toEqual([cafe.id]);
      expect(await ids(db, me.userId, { search: `${tag} MÜLLER` })).toEqual([cafe.id]);

      expect(await ids(db, me.userId, { search: `${tag} walks` })).toEqual([walking.id]);
      expect(await ids(db, me.userId, { search: `${tag} walked` })).toEqual([walking.id]);
    });

    it("quotes, stars, operators and brackets are plain text: the query never breaks", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const [a, b] = [uniqueWord(), uniqueWord()];
      // Also holds the plain words the hostile inputs below contain (near, content, drop, …).
      const entry = await save(db, me.userId, {
        prompt: `The ${a} and the ${b} meet near 5 content to drop table query history`,
        startedAt: at(1_000),
      });
      const onlyA = await save(db, me.userId, { prompt: `Only the ${a}`, startedAt: at(2_000) });

      const hostile = [
        `"${a} ${b}`,
        `${a} ${b}"`,
        `"${a}" "${b}"`,
        `"${a} ${b}"`,
        `${a}* ${b}`,
        `*${a} *${b}`,
        `${a} AND ${b}`,
        `${a} NEAR(${b})`,
        `NEAR(${a} ${b}, 5)`,
        `-${b} ${a}`,
        `${a} -${b}`,
        `{content}: ${a} ${b}`,
        `content:${a} ${b}`,
        `(${a}) + ^${b}`,
        `${a}'); drop table query_history; -- ${b}`,
      ];
      for (const search of hostile) {
        expect(await ids(db, me.userId, { search }), search).toEqual([entry.id]);
      }
      // OR and NOT are words like any other, not operators.
      expect(await ids(db, me.userId, { search: `${a} OR ${b}` }), "OR").toEqual([]);
      expect(await ids(db, me.userId, { search: `${a} NOT ${b}` }), "NOT").toEqual([]);
      // Nothing but syntax is no search at all.
      for (const search of [`"`, `*`, `""`, `-`, `(`, `)`, `'`, `^`, `:`, `%_`, `" * - ( ) :`]) {
        expect(await ids(db, me.userId, { search }), search).toEqual([onlyA.id, entry.id]);
      }
      // A lone NEAR( is the word "near", found where it is written.
      expect(await ids(db, me.userId, { search: "NEAR(" })).toEqual([entry.id]);
    });

    it("a search term is letters and digits only, quoted, as a prefix", () => {
      expect(searchTerms(`Dragon's "lair" NEAR( -x* OR y`)).toEqual([`"dragon"*`, `"s"*`, `"lair"*`, `"near"*`, `"x"*`, `"or"*`, `"y"*`]);
      expect(searchTerms("Café 2026")).toEqual([`"café"*`, `"2026"*`]);
      expect(searchTerms("dup DUP dup")).toEqual([`"dup"*`]);
      expect(searchTerms(`" * - ( )`)).toEqual([]);
    });

    it("a search is scoped to the writer and to the section", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const other = await makeAccount(db);
      const word = uniqueWord();
      const mine = await save(db, me.userId, { prompt: `Mine ${word}`, startedAt: at(1_000) });
      await save(db, other.userId, { prompt: `Theirs ${word}`, startedAt: at(2_000) });
      const poem = await save(db, me.userId, { prompt: `A poem ${word}`, queryType: "poetry", element: "poem", startedAt: at(3_000) });

      expect(await ids(db, me.userId, { search: word })).toEqual([mine.id]);
      expect(await ids(db, me.userId, { search: word, queryTypes: POETRY_TYPES })).toEqual([poem.id]);
      expect((await ids(db, other.userId, { search: word })).includes(mine.id)).toBe(false);
    });

    it("search results page with cursors like the list", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const word = uniqueWord();
      const matching: Entry[] = [];
      for (let i = 0; i < 30; i += 1) {
        matching.push(await save(db, me.userId, { prompt: `Entry ${i} ${word}`, startedAt: at(i * 1_000) }));
        await save(db, me.userId, { prompt: `Entry ${i} without it`, startedAt: at(i * 1_000 + 500) });
      }
      const { sizes, ids: listed } = await allPages(db, me.userId, PROSE_TYPES, word);
      expect(sizes).toEqual([24, 6]);
      expect(listed).toEqual(matching.map((entry) => entry.id).reverse());
    });

    it("a deleted conversation leaves the search index", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const [p, f] = [uniqueWord(), uniqueWord()];
      const entry = await save(db, me.userId, { prompt: `Prompt ${p}`, answer: `Answer ${p}` });
      await followUp(db, me.userId, entry.conversationId, `Ask ${f}`, `Reply ${f}`, 5_000);
      expect(await indexedRows(db, p)).toBe(2);
      expect(await indexedRows(db, f)).toBe(2);

      expect(await deleteHistoryEntry({ db, userId: me.userId, id: entry.id })).toBe(true);
      expect(await indexedRows(db, p)).toBe(0);
      expect(await indexedRows(db, f)).toBe(0);
      expect(await ids(db, me.userId, { search: p })).toEqual([]);

      // A new conversation with the same words is found again (the index is not broken).
      const again = await save(db, me.userId, { prompt: `Prompt ${p} again` });
      expect(await ids(db, me.userId, { search: p })).toEqual([again.id]);
      expect(await indexedRows(db, p)).toBe(1);
    });
  });

  describe("history entry and delete", () => {
    it("an entry comes with every turn in order, with statuses; another writer gets nothing", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const other = await makeAccount(db);
      const entry = await save(db, me.userId, { prompt: "Generate Story outline.", answer: "Act one." });
      await followUp(db, me.userId, entry.conversationId, "Darker", "Dark act", 5_000, "stopped");
      await followUp(db, me.userId, entry.conversationId, "Twist", "A twist", 9_000, "interrupted");

      const found = await getHistoryEntry({ db, userId: me.userId, id: entry.id });
      expect(found).toMatchObject({ id: entry.id, queryType: "prose", element: "world", conversationId: entry.conversationId });
      expect(found!.turns.map(({ role, content, status }) => ({ role, content, status }))).toEqual([
        { role: "user", content: "Generate Story outline.", status: "complete" },
        { role: "assistant", content: "Act one.", status: "complete" },
        { role: "user", content: "Darker", status: "complete" },
        { role: "assistant", content: "Dark act", status: "stopped" },
        { role: "user", content: "Twist", status: "complete" },
        { role: "assistant", content: "A twist", status: "interrupted" },
      ]);
      expect(await getHistoryEntry({ db, userId: other.userId, id: entry.id })).toBeUndefined();
      expect(await getHistoryEntry({ db, userId: me.userId, id: crypto.randomUUID() })).toBeUndefined();
    });

    it("someone else's id deletes nothing and answers false", async () => {
      const db = getDb();
      const owner = await makeAccount(db);
      const intruder = await makeAccount(db);
      const entry = await save(db, owner.userId);
      await followUp(db, owner.userId, entry.conversationId, "More", "More text", 5_000);

      expect(await deleteHistoryEntry({ db, userId: intruder.userId, id: entry.id })).toBe(false);
      expect(await countRows(db, "query_history", entry.conversationId)).toBe(1);
      expect(await countRows(db, "query_messages", entry.conversationId)).toBe(4);
      expect(await ids(db, owner.userId)).toEqual([entry.id]);
      expect(await deleteHistoryEntry({ db, userId: owner.userId, id: crypto.randomUUID() })).toBe(false);
    });

    it("the owner's delete removes the entry and all its turns, and only that entry", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const gone = await save(db, me.userId, { startedAt: at(1_000) });
      await followUp(db, me.userId, gone.conversationId, "More", "More text", 5_000);
      const kept = await save(db, me.userId, { startedAt: at(2_000) });

      expect(await deleteHistoryEntry({ db, userId: me.userId, id: gone.id })).toBe(true);
      expect(await countRows(db, "query_history", gone.conversationId)).toBe(0);
      expect(await countRows(db, "query_messages", gone.conversationId)).toBe(0);
      expect(await countRows(db, "query_messages", kept.conversationId)).toBe(2);
      expect(await ids(db, me.userId)).toEqual([kept.id]);
      expect(await getHistoryEntry({ db, userId: me.userId, id: gone.id })).toBeUndefined();
      // A second delete of the same id finds nothing.
      expect(await deleteHistoryEntry({ db, userId: me.userId, id: gone.id })).toBe(false);
    });
  });

  describe("the dashboard's recent work", () => {
    it("the most recently updated conversation of each query type, the writer's own only", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const other = await makeAccount(db);
      const older = await save(db, me.userId, { answer: "# The Lock House\n\nFog.", startedAt: at(0) });
      await save(db, me.userId, { answer: "# Newer start", startedAt: at(1_000) });
      await save(db, me.userId, { queryType: "poetry", element: "poem", answer: "# Salt", startedAt: at(500) });
      await save(db, me.userId, { queryType: "world_building", element: "", answer: "# Legacy", startedAt: at(200) });
      // A follow-up makes the older prose conversation the one last worked on.
      await followUp(db, me.userId, older.conversationId, "Colder", "Colder fog", 5_000);
      await save(db, other.userId, { answer: "# Not mine", startedAt: at(9_000) });

      const rows = await latestConversationPerType({ db, userId: me.userId });
      const byType = Object.fromEntries(rows.map((row) => [row.queryType, row]));
      expect(Object.keys(byType).sort()).toEqual(["poetry", "prose", "world_building"]);
      expect(byType.prose!.headingSource).toContain("The Lock House");
      expect(byType.prose!.updatedAt.getTime()).toBeGreaterThanOrEqual(at(5_000).getTime());
      expect(byType.poetry!.headingSource).toContain("Salt");

      // Per tool: prose and its legacy type are one card; the newest of the two wins.
      const work = recentWorkByTool(rows);
      expect(Object.keys(work).sort()).toEqual(["poetry", "prose"]);
      expect(work.prose!.title).toBe("World description · The Lock House");
      expect(work.poetry!.title).toBe("Poem · Salt");
      expect(await latestConversationPerType({ db, userId: (await makeAccount(db)).userId })).toEqual([]);
    });

    it("says how long ago in words", () => {
      const now = new Date("2026-03-10T12:00:00Z");
      const ago = (ms: number) => timeAgo(new Date(now.getTime() - ms), now);
      expect(ago(20_000)).toBe("just now");
      expect(ago(5 * 60_000)).toBe("5 minutes ago");
      expect(ago(3 * 3_600_000)).toBe("3 hours ago");
      expect(ago(26 * 3_600_000)).toBe("yesterday");
      expect(ago(15 * 86_400_000)).toBe("2 weeks ago");
    });
  });
}
