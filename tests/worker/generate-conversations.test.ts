/**
 * Persistence and follow-ups: one query_history row per conversation, every turn in
 * query_messages, a usage_events row per turn; follow-ups rebuilt from storage (system prompt +
 * all turns in order + the new text), scoped to the owner and the tool.
 */
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { type Browser } from "./support/browser";
import {
  conversationRow,
  counters,
  followUpsUsed,
  historyOf,
  makeSubscriber,
  systemPromptText,
  turnsOf,
  usageEventsOf,
  usageReaches,
} from "./support/db";
import {
  generateOk,
  messagesOf,
  modelRequest,
  modelRequests,
  postGenerate,
  refusal,
  standInPromptTokens,
  standInTokens,
  startConversation,
  uniqueMarker,
} from "./support/generation";
import { eventually } from "./support/wait";

const NOT_FOUND = {
  status: 404,
  title: "Generation Error",
  error: "This conversation was not found. Start a new one by generating again.",
};

const initial = (marker: string) => ({
  kind: "initial" as const,
  tool: "prose",
  element: "characters",
  fields: { genre: "noir", character: ` ${marker} the cartographer `, storyIdea: "" },
});
const requestTextFor = (marker: string) =>
  `Generate Character list / dramatis personae.\n\nGenre: noir\nCharacter: ${marker} the cartographer`;
const followUp = (conversationId: string, text: string, tool = "prose") => ({
  kind: "follow-up" as const,
  tool,
  conversationId,
  text,
});

/** Waits until the conversation has `count` stored turns. */
const turnsReach = (conversationId: string, count: number) =>
  eventually(async () => {
    const turns = await turnsOf(conversationId);
    return turns.length === count && turns;
  });

describe("a conversation", () => {
  it("saves the initial turn: history row, two messages and a usage event with the model's numbers", async () => {
    const { browser, userId } = await signUp();
    const marker = uniqueMarker();
    const generation = await generateOk(browser, initial(marker));
    expect(generation.conversationId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const row = await eventually(() => conversationRow(generation.conversationId));
    expect(row).toMatchObject({
      user_id: userId,
      query_type: "prose",
      element: "characters",
      query_text: requestTextFor(marker),
      response_text: generation.text,
      conversation_id: generation.conversationId,
    });
    expect(row!.updated_at).toBeGreaterThanOrEqual(row!.created_at);
    expect(generation.text).toContain(marker);

    const turns = await turnsReach(generation.conversationId, 2);
    expect(turns.map(({ role, content, status }) => ({ role, content, status }))).toEqual([
      { role: "user", content: requestTextFor(marker), status: "complete" },
      { role: "assistant", content: generation.text, status: "complete" },
    ]);

    const sent = await modelRequest(marker);
    const [usage] = await usageReaches(userId, 1);
    expect(usage).toMatchObject({
      query_type: "prose",
      model: "test-model",
      outcome: "complete",
      input_tokens: standInPromptTokens(sent),
      output_tokens: standInTokens(generation.text).length,
    });
    expect(usage!.input_tokens).toBeGreaterThan(100);
    expect(typeof usage!.latency_ms).toBe("number");
    expect(usage!.latency_ms).toBeGreaterThanOrEqual(0);
    expect(usage!.latency_ms).toBeLessThan(30_000);
  });

  it("follow-ups append two turns each under the same id; the model gets system + every turn in order + the new text", async () => {
    const { browser, userId } = await signUp();
    const marker = uniqueMarker();
    const first = await startConversation(browser, initial(marker));
    const firstRequest = await modelRequest(marker);
    const { conversationId } = first;
    const system = await systemPromptText("fictional_prose_unified");

    const ask1 = `Give the cartographer a rival ${uniqueMarker("F")}`;
    const second = await generateOk(browser, followUp(conversationId, `  ${ask1}\n `));
    expect(second.conversationId).toBe(conversationId);
    // A follow-up takes from the conversation's own allowance, not the writer's conversations.
    expect([second.queriesRemaining, second.followUpsLeft]).toEqual([4, 9]);
    expect(messagesOf(await modelRequest(ask1))).toEqual([
      { role: "system", text: system },
      { role: "user", text: requestTextFor(marker) },
      { role: "assistant", text: first.text },
      { role: "user", text: ask1 },
    ]);
    await turnsReach(conversationId, 4);

    const ask2 = `Now make the rival sympathetic ${uniqueMarker("F")}`;
    const third = await generateOk(browser, followUp(conversationId, ask2));
    const sent = await modelRequest(ask2);
    expect(sent).toMatchObject({ model: "test-model", temperature: 0.7, max_tokens: 2000 });
    expect(messagesOf(sent)).toEqual([
      { role: "system", text: system },
      { role: "user", text: requestTextFor(marker) },
      { role: "assistant", text: first.text },
      { role: "user", text: ask1 },
      { role: "assistant", text: second.text },
      { role: "user", text: ask2 },
    ]);

    const turns = await turnsReach(conversationId, 6);
    expect(turns.map(({ role, content, status }) => ({ role, content, status }))).toEqual([
      { role: "user", content: requestTextFor(marker), status: "complete" },
      { role: "assistant", content: first.text, status: "complete" },
      { role: "user", content: ask1, status: "complete" },
      { role: "assistant", content: second.text, status: "complete" },
      { role: "user", content: ask2, status: "complete" },
      { role: "assistant", content: third.text, status: "complete" },
    ]);
    // Still one history row, with the first exchange; updated when the last turn was saved.
    const history = await historyOf(userId);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ conversation_id: conversationId, query_text: requestTextFor(marker), response_text: first.text });
    expect(history[0]!.updated_at).toBeGreaterThanOrEqual(turns[5]!.created_at);
    expect(history[0]!.trial_follow_ups_used).toBe(2);
    expect(await counters(userId)).toEqual({ remaining: 4, used: 1 });

    // One usage event per turn, each with the stand-in's token counts for that turn.
    const usage = await usageReaches(userId, 3);
    expect(usage.map((event) => event.outcome)).toEqual(["complete", "complete", "complete"]);
    expect(usage.map((event) => event.output_tokens)).toEqual(
      [first.text, second.text, third.text].map((text) => standInTokens(text).length),
    );
    // Each turn's prompt grows by the previous exchange.
    const secondRequest = (await modelRequests(ask1))[0]!;
    expect(usage.map((event) => event.input_tokens)).toEqual([firstRequest, secondRequest, sent].map(standInPromptTokens));
  });

  it("a long conversation is trimmed oldest-first for the model, never starting on an answer; storage keeps it all", async () => {
    const { browser, userId } = await signUp();
    await makeSubscriber(userId);
    const marker = uniqueMarker();
    const first = await startConversation(browser, initial(marker));
    // 8,000 characters each (about 2,300 tokens for the app's budget) in few words, so the
    // stand-in, which quotes the note back, streams its answer in a few tokens.
    const long = (tag: string) => `${tag} ${"m".repeat(8_000 - tag.length - 1)}`;
    const asks: string[] = [];
    for (let i = 0; i < 3; i++) {
      const ask = long(uniqueMarker("L"));
      asks.push(ask);
      await generateOk(browser, followUp(first.conversationId, ask));
      await turnsReach(first.conversationId, 4 + i * 2);
    }
    const sent = messagesOf(await modelRequest(asks[2]!.split(" ")[0]!));
    const stored = await turnsOf(first.conversationId);
    expect(stored).toHaveLength(8);
    expect(sent[0]).toEqual({ role: "system", text: await systemPromptText("fictional_prose_unified") });
    expect(sent.at(-1)).toEqual({ role: "user", text: asks[2] });
    const history = sent.slice(1, -1);
    // The oldest turns went first; what is left is the most recent stretch, in order.
    expect(history.length).toBeGreaterThan(0);
    expect(history.length).toBeLessThan(6);
    expect(history[0]?.role).toBe("user");
    expect(history.map((m) => m.text)).not.toContain(requestTextFor(marker));
    const storedBefore = stored.slice(0, 6).map(({ role, content }) => ({ role, text: content }));
    expect(history).toEqual(storedBefore.slice(storedBefore.length - history.length));
  });
});

