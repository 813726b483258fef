import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { saveTurn } from "../../db/queries/conversations";
import { refundConversation, refundFollowUp } from "../../db/queries/metering";
import { openTurn } from "../../db/queries/turn-opening";
import { queryHistory, userSubscriptions } from "../../db/schema";
import { DAY_MS, makeAccount, NOW } from "./fixtures";

/*
 * Reservations go through the turn's opening batch, the only way the app takes one (decision
 * 009): the writer comes from the session, never from a user id.
 */
type Writer = { sessionId: string };
const renewal = { before: new Date(NOW.getTime() + 15 * DAY_MS), until: new Date(NOW.getTime() + 30 * DAY_MS) };

async function reserveConversation(db: Database, writer: Writer) {
  const opening = await openTurn(db, { sessionId: writer.sessionId, now: NOW, renewal, turn: { kind: "new", projectId: null } });
  return opening.reservation;
}

async function reserveFollowUp(db: Database, writer: Writer, conversationId: string, allowance: number) {
  const opening = await openTurn(db, { sessionId: writer.sessionId, now: NOW, renewal, turn: { kind: "later", conversationId, allowance } });
  return opening.reservation;
}

async function counters(db: Database, userId: string) {
  const rows = await db
    .select({ remaining: userSubscriptions.queriesRemaining, used: userSubscriptions.queriesUsed })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId));
  return rows[0];
}

async function setRow(db: Database, userId: string, values: Partial<typeof userSubscriptions.$inferInsert>) {
  await db.update(userSubscriptions).set(values).where(eq(userSubscriptions.userId, userId));
}

