import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { findConversation, readThread, saveTurn } from "../../db/queries/conversations";
import { makeAccount, NOW } from "./fixtures";

const at = (ms: number) => new Date(NOW.getTime() + ms);

async function conversationOf(db: Database, userId: string, { trialConversation = true } = {}) {
  const conversationId = crypto.randomUUID();
  await saveTurn({
    db,
    turn: {
      kind: "initial",
      userId,
      conversationId,
      queryType: "prose",
      element: "world",
      userText: "Generate World description.\n\nGenre: noir",
      startedAt: at(0),
      details: { genre: "noir", setting: "" },
      mode: "generate",
      exchangeId: crypto.randomUUID(),
    },
    answer: { text: "# A world", status: "complete", finishedAt: at(1_000) },
    trialConversation,
  });
  return conversationId;
}

export function conversationQueries(getDb: () => Database) {
  describe("conversations", () => {
    it("saves the first exchange and appends follow-ups in order, with their status", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const conversationId = await conversationOf(db, me.userId);
      await saveTurn({
        db,
        turn: { kind: "follow-up", userId: me.userId, conversationId, userText: "Make it darker", startedAt: at(2_000), exchangeId: crypto.randomUUID() },
        answer: { text: "# A darker wor", status: "stopped", finishedAt: at(3_000) },
        trialConversation: false,
      });
      expect(await findConversation({ db, userId: me.userId, conversationId })).toMatchObject({
        queryType: "prose",
        element: "world",
        conversationId,
      });
      expect(await readThread({ db, userId: me.userId, conversationId })).toEqual([
        { role: "user", content: "Generate World description.\n\nGenre: noir", status: "complete" },
        { role: "assistant", content: "# A world", status: "complete" },
        { role: "user", content: "Make it darker", status: "complete" },
        { role: "assistant", content: "# A darker wor", status: "stopped" },
      ]);
    });

    it("a conversation started with a trial query carries the trial's follow-up allowance; others do not", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const trial = await conversationOf(db, me.userId, { trialConversation: true });
      const unlimited = await conversationOf(db, me.userId, { trialConversation: false });
      expect(await findConversation({ db, userId: me.userId, conversationId: trial })).toMatchObject({ trialFollowUpsUsed: 0 });
      expect(await findConversation({ db, userId: me.userId, conversationId: unlimited })).toMatchObject({
        trialFollowUpsUsed: null,
      });
    });

    it("another user's conversation does not exist for them (find and read are scoped to the owner)", async () => {
      const db = getDb();
      const owner = await makeAccount(db);
      const intruder = await makeAccount(db);
      const conversationId = await conversationOf(db, owner.userId);
      expect(await findConversation({ db, userId: intruder.userId, conversationId })).toBeUndefined();
      expect(await readThread({ db, userId: intruder.userId, conversationId })).toEqual([]);
      expect(await findConversation({ db, userId: owner.userId, conversationId: crypto.randomUUID() })).toBeUndefined();
    });
  });
}
