import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { saveTurn } from "../../db/queries/conversations";
import { createProject, updateProject } from "../../db/queries/projects";
import { openTurn, type TurnOpeningRequest } from "../../db/queries/turn-opening";
import { sessions, userSubscriptions } from "../../db/schema";
import { DAY_MS, makeAccount, NOW } from "./fixtures";

const ALLOWANCE = 3;
// The app's rule (app/auth/session.server.ts): renew when less than 15 of the 30 days are left.
const renewal = { before: new Date(NOW.getTime() + 15 * DAY_MS), until: new Date(NOW.getTime() + 30 * DAY_MS) };

const open = (db: Database, sessionId: string, turn: TurnOpeningRequest["turn"], extra: Partial<TurnOpeningRequest> = {}) =>
  openTurn(db, { sessionId, now: NOW, renewal, turn, ...extra });

async function remaining(db: Database, userId: string) {
  const [row] = await db.select({ left: userSubscriptions.queriesRemaining }).from(userSubscriptions).where(eq(userSubscriptions.userId, userId));
  return row?.left;
}

async function expiryOf(db: Database, sessionId: string) {
  const [row] = await db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.expiresAt;
}

async function conversation(db: Database, userId: string, projectId: string | null = null) {
  const conversationId = crypto.randomUUID();
  await saveTurn({
    db,
    turn: { kind: "initial", userId, conversationId, queryType: "prose", element: "world", userText: "Generate World description.", startedAt: NOW, details: {}, mode: "generate", exchangeId: crypto.randomUUID(), projectId },
    answer: { text: "# A world", status: "complete", finishedAt: new Date(NOW.getTime() + 1000) },
    trialConversation: true,
  });
  return conversationId;
}

/** The batch before a writer's first token (decision 009): session, reservation and reads in one round trip. */
export function turnOpeningQueries(getDb: () => Database) {
  describe("turn opening (one batch)", () => {
    it("a live session: its writer, one conversation reserved, no renewal while more than half is left", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const opening = await open(db, me.sessionId, { kind: "new", projectId: null }, { systemPromptKey: "no-such-prompt", settingKey: "no-such-setting" });
      expect(opening.session).toEqual({ userId: me.userId, email: me.email, expiresAt: me.sessionExpiresAt });
      expect(opening.reservation).toEqual({ allowed: true, charged: true, queriesRemaining: 4 });
      expect(opening).toMatchObject({ later: null, project: null, systemPromptEdit: null, setting: null });
      expect(await remaining(db, me.userId)).toBe(4);
      expect(await expiryOf(db, me.sessionId)).toEqual(me.sessionExpiresAt);
    });

    it("an unknown or expired session reads no writer's rows and reserves nothing", async () => {
      const db = getDb();
      const me = await makeAccount(db, { sessionExpiresAt: new Date(NOW.getTime() - 1) });
      const id = await conversation(db, me.userId);
      const unknown = await open(db, "no-such-session", { kind: "new", projectId: null });
      expect(unknown).toMatchObject({ session: undefined, reservation: { allowed: false } });
      const expired = await open(db, me.sessionId, { kind: "later", conversationId: id, allowance: ALLOWANCE });
      expect(expired.session?.expiresAt).toEqual(new Date(NOW.getTime() - 1));
      expect(expired.reservation).toMatchObject({ allowed: false });
      expect(expired.later).toEqual({ conversation: undefined, thread: [], lastExchange: undefined });
      expect(await remaining(db, me.userId)).toBe(5);
    });

    it("renews a session with less than half its life left, in the same batch", async () => {
      const db = getDb();
      const soon = new Date(NOW.getTime() + 5 * DAY_MS);
      const me = await makeAccount(db, { sessionExpiresAt: soon });
      const opening = await open(db, me.sessionId, { kind: "new", projectId: null });
      // The row as read before the renewal: the app decides the cookie from it.
      expect(opening.session?.expiresAt).toEqual(soon);
      expect(await expiryOf(db, me.sessionId)).toEqual(renewal.until);
    });

    it("a later turn: the writer's conversation, thread and last exchange, and a follow-up reserved — nobody else's", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const intruder = await makeAccount(db);
      const id = await conversation(db, me.userId);
      const theirs = await open(db, intruder.sessionId, { kind: "later", conversationId: id, allowance: ALLOWANCE });
      expect(theirs.later).toEqual({ conversation: undefined, thread: [], lastExchange: undefined });
      expect(theirs.reservation).toEqual({ allowed: false, followUpsUsed: null, trialPeriodOpen: false });
      const mine = await open(db, me.sessionId, { kind: "later", conversationId: id, allowance: ALLOWANCE });
      expect(mine.later?.conversation).toMatchObject({ conversationId: id, queryType: "prose", projectId: null });
      expect(mine.later?.thread.map((turn) => turn.role)).toEqual(["user", "assistant"]);
      expect(mine.later?.lastExchange).toMatchObject({ userText: "Generate World description.", answerText: "# A world", versions: 1, first: true });
      expect(mine.reservation).toEqual({ allowed: true, charged: true, queriesRemaining: 5, followUpsUsed: 1 });
    });

    it("a project's bible comes with the turn; an archived one reserves no new conversation", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const project = await createProject({ db, userId: me.userId, title: "The Lighthouse", limit: 50, now: NOW });
      if (project === "limit") throw new Error("no project");
      const id = await conversation(db, me.userId, project.id);
      const later = await open(db, me.sessionId, { kind: "later", conversationId: id, allowance: ALLOWANCE });
      expect(later.project).toMatchObject({ id: project.id, title: "The Lighthouse", entries: [] });
      await updateProject({ db, userId: me.userId, id: project.id, changes: { archived: true }, now: NOW });
      const refused = await open(db, me.sessionId, { kind: "new", projectId: project.id });
      expect(refused.reservation).toEqual({ allowed: false });
      expect(refused.project?.archivedAt).not.toBeNull();
      expect(await remaining(db, me.userId)).toBe(5);
    });

    it("concurrent openings never take more than is left", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const openings = await Promise.all(Array.from({ length: 12 }, () => open(db, me.sessionId, { kind: "new", projectId: null })));
      expect(openings.filter((opening) => opening.reservation.allowed)).toHaveLength(5);
      expect(await remaining(db, me.userId)).toBe(0);
    });
  });
}
