/**
 * History that finds things (decision 012): renaming and starring an entry (owner-scoped), the
 * Starred filter with its cursor, one search across several sections' types, the columns a
 * derived title is made of (the first answer's start only when no rename or detail can name it)
 * and what 'Continue in tool' reads back.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { saveTurn } from "../../db/queries/conversations";
import {
  decodeCursor,
  findConversationSetup,
  getHistoryEntry,
  listHistoryPage,
  updateHistoryEntry,
} from "../../db/queries/history";
import { makeAccount, NOW } from "./fixtures";

const PROSE_TYPES = ["prose", "world_building"];
const POETRY_TYPES = ["poetry", "poetry_unified"];
const at = (ms: number) => new Date(NOW.getTime() + ms);

type Entry = { conversationId: string; id: string };

async function save(
  db: Database,
  userId: string,
  { prompt = "Generate World description.", answer = "# A drowned world\n\nText.", queryType = "prose", element = "world", ms = 0 } = {},
): Promise<Entry> {
  const conversationId = crypto.randomUUID();
  await saveTurn({
    db,
    turn: { kind: "initial", userId, conversationId, queryType, element, userText: prompt, startedAt: at(ms), details: {}, mode: "generate", exchangeId: crypto.randomUUID() },
    answer: { text: answer, status: "complete", finishedAt: at(ms + 500) },
    trialConversation: false,
  });
  const rows = await db.all<{ id: string }>(sql`select id from query_history where conversation_id = ${conversationId}`);
  return { conversationId, id: rows[0]!.id };
}

/** The details the generation path records (written directly: this suite tests the reads). */
async function setDetails(db: Database, conversationId: string, details: string | null) {
  await db.run(sql`update query_history set details = ${details} where conversation_id = ${conversationId}`);
}

async function stored(db: Database, id: string) {
  const rows = await db.all<{ title: string | null; starred: number }>(sql`select title, starred from query_history where id = ${id}`);
  return rows[0];
}

function page(db: Database, userId: string, options: { queryTypes?: string[]; search?: string; starred?: boolean; cursor?: string | null; limit?: number } = {}) {
  return listHistoryPage({
    db,
    userId,
    queryTypes: options.queryTypes ?? PROSE_TYPES,
    search: options.search,
    starred: options.starred,
    cursor: decodeCursor(options.cursor),
    limit: options.limit ?? 24,
    previewChars: 150,
  });
}