describe("follow-ups outside your own conversations: 404, nothing charged", () => {
  async function setUp() {
    const owner = await signUp();
    const conversation = await startConversation(owner.browser, initial(uniqueMarker()));
    await usageReaches(owner.userId, 1);
    return { owner, conversationId: conversation.conversationId };
  }

  async function expectNotFound(browser: Browser, userId: string, body: ReturnType<typeof followUp>, marker: string) {
    const before = await counters(userId);
    const usageBefore = (await usageEventsOf(userId)).length;
    expect(await refusal(await postGenerate(browser, body))).toEqual(NOT_FOUND);
    expect(await counters(userId)).toEqual(before);
    expect(await usageEventsOf(userId)).toHaveLength(usageBefore);
    expect(await modelRequests(marker)).toEqual([]);
  }

  it("another user's conversation id", async () => {
    const { owner, conversationId } = await setUp();
    const intruder = await signUp();
    const marker = uniqueMarker();
    await expectNotFound(intruder.browser, intruder.userId, followUp(conversationId, `show me ${marker}`), marker);
    // The owner's conversation is untouched.
    expect(await turnsOf(conversationId)).toHaveLength(2);
    expect(await historyOf(intruder.userId)).toEqual([]);
    expect(await counters(owner.userId)).toEqual({ remaining: 4, used: 1 });
  });

  it("another user's conversation id, even for an admin or subscriber intruder", async () => {
    const { conversationId } = await setUp();
    const intruder = await signUp();
    await makeSubscriber(intruder.userId);
    const marker = uniqueMarker();
    await expectNotFound(intruder.browser, intruder.userId, followUp(conversationId, marker), marker);
    expect(await turnsOf(conversationId)).toHaveLength(2);
    expect(await followUpsUsed(conversationId)).toBe(0);
  });

  it("your own conversation id under another tool", async () => {
    const { owner, conversationId } = await setUp();
    const marker = uniqueMarker();
    await expectNotFound(owner.browser, owner.userId, followUp(conversationId, marker, "poetry"), marker);
    expect(await turnsOf(conversationId)).toHaveLength(2);
    expect(await followUpsUsed(conversationId)).toBe(0);
  });

  it("a random UUID", async () => {
    const { owner } = await setUp();
    const marker = uniqueMarker();
    await expectNotFound(owner.browser, owner.userId, followUp(crypto.randomUUID(), marker), marker);
  });

  it("the owner's own follow-up still works (control)", async () => {
    const { owner, conversationId } = await setUp();
    const generation = await generateOk(owner.browser, followUp(conversationId, uniqueMarker()));
    expect(generation.conversationId).toBe(conversationId);
    expect(await counters(owner.userId)).toEqual({ remaining: 4, used: 1 });
    expect(await followUpsUsed(conversationId)).toBe(1);
  });
});