export function meteringQueries(getDb: () => Database) {
  describe("metering", () => {
    it("a new conversation charges a trial writer one conversation at a time, down to 0 and no further", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const seen = [];
      for (let i = 0; i < 6; i++) seen.push(await reserveConversation(db, me));
      expect(seen).toEqual([
        { allowed: true, charged: true, queriesRemaining: 4 },
        { allowed: true, charged: true, queriesRemaining: 3 },
        { allowed: true, charged: true, queriesRemaining: 2 },
        { allowed: true, charged: true, queriesRemaining: 1 },
        { allowed: true, charged: true, queriesRemaining: 0 },
        { allowed: false },
      ]);
      expect(await counters(db, me.userId)).toEqual({ remaining: 0, used: 5 });
    });

    it("20 concurrent reservations with 1 query left: exactly one is allowed, the counter ends at 0", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      await setRow(db, me.userId, { queriesRemaining: 1, queriesUsed: 4 });
      const results = await Promise.all(
        Array.from({ length: 20 }, () => reserveConversation(db, me)),
      );
      expect(results.filter((result) => result.allowed)).toEqual([{ allowed: true, charged: true, queriesRemaining: 0 }]);
      expect(results.filter((result) => !result.allowed)).toHaveLength(19);
      expect(await counters(db, me.userId)).toEqual({ remaining: 0, used: 5 });
    });

    it("20 concurrent reservations with 3 left: exactly three, never below zero", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      await setRow(db, me.userId, { queriesRemaining: 3, queriesUsed: 2 });
      const results = await Promise.all(
        Array.from({ length: 20 }, () => reserveConversation(db, me)),
      );
      const allowed = results.filter((result) => result.allowed);
      expect(allowed).toHaveLength(3);
      expect(allowed.map((result) => (result.charged ? result.queriesRemaining : null)).sort()).toEqual([0, 1, 2]);
      expect(await counters(db, me.userId)).toEqual({ remaining: 0, used: 5 });
    });

    it("admins and subscribers are allowed and never charged, even with the trial over and nothing left", async () => {
      const db = getDb();
      const admin = await makeAccount(db, { isAdmin: true });
      const subscriber = await makeAccount(db);
      const over = { queriesRemaining: 0, queriesUsed: 5, trialEndDate: new Date(NOW.getTime() - DAY_MS) };
      await setRow(db, admin.userId, over);
      await setRow(db, subscriber.userId, { ...over, isSubscribed: true });
      for (let i = 0; i < 3; i++) {
        expect(await reserveConversation(db, admin)).toEqual({ allowed: true, charged: false, reason: "admin" });
        expect(await reserveConversation(db, subscriber)).toEqual({
          allowed: true,
          charged: false,
          reason: "subscriber",
        });
      }
      expect(await counters(db, admin.userId)).toEqual({ remaining: 0, used: 5 });
      expect(await counters(db, subscriber.userId)).toEqual({ remaining: 0, used: 5 });
    });

    it("denies a trial that has ended, with queries left, and charges nothing", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      await setRow(db, me.userId, { trialEndDate: new Date(NOW.getTime() - 1) });
      expect(await reserveConversation(db, me)).toEqual({ allowed: false });
      // The trial end is exclusive: at the very instant it ends, it has ended.
      await setRow(db, me.userId, { trialEndDate: NOW });
      expect(await reserveConversation(db, me)).toEqual({ allowed: false });
      expect(await counters(db, me.userId)).toEqual({ remaining: 5, used: 0 });
    });

    it("denies a writer without a subscription row, and an unknown session", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      await db.delete(userSubscriptions).where(eq(userSubscriptions.userId, me.userId));
      expect(await reserveConversation(db, me)).toEqual({ allowed: false });
      expect(await reserveConversation(db, { sessionId: "no-such-session" })).toEqual({ allowed: false });
    });

    it("refundConversation gives one conversation back, and never drives queries_used below 0", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      await reserveConversation(db, me);
      expect(await counters(db, me.userId)).toEqual({ remaining: 4, used: 1 });
      await refundConversation({ db, userId: me.userId, now: NOW });
      expect(await counters(db, me.userId)).toEqual({ remaining: 5, used: 0 });
      // A row whose used count was already reset (e.g. by hand) stays at 0.
      await setRow(db, me.userId, { queriesRemaining: 4, queriesUsed: 0 });
      await refundConversation({ db, userId: me.userId, now: NOW });
      expect(await counters(db, me.userId)).toEqual({ remaining: 5, used: 0 });
    });

    it("a refund only touches its own user", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const other = await makeAccount(db);
      await reserveConversation(db, me);
      await refundConversation({ db, userId: me.userId, now: NOW });
      expect(await counters(db, other.userId)).toEqual({ remaining: 5, used: 0 });
    });
  });

  describe("trial follow-ups (a conversation's own allowance)", () => {
    const ALLOWANCE = 10;

    /** A saved conversation of the writer; `trial` gives it the trial's follow-up allowance. */
    async function conversation(db: Database, userId: string, { trial = true, used = 0 } = {}) {
      const conversationId = crypto.randomUUID();
      await saveTurn({
        db,
        turn: { kind: "initial", userId, conversationId, queryType: "prose", element: "world", userText: "Generate World description.", startedAt: NOW, details: {}, mode: "generate", exchangeId: crypto.randomUUID() },
        answer: { text: "# A world", status: "complete", finishedAt: NOW },
        trialConversation: trial,
      });
      if (trial && used > 0) {
        await db.update(queryHistory).set({ trialFollowUpsUsed: used }).where(eq(queryHistory.conversationId, conversationId));
      }
      return conversationId;
    }

    async function used(db: Database, conversationId: string) {
      const rows = await db
        .select({ used: queryHistory.trialFollowUpsUsed })
        .from(queryHistory)
        .where(eq(queryHistory.conversationId, conversationId));
      return rows[0]?.used;
    }

    const followUp = (db: Database, writer: Writer, conversationId: string) => reserveFollowUp(db, writer, conversationId, ALLOWANCE);

    it("takes up to the allowance, one at a time, then refuses saying the conversation used them up", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const id = await conversation(db, me.userId);
      const seen = [];
      for (let i = 0; i < ALLOWANCE + 1; i++) seen.push(await followUp(db, me, id));
      expect(seen.slice(0, ALLOWANCE)).toEqual(
        Array.from({ length: ALLOWANCE }, (_, i) => ({ allowed: true, charged: true, queriesRemaining: 5, followUpsUsed: i + 1 })),
      );
      expect(seen[ALLOWANCE]).toEqual({ allowed: false, followUpsUsed: ALLOWANCE, trialPeriodOpen: true });
      expect(await used(db, id)).toBe(ALLOWANCE);
      // The writer's trial conversations are not touched by follow-ups.
      expect(await counters(db, me.userId)).toEqual({ remaining: 5, used: 0 });
    });

    it("stay allowed with no trial conversations left, while the trial period lasts", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const id = await conversation(db, me.userId);
      await setRow(db, me.userId, { queriesRemaining: 0, queriesUsed: 5 });
      expect(await followUp(db, me, id)).toEqual({ allowed: true, charged: true, queriesRemaining: 0, followUpsUsed: 1 });
    });

    it("end with the trial period: refused, nothing taken", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const id = await conversation(db, me.userId);
      await setRow(db, me.userId, { trialEndDate: NOW });
      expect(await followUp(db, me, id)).toEqual({ allowed: false, followUpsUsed: 0, trialPeriodOpen: false });
      expect(await used(db, id)).toBe(0);
    });

    it("a conversation without a trial allowance is refused to a trial writer", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const id = await conversation(db, me.userId, { trial: false });
      expect(await followUp(db, me, id)).toEqual({ allowed: false, followUpsUsed: null, trialPeriodOpen: true });
      expect(await used(db, id)).toBeNull();
    });

    it("admins and subscribers are never counted, on any conversation, trial over or not", async () => {
      const db = getDb();
      const admin = await makeAccount(db, { isAdmin: true });
      const subscriber = await makeAccount(db);
      const over = { queriesRemaining: 0, queriesUsed: 5, trialEndDate: new Date(NOW.getTime() - DAY_MS) };
      await setRow(db, admin.userId, over);
      await setRow(db, subscriber.userId, { ...over, isSubscribed: true });
      const adminIds = [await conversation(db, admin.userId, { trial: false })];
      const subscriberIds = [await conversation(db, subscriber.userId, { used: ALLOWANCE }), await conversation(db, subscriber.userId, { trial: false })];
      for (const id of adminIds) {
        expect(await followUp(db, admin, id)).toEqual({ allowed: true, charged: false, reason: "admin" });
      }
      for (const id of subscriberIds) {
        expect(await followUp(db, subscriber, id)).toEqual({ allowed: true, charged: false, reason: "subscriber" });
      }
      expect(await used(db, subscriberIds[0]!)).toBe(ALLOWANCE);
      expect(await used(db, subscriberIds[1]!)).toBeNull();
    });

    it("20 concurrent follow-ups with 1 left: exactly one goes through", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const id = await conversation(db, me.userId, { used: ALLOWANCE - 1 });
      const results = await Promise.all(Array.from({ length: 20 }, () => followUp(db, me, id)));
      expect(results.filter((result) => result.allowed)).toEqual([
        { allowed: true, charged: true, queriesRemaining: 5, followUpsUsed: ALLOWANCE },
      ]);
      expect(results.filter((result) => !result.allowed)).toHaveLength(19);
      expect(await used(db, id)).toBe(ALLOWANCE);
    });

    it("another writer's conversation is refused and untouched", async () => {
      const db = getDb();
      const owner = await makeAccount(db);
      const intruder = await makeAccount(db, { isAdmin: true });
      const id = await conversation(db, owner.userId);
      expect(await followUp(db, intruder, id)).toEqual({ allowed: false, followUpsUsed: null, trialPeriodOpen: false });
      expect(await used(db, id)).toBe(0);
    });

    it("refundFollowUp gives one back to its own conversation, never below 0, only for its owner", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const other = await makeAccount(db);
      const id = await conversation(db, me.userId, { used: 2 });
      await refundFollowUp({ db, userId: other.userId, conversationId: id });
      expect(await used(db, id)).toBe(2);
      await refundFollowUp({ db, userId: me.userId, conversationId: id });
      expect(await used(db, id)).toBe(1);
      await refundFollowUp({ db, userId: me.userId, conversationId: id });
      await refundFollowUp({ db, userId: me.userId, conversationId: id });
      expect(await used(db, id)).toBe(0);
      const unlimited = await conversation(db, me.userId, { trial: false });
      await refundFollowUp({ db, userId: me.userId, conversationId: unlimited });
      expect(await used(db, unlimited)).toBeNull();
    });
  });
}