function uniqueWord(): string {
  const letters = "bcdfghjkmnpqrtvwxz";
  let word = "zq";
  for (let i = 0; i < 10; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

export function historyFindQueries(getDb: () => Database) {
  describe("history: rename and star", () => {
    it("renames, stars, unstars and resets the title of the owner's entry, answering what a title is made of", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const entry = await save(db, me.userId);

      expect(await updateHistoryEntry({ db, userId: me.userId, id: entry.id, changes: { title: "The drowned city" } })).toEqual({
        id: entry.id,
        queryType: "prose",
        element: "world",
        title: "The drowned city",
        starred: false,
        details: null,
        headingSource: null,
      });
      expect(await updateHistoryEntry({ db, userId: me.userId, id: entry.id, changes: { starred: true } })).toMatchObject({
        title: "The drowned city",
        starred: true,
      });
      expect(await stored(db, entry.id)).toEqual({ title: "The drowned city", starred: 1 });

      // Both at once; a null title is the derived one again, whose heading source comes back.
      expect(await updateHistoryEntry({ db, userId: me.userId, id: entry.id, changes: { title: null, starred: false } })).toMatchObject({
        title: null,
        starred: false,
        headingSource: "# A drowned world\n\nText.",
      });
      expect(await stored(db, entry.id)).toEqual({ title: null, starred: 0 });
    });

    it("another writer's id (or an unknown one) changes nothing and is not found", async () => {
      const db = getDb();
      const owner = await makeAccount(db);
      const intruder = await makeAccount(db);
      const entry = await save(db, owner.userId);

      expect(await updateHistoryEntry({ db, userId: intruder.userId, id: entry.id, changes: { title: "Mine now", starred: true } })).toBeUndefined();
      expect(await updateHistoryEntry({ db, userId: owner.userId, id: crypto.randomUUID(), changes: { starred: true } })).toBeUndefined();
      expect(await stored(db, entry.id)).toEqual({ title: null, starred: 0 });
    });
  });

  describe("history: the Starred filter", () => {
    it("lists only starred entries, newest first, paged with its own cursor", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const saved: Entry[] = [];
      for (let i = 0; i < 7; i += 1) saved.push(await save(db, me.userId, { ms: i * 1_000 }));
      const starred = [saved[0]!, saved[2]!, saved[3]!, saved[6]!];
      for (const entry of starred) await updateHistoryEntry({ db, userId: me.userId, id: entry.id, changes: { starred: true } });

      const first = await page(db, me.userId, { starred: true, limit: 3 });
      expect(first.entries.map((entry) => entry.id)).toEqual([saved[6]!.id, saved[3]!.id, saved[2]!.id]);
      expect(first.entries.every((entry) => entry.starred)).toBe(true);
      const second = await page(db, me.userId, { starred: true, limit: 3, cursor: first.nextCursor });
      expect(second.entries.map((entry) => entry.id)).toEqual([saved[0]!.id]);
      expect(second.nextCursor).toBeNull();
      // Without the filter every entry is there.
      expect((await page(db, me.userId)).entries).toHaveLength(7);
    });

    it("works with a search, and another writer's stars are not this writer's", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const other = await makeAccount(db);
      const word = uniqueWord();
      const starredMatch = await save(db, me.userId, { answer: `# Harbour\n\n${word}`, ms: 1_000 });
      await save(db, me.userId, { answer: `# Harbour\n\n${word}`, ms: 2_000 });
      const starredOther = await save(db, me.userId, { answer: "# Harbour", ms: 3_000 });
      const theirs = await save(db, other.userId, { answer: `# Harbour\n\n${word}`, ms: 4_000 });
      for (const entry of [starredMatch, starredOther]) await updateHistoryEntry({ db, userId: me.userId, id: entry.id, changes: { starred: true } });
      await updateHistoryEntry({ db, userId: other.userId, id: theirs.id, changes: { starred: true } });

      expect((await page(db, me.userId, { starred: true, search: word })).entries.map((entry) => entry.id)).toEqual([starredMatch.id]);
      expect((await page(db, me.userId, { starred: true })).entries.map((entry) => entry.id)).toEqual([starredOther.id, starredMatch.id]);
    });
  });

  describe("history: one search across sections", () => {
    it("finds the word in every given section's types, newest first, and nothing of another writer", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const other = await makeAccount(db);
      const word = uniqueWord();
      const prose = await save(db, me.userId, { answer: `A world of ${word}`, ms: 1_000 });
      const poem = await save(db, me.userId, { queryType: "poetry", element: "poem", prompt: `Generate Poem.\n\nPremise: ${word}`, ms: 2_000 });
      const unified = await save(db, me.userId, { queryType: "poetry_unified", element: "", answer: `${word}!`, ms: 3_000 });
      await save(db, me.userId, { queryType: "songwriting", element: "lyrics", answer: word, ms: 4_000 });
      await save(db, other.userId, { queryType: "poetry", element: "poem", answer: word, ms: 5_000 });

      const found = await page(db, me.userId, { queryTypes: [...PROSE_TYPES, ...POETRY_TYPES], search: word });
      expect(found.entries.map((entry) => [entry.id, entry.queryType])).toEqual([
        [unified.id, "poetry_unified"],
        [poem.id, "poetry"],
        [prose.id, "prose"],
      ]);
    });
  });

  describe("history: what titles and 'Continue in tool' read", () => {
    it("the first answer's start is read only when neither a rename nor a filled detail names the entry", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const plain = await save(db, me.userId, { answer: `# Heading\n\n${"long ".repeat(400)}`, ms: 1_000 });
      const emptyDetails = await save(db, me.userId, { ms: 2_000 });
      await setDetails(db, emptyDetails.conversationId, "{}");
      const detailed = await save(db, me.userId, { ms: 3_000 });
      await setDetails(db, detailed.conversationId, JSON.stringify({ genre: "dark fantasy" }));
      const renamed = await save(db, me.userId, { ms: 4_000 });
      await updateHistoryEntry({ db, userId: me.userId, id: renamed.id, changes: { title: "Mine" } });

      const entries = new Map((await page(db, me.userId)).entries.map((entry) => [entry.id, entry]));
      expect(entries.get(plain.id)?.headingSource).toHaveLength(1_000);
      expect(entries.get(plain.id)?.headingSource?.startsWith("# Heading")).toBe(true);
      expect(entries.get(emptyDetails.id)).toMatchObject({ details: "{}", headingSource: "# A drowned world\n\nText." });
      expect(entries.get(detailed.id)).toMatchObject({ details: '{"genre":"dark fantasy"}', headingSource: null });
      expect(entries.get(renamed.id)).toMatchObject({ title: "Mine", headingSource: null });
    });

    it("the thread carries title, star, details and mode; the setup of a conversation is its owner's only", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const other = await makeAccount(db);
      const entry = await save(db, me.userId, { element: "outline" });
      const details = JSON.stringify({ genre: "cozy mystery", tone: "wry" });
      await setDetails(db, entry.conversationId, details);
      await updateHistoryEntry({ db, userId: me.userId, id: entry.id, changes: { starred: true } });

      expect(await getHistoryEntry({ db, userId: me.userId, id: entry.id })).toMatchObject({
        element: "outline",
        title: null,
        starred: true,
        details,
        mode: "generate",
        headingSource: null,
      });
      expect(await findConversationSetup({ db, userId: me.userId, conversationId: entry.conversationId })).toEqual({
        element: "outline",
        details,
        mode: "generate",
      });
      expect(await findConversationSetup({ db, userId: other.userId, conversationId: entry.conversationId })).toBeUndefined();
    });
  });
}
