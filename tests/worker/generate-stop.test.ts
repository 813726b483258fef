/**
 * Stop: the writer aborts the stream. The server keeps what was generated so far, marks the
 * turn 'stopped' (not 'interrupted': it must notice before the model's silence timeout), and
 * records a 'stopped' usage event. A paused stream comes from a `stall` fault on the request's
 * marker, so no global stand-in setting is touched.
 */
import { describe, expect, it } from "vitest";
import {
  configureStandIn,
  conversationRow,
  counters,
  eventReader,
  eventually,
  historyOf,
  modelRequests,
  postGenerate,
  signUp,
  turnsOf,
  uniqueMarker,
  usageEventsOf,
  usageReaches,
  type GenerateEvent,
} from "./support";

const TOKENS_BEFORE_PAUSE = 6;
const request = (marker: string) => ({ kind: "initial" as const, tool: "stage-screen", element: "dialogue", fields: { premise: marker } });

/** Reads the start event and deltas until `tokens` tokens of text have arrived. */
async function readUntil(reader: ReturnType<typeof eventReader>, predicate: (text: string) => boolean) {
  const events: GenerateEvent[] = [];
  let text = "";
  while (!predicate(text)) {
    const event = await reader.next();
    if (!event) throw new Error(`stream ended early: ${JSON.stringify(events)}`);
    events.push(event);
    if (event.type === "delta") text += event.text;
    if (event.type === "error" || event.type === "done") throw new Error(`stream finished: ${JSON.stringify(event)}`);
  }
  return { events, text };
}

const tokenCount = (text: string) => (text.match(/\s+|\S+\s*/g) ?? []).length;

describe("Stop", () => {
  it.each([
    ["aborting the fetch (AbortController)", "abort"],
    ["closing the response stream", "cancel"],
  ] as const)("by %s keeps the partial answer, marked stopped, charged", async (_name, how) => {
    const { browser, userId } = await signUp();
    const marker = uniqueMarker();
    await configureStandIn({ faults: [{ kind: "stall", afterTokens: TOKENS_BEFORE_PAUSE, match: marker, times: 1 }] });

    const controller = new AbortController();
    const response = await postGenerate(browser, request(marker), { signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = eventReader(response);
    const { events, text } = await readUntil(reader, (sofar) => tokenCount(sofar) >= TOKENS_BEFORE_PAUSE);
    expect(events[0]).toMatchObject({ type: "start", queriesRemaining: 4 });
    const { conversationId } = events[0] as Extract<GenerateEvent, { type: "start" }>;

    if (how === "abort") controller.abort();
    else await reader.cancel();

    // 'stopped', not 'interrupted': the server noticed the writer left, rather than the model's
    // silence timeout (AI_TIMEOUT_MS) firing on the paused stream.
    const row = await eventually(() => conversationRow(conversationId), 2_500);
    expect(row).toMatchObject({ user_id: userId, response_text: text, query_type: "stage", element: "dialogue" });
    expect(text.length).toBeGreaterThan(0);
    const turns = await turnsOf(conversationId);
    expect(turns.map(({ role, status }) => ({ role, status }))).toEqual([
      { role: "user", status: "complete" },
      { role: "assistant", status: "stopped" },
    ]);
    expect(turns[1]?.content).toBe(text);
    const [event] = await eventually(async () => {
      const rows = await usageEventsOf(userId);
      return rows.length > 0 && rows;
    });
    expect(event).toMatchObject({ outcome: "stopped", query_type: "stage", model: "test-model" });
    // A stopped turn was used: it is not refunded.
    expect(await counters(userId)).toEqual({ remaining: 4, used: 1 });
  });

  it("before the first token refunds the query and saves nothing", async () => {
    const { browser, userId } = await signUp();
    const marker = uniqueMarker();
    await configureStandIn({ faults: [{ kind: "stall", afterTokens: 0, match: marker, times: 1 }] });
    const controller = new AbortController();
    const pending = postGenerate(browser, request(marker), { signal: controller.signal });
    // The server answers only once the first words arrive; the writer gives up before that,
    // while the model is already working on the request (the query is reserved by then).
    await eventually(async () => (await modelRequests(marker)).length === 1);
    expect(await counters(userId)).toEqual({ remaining: 4, used: 1 });
    controller.abort();
    await expect(pending).rejects.toThrow();

    const [event] = await eventually(async () => {
      const rows = await usageEventsOf(userId);
      return rows.length > 0 && rows;
    }, 2_500);
    expect(event).toMatchObject({ outcome: "stopped", output_tokens: null });
    expect(await counters(userId)).toEqual({ remaining: 5, used: 0 });
    expect(await historyOf(userId)).toEqual([]);
  });

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
});
