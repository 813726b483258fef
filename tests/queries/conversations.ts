import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import {
  appendTurn,
  findConversation,
  listConversationMessages,
  saveNewConversation,
} from "../../db/queries/conversations";
import { makeAccount, NOW } from "./fixtures";

const at = (ms: number) => new Date(NOW.getTime() + ms);

async function conversationOf(db: Database, userId: string) {
  const conversationId = crypto.randomUUID();
  await saveNewConversation({
    db,
    conversation: {
      userId,
      conversationId,
      queryType: "prose",
      element: "world",
      requestText: "Generate World description.\n\nGenre: noir",
      responseText: "# A world",
      status: "complete",
      startedAt: at(0),
      finishedAt: at(1_000),
    },
  });
  return conversationId;
}

export function conversationQueries(getDb: () => Database) {
  describe("conversations", () => {
    it("saves the first exchange and appends follow-ups in order, with their status", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const conversationId = await conversationOf(db, me.userId);
      await appendTurn({
        db,
        turn: {
          userId: me.userId,
          conversationId,
          userText: "Make it darker",
          responseText: "# A darker wor",
          status: "stopped",
          startedAt: at(2_000),
          finishedAt: at(3_000),
        },
      });
      expect(await findConversation({ db, userId: me.userId, conversationId })).toMatchObject({
        queryType: "prose",
        element: "world",
        conversationId,
      });
      expect(await listConversationMessages({ db, userId: me.userId, conversationId })).toEqual([
        { role: "user", content: "Generate World description.\n\nGenre: noir", status: "complete" },
        { role: "assistant", content: "# A world", status: "complete" },
        { role: "user", content: "Make it darker", status: "complete" },
        { role: "assistant", content: "# A darker wor", status: "stopped" },
      ]);
    });

    it("another user's conversation does not exist for them (find and list are scoped to the owner)", async () => {
      const db = getDb();
      const owner = await makeAccount(db);
      const intruder = await makeAccount(db);
      const conversationId = await conversationOf(db, owner.userId);
      expect(await findConversation({ db, userId: intruder.userId, conversationId })).toBeUndefined();
      expect(await listConversationMessages({ db, userId: intruder.userId, conversationId })).toEqual([]);
      expect(await findConversation({ db, userId: owner.userId, conversationId: crypto.randomUUID() })).toBeUndefined();
    });
  });
}
