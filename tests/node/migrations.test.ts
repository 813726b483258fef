/**
 * Migrations 0003 and 0004 on data as older versions of the app left it (decision 010):
 *
 * - 0003 gives every conversation saved before turns were kept (only `query_history.query_text`
 *   and `response_text`) its one exchange as turns in `query_messages`. That is what lets the app
 *   read every thread from `query_messages` alone, with no fallback to the history row.
 * - 0004 gives existing conversations of trial writers (neither admin nor subscriber) the
 *   trial's per-conversation follow-up allowance, with the follow-ups already made counted
 *   (assistant turns − 1); admins' and subscribers' conversations stay without one (NULL);
 *   nobody's trial conversations left change.
 *
 * Applied with @libsql/client to a `file:` database, as the query suite does (D1 is SQLite too).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient, type Client, type InValue } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationFiles, migrationStatements } from "./migration-files";
import { createLibsqlDatabase } from "../../db/client";
import { readThread } from "../../db/queries/conversations";



// ---- What older versions of the app left in the database -----------------------------------

const T0 = Date.UTC(2026, 9, 1, 9, 0, 0);
const DAY_MS = 24 * 60 * 60 * 1000;

const writer = { id: "user-trial-writer", email: "writer@example.com" };
const admin = { id: "user-admin", email: "admin@example.com" };
const subscriber = { id: "user-subscriber", email: "subscriber@example.com" };

type Turn = { id: string; role: "user" | "assistant"; content: string; status: string; createdAt: number };
type Conversation = {
  id: string;
  userId: string;
  conversationId: string;
  queryType: string;
  element: string | null;
  queryText: string;
  responseText: string;
  createdAt: number;
  updatedAt: number;
  /** The turns saved with it; [] for a conversation saved before turns were kept. */
  turns: Turn[];
};

/** A conversation's exchanges as the app saved them: the user's turn, then the answer 5 s later. */
function turnsFor(conversationId: string, start: number, exchanges: [string, string][]): Turn[] {
  return exchanges.flatMap(([ask, reply], index) => [
    { id: `${conversationId}-u${index}`, role: "user" as const, content: ask, status: "complete", createdAt: start + index * 60_000 },
    { id: `${conversationId}-a${index}`, role: "assistant" as const, content: reply, status: "complete", createdAt: start + index * 60_000 + 5_000 },
  ]);
}

/** Saved before turns were kept: only the history row, its answer finished 4 s after the request. */
const legacy: Conversation = {
  id: "history-legacy",
  userId: writer.id,
  conversationId: "conversation-legacy",
  queryType: "world_building",
  element: null,
  queryText: "Output Type Requested: World\nGenre: noir\nSetting: a flooded harbour town",
  responseText: "## Overview\nA drowned city where the lighthouse keepers rule.",
  createdAt: T0,
  updatedAt: T0 + 4_000,
  turns: [],
};

/** Also without turns, and with updated_at equal to created_at (the answer must still come second). */
const legacySameInstant: Conversation = {
  id: "history-legacy-same-instant",
  userId: writer.id,
  conversationId: "conversation-legacy-same-instant",
  queryType: "story_outline",
  element: null,
  queryText: "Output Type Requested: Outline\nGenre: fable",
  responseText: "Act one. Act two.",
  createdAt: T0 + 1_000,
  updatedAt: T0 + 1_000,
  turns: [],
};

const withFollowUps: Conversation = (() => {
  const createdAt = T0 + DAY_MS;
  const exchanges: [string, string][] = [
    ["Generate Story outline.\n\nGenre: noir", "# Act one"],
    ["Darker", "# Act one, darker"],
    ["Add a twist", "# The twist with a quicksilver heron"],
  ];
  const turns = turnsFor("conversation-follow-ups", createdAt, exchanges);
  return {
    id: "history-follow-ups",
    userId: writer.id,
    conversationId: "conversation-follow-ups",
    queryType: "prose",
    element: "outline",
    queryText: exchanges[0]![0],
    responseText: exchanges[0]![1],
    createdAt,
    updatedAt: turns.at(-1)!.createdAt,
    turns,
  };
})();

