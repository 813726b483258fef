/**
 * Stop and what follows it. What each way of stopping leaves behind (rows, quota, the aborted
 * model call) is in turn-endings.test.ts; here: a client that merely stops reading, and a
 * follow-up sent the very moment after Stop, which must build on the stopped answer.
 */
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { turnsOf, usageReaches } from "./support/db";
import {
  configureStandIn,
  eventReader,
  generateOk,
  messagesOf,
  modelRequests,
  postGenerate,
  standInTokens,
  uniqueMarker,
  type GenerateEvent,
} from "./support/generation";
import { eventually } from "./support/wait";

const request = (marker: string) => ({ kind: "initial" as const, tool: "stage-screen", element: "dialogue", fields: { premise: marker } });

describe("Stop", () => {
  it("a client that stops reading without closing still gets the whole answer saved as complete", async () => {
    const { browser, userId } = await signUp();
    const response = await postGenerate(browser, request(uniqueMarker()));
    const reader = eventReader(response);
    const start = await reader.next();
    expect(start?.type).toBe("start");
    const conversationId = (start as Extract<GenerateEvent, { type: "start" }>).conversationId;

    const turns = await eventually(async () => {
      const rows = await turnsOf(conversationId);
      return rows.length === 2 && rows;
    });
    expect(turns[1]).toMatchObject({ role: "assistant", status: "complete" });
    expect(turns[1]!.content).toMatch(/Demo response from the local stand-in model\._\n$/);
    // The rest of the stream is still there for a reader that comes back.
    let text = "";
    for (let event = await reader.next(); event; event = await reader.next()) {
      if (event.type === "delta") text += event.text;
      if (event.type === "done") expect(event.finishReason).toBe("stop");
    }
    expect(text).toBe(turns[1]!.content);
    expect((await usageReaches(userId, 1)).map((row) => row.outcome)).toEqual(["complete"]);
  });

  it("a follow-up sent the moment after Stop builds on the stopped answer", async () => {
    const { browser } = await signUp();
    const marker = uniqueMarker();
    await configureStandIn({ faults: [{ kind: "stall", afterTokens: 6, match: marker, times: 1 }] });
    const response = await postGenerate(browser, request(marker));
    const reader = eventReader(response);
    let text = "";
    let conversationId = "";
    while (standInTokens(text).length < 6) {
      const event = (await reader.next()) as GenerateEvent;
      if (event.type === "start") conversationId = event.conversationId;
      if (event.type === "delta") text += event.text;
    }
    await reader.cancel();
    // No waiting: the server lets the stopped turn settle before it reads the conversation.
    const followUp = await generateOk(browser, { kind: "follow-up", tool: "stage-screen", conversationId, text: "Carry on" });
    expect(followUp.conversationId).toBe(conversationId);
    const [, sent] = await modelRequests(marker);
    expect(messagesOf(sent!).slice(1)).toEqual([
      { role: "user", text: `Generate Dialogue Crafting.\n\nPremise: ${marker}` },
      { role: "assistant", text },
      { role: "user", text: "Carry on" },
    ]);
    expect((await turnsOf(conversationId)).map((turn) => turn.status)).toEqual(["complete", "stopped", "complete", "complete"]);
  });
});