const adminConversation: Conversation = (() => {
  const createdAt = T0 + 2 * DAY_MS;
  const exchanges: [string, string][] = [
    ["Generate Poem.\n\nPremise: the sea", "## Salt"],
    ["Shorter", "## Salt, shorter"],
  ];
  const turns = turnsFor("conversation-admin", createdAt, exchanges);
  return {
    id: "history-admin",
    userId: admin.id,
    conversationId: "conversation-admin",
    queryType: "poetry",
    element: "poem",
    queryText: exchanges[0]![0],
    responseText: exchanges[0]![1],
    createdAt,
    updatedAt: turns.at(-1)!.createdAt,
    turns,
  };
})();

const subscriberConversation: Conversation = {
  ...adminConversation,
  id: "history-subscriber",
  userId: subscriber.id,
  conversationId: "conversation-subscriber",
  turns: adminConversation.turns.map((turn) => ({ ...turn, id: turn.id.replace("admin", "subscriber") })),
};

const conversations = [legacy, legacySameInstant, withFollowUps, adminConversation, subscriberConversation];

async function insertOldData(client: Client) {
  const statements: { sql: string; args: InValue[] }[] = [];
  for (const user of [writer, admin, subscriber]) {
    statements.push({
      sql: "INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
      args: [user.id, user.email, `hash-of-${user.id}`, T0 - DAY_MS, T0 - DAY_MS],
    });
  }
  statements.push(
    {
      // A trial writer who has spent 2 of the old 5 queries.
      sql: `INSERT INTO user_subscriptions (user_id, is_admin, is_subscribed, queries_remaining, queries_used, trial_end_date, updated_at)
            VALUES (?, 0, 0, 3, 2, ?, ?)`,
      args: [writer.id, T0 + 29 * DAY_MS, T0 + DAY_MS],
    },
    {
      sql: `INSERT INTO user_subscriptions (user_id, is_admin, is_subscribed, queries_remaining, queries_used, trial_end_date, updated_at)
            VALUES (?, 1, 0, 5, 0, NULL, ?)`,
      args: [admin.id, T0 - DAY_MS],
    },
    {
      sql: `INSERT INTO user_subscriptions (user_id, is_admin, is_subscribed, queries_remaining, queries_used, trial_end_date, updated_at)
            VALUES (?, 0, 1, 4, 1, ?, ?)`,
      args: [subscriber.id, T0 + 29 * DAY_MS, T0 - DAY_MS],
    },
  );
  for (const c of conversations) {
    statements.push({
      sql: `INSERT INTO query_history (id, user_id, query_type, element, query_text, response_text, conversation_id, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [c.id, c.userId, c.queryType, c.element, c.queryText, c.responseText, c.conversationId, c.createdAt, c.updatedAt],
    });
    for (const turn of c.turns) {
      statements.push({
        sql: "INSERT INTO query_messages (id, conversation_id, role, content, status, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        args: [turn.id, c.conversationId, turn.role, turn.content, turn.status, turn.createdAt],
      });
    }
  }
  await client.batch(statements, "write");
}

// ---- Reading the result ---------------------------------------------------------------------

type StoredTurn = Turn & { seq: number };

/** A conversation's turns in the order the app's thread reader uses (created_at, then seq). */
async function storedTurns(client: Client, conversationId: string): Promise<StoredTurn[]> {
  const { rows } = await client.execute({
    sql: "SELECT seq, id, role, content, status, created_at FROM query_messages WHERE conversation_id = ? ORDER BY created_at, seq",
    args: [conversationId],
  });
  return rows.map((row) => ({
    seq: Number(row.seq),
    id: String(row.id),
    role: row.role as Turn["role"],
    content: String(row.content),
    status: String(row.status),
    createdAt: Number(row.created_at),
  }));
}

async function subscriptionRows(client: Client) {
  const { rows } = await client.execute("SELECT * FROM user_subscriptions ORDER BY user_id");
  return rows.map((row) => Object.fromEntries(Object.entries(row)));
}

/** Conversation ids whose turns match an FTS5 query, as the history search finds them. */
async function searchHits(client: Client, match: string): Promise<string[]> {
  const { rows } = await client.execute({
    sql: `SELECT DISTINCT m.conversation_id FROM query_messages_fts f JOIN query_messages m ON m.seq = f.rowid
          WHERE query_messages_fts MATCH ? ORDER BY m.conversation_id`,
    args: [match],
  });
  return rows.map((row) => String(row.conversation_id));
}

// ---- The migrations -------------------------------------------------------------------------

describe("migrations 0003 onward on data older versions of the app left", () => {
  let dir: string;
  let client: Client;
  let subscriptionsBefore: Awaited<ReturnType<typeof subscriptionRows>>;

  beforeAll(async () => {
    const all = migrationFiles();
    const cut = all.findIndex((name) => name.startsWith("0003_"));
    expect(all.slice(0, cut)).toEqual(["0000_init.sql", "0001_system_prompts.sql", "0002_message_status.sql"]);
    expect(all.slice(cut)).toContain("0004_trial_conversations.sql");

    dir = mkdtempSync(path.join(os.tmpdir(), "tws-migrations-"));
    client = createClient({ url: `file:${path.join(dir, "migrations.db")}` });
    await client.batch(migrationStatements(all.slice(0, cut)), "write");
    await insertOldData(client);
    subscriptionsBefore = await subscriptionRows(client);
    // The starting point is what the brief describes: two conversations without any turn.
    const { rows } = await client.execute("SELECT conversation_id, count(*) AS n FROM query_messages GROUP BY conversation_id");
    expect(Object.fromEntries(rows.map((row) => [row.conversation_id, Number(row.n)]))).toEqual({
      [withFollowUps.conversationId]: 6,
      [adminConversation.conversationId]: 4,
      [subscriberConversation.conversationId]: 4,
    });

    await client.batch(migrationStatements(all.slice(cut)), "write");
  });

  afterAll(() => {
    client?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("0003: every conversation has its turns in query_messages, starting with its history row's request and answer", async () => {
    const { rows } = await client.execute(
      `SELECT h.conversation_id FROM query_history h
       WHERE NOT EXISTS (SELECT 1 FROM query_messages m WHERE m.conversation_id = h.conversation_id)`,
    );
    expect(rows).toHaveLength(0);
    for (const c of conversations) {
      const turns = await storedTurns(client, c.conversationId);
      expect(turns[0], c.conversationId).toMatchObject({ role: "user", content: c.queryText, status: "complete" });
      expect(turns[1], c.conversationId).toMatchObject({ role: "assistant", content: c.responseText, status: "complete" });
    }
    // Nothing else in query_messages: no turn without a conversation, none duplicated.
    const total = await client.execute("SELECT count(*) AS n, count(DISTINCT id) AS ids, count(DISTINCT seq) AS seqs FROM query_messages");
    expect({ ...total.rows[0] }).toMatchObject({ n: 2 + 2 + 6 + 4 + 4, ids: 18, seqs: 18 });
  });

  it("0003: a conversation saved without turns gets exactly its one exchange, complete and in order", async () => {
    for (const c of [legacy, legacySameInstant]) {
      const turns = await storedTurns(client, c.conversationId);
      expect(
        turns.map(({ role, content, status, createdAt }) => ({ role, content, status, createdAt })),
        c.conversationId,
      ).toEqual([
        { role: "user", content: c.queryText, status: "complete", createdAt: c.createdAt },
        // The answer when it was last updated, and always after the request.
        { role: "assistant", content: c.responseText, status: "complete", createdAt: Math.max(c.updatedAt, c.createdAt + 1) },
      ]);
      expect(turns[0]!.seq).toBeLessThan(turns[1]!.seq);
      for (const turn of turns) expect(turn.id).toMatch(/^[0-9a-f]{32}$/);
      expect(turns[0]!.id).not.toBe(turns[1]!.id);
    }
  });

  it("0003: conversations that had turns keep exactly those turns, in the order they were saved", async () => {
    for (const c of [withFollowUps, adminConversation, subscriberConversation]) {
      const turns = await storedTurns(client, c.conversationId);
      expect(turns.map(({ seq: _seq, ...turn }) => turn), c.conversationId).toEqual(c.turns);
      expect(turns.map((turn) => turn.seq)).toEqual([...turns.map((turn) => turn.seq)].sort((a, b) => a - b));
    }
  });

  it("0003: the app's single thread reader returns the converted exchange", async () => {
    const db = createLibsqlDatabase(client);
    expect(await readThread({ db, userId: writer.id, conversationId: legacy.conversationId })).toEqual([
      { role: "user", content: legacy.queryText, status: "complete" },
      { role: "assistant", content: legacy.responseText, status: "complete" },
    ]);
    expect(await readThread({ db, userId: writer.id, conversationId: withFollowUps.conversationId })).toEqual(
      withFollowUps.turns.map(({ role, content, status }) => ({ role, content, status })),
    );
  });

  it("0003: the history search finds the converted exchanges and the older turns", async () => {
    expect(await searchHits(client, '"drowned"*')).toEqual([legacy.conversationId]);
    expect(await searchHits(client, '"fable"*')).toEqual([legacySameInstant.conversationId]);
    expect(await searchHits(client, '"quicksilver"*')).toEqual([withFollowUps.conversationId]);
  });

  it("0004: trial follow-ups so far for trial writers' conversations, none (NULL) for an admin's or a subscriber's", async () => {
    const { rows } = await client.execute("SELECT conversation_id, trial_follow_ups_used FROM query_history ORDER BY conversation_id");
    expect(Object.fromEntries(rows.map((row) => [row.conversation_id, row.trial_follow_ups_used]))).toEqual({
      [legacy.conversationId]: 0,
      [legacySameInstant.conversationId]: 0,
      [withFollowUps.conversationId]: 2,
      [adminConversation.conversationId]: null,
      [subscriberConversation.conversationId]: null,
    });
  });

  it("0004: a row saved by code that predates the column gets the trial allowance by default", async () => {
    await client.execute({
      sql: `INSERT INTO query_history (id, user_id, query_type, element, query_text, response_text, conversation_id, created_at, updated_at)
            VALUES ('history-late', ?, 'prose', 'world', 'Generate World description.', '# A world', 'conversation-late', ?, ?)`,
      args: [writer.id, T0 + 3 * DAY_MS, T0 + 3 * DAY_MS],
    });
    const { rows } = await client.execute("SELECT trial_follow_ups_used FROM query_history WHERE id = 'history-late'");
    expect(rows[0]?.trial_follow_ups_used).toBe(0);
    await client.execute("DELETE FROM query_history WHERE id = 'history-late'");
  });

  it("0004: every writer keeps their trial conversations left and used, and the rest of their row", async () => {
    const after = await subscriptionRows(client);
    // 0006 adds checkout_session_id (NULL for everyone); every column that was there stays as it was.
    expect(after.map((row) => row.checkout_session_id)).toEqual(after.map(() => null));
    const columnsBefore = after.map((row) => {
      const copy: Record<string, unknown> = { ...row };
      delete copy.checkout_session_id;
      return copy;
    });
    expect(columnsBefore).toEqual(subscriptionsBefore);
    expect(after.map(({ user_id, queries_remaining, queries_used }) => ({ user_id, queries_remaining, queries_used }))).toEqual([
      { user_id: admin.id, queries_remaining: 5, queries_used: 0 },
      { user_id: subscriber.id, queries_remaining: 4, queries_used: 1 },
      { user_id: writer.id, queries_remaining: 3, queries_used: 2 },
    ]);
  });
});
