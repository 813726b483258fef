/**
 * Another version, Edit and Continue on the last exchange, and choosing a version (decision 012):
 * what is saved, what the model sees, what history shows, and what the trial counts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { ORIGIN, type Browser } from "./support/browser";
import { conversationRow, followUpsUsed, makeSubscriber } from "./support/db";
import {
  configureStandIn,
  messagesOf,
  modelRequests,
  postGenerate,
  readGeneration,
  refusal,
  startConversation,
  uniqueMarker,
  type GenerateEvent,
} from "./support/generation";
import { eventually } from "./support/wait";

type Row = { role: string; content: string; status: string; version: number; chosen: number; exchange_id: string | null };

async function rowsOf(conversationId: string): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    "SELECT role, content, status, version, chosen, exchange_id FROM query_messages WHERE conversation_id = ? ORDER BY created_at, seq",
  )
    .bind(conversationId)
    .all<Row>();
  return results;
}

const chosenThread = async (conversationId: string) =>
  (await rowsOf(conversationId)).filter((row) => row.chosen === 1).map((row) => `${row.role}: ${row.content}`);

async function later(browser: Browser, body: Record<string, unknown>) {
  const response = await postGenerate(browser, body);
  expect(response.status, await response.clone().text().catch(() => "")).toBe(200);
  const generation = await readGeneration(response);
  const start = generation.events[0] as Extract<GenerateEvent, { type: "start" }>;
  return { ...generation, start };
}

async function lastModelMessages(marker: string) {
  const requests = await modelRequests(marker);
  return messagesOf(requests.at(-1)!);
}

function choose(browser: Browser, conversationId: string, body: unknown) {
  return browser.request(`/api/conversations/${conversationId}/versions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN },
    body: JSON.stringify(body),
  });
}

describe("Another version", () => {
  it("adds a chosen version of the last exchange; history and the thread show it; choosing goes back", async () => {
    const { browser } = await signUp();
    const marker = uniqueMarker();
    const first = await startConversation(browser, { kind: "initial", tool: "prose", element: "world", fields: { genre: marker } });
    // The stand-in answers the same request the same way: make the second version different.
    await configureStandIn({ faults: [{ kind: "reply", text: `A second world ${marker}`, match: marker, times: 1 }] });
    const again = await later(browser, { kind: "version", tool: "prose", conversationId: first.conversationId });
    expect(again.text).toBe(`A second world ${marker}`);
    expect(again.start).toMatchObject({ conversationId: first.conversationId, version: 2, continues: false });
    expect(again.last).toEqual({ type: "done", finishReason: "stop" });

    // The model saw the request alone, not the answer it replaces.
    const seen = await lastModelMessages(marker);
    expect(seen.filter((message) => message.role === "assistant")).toHaveLength(0);

    await eventually(async () => (await rowsOf(first.conversationId)).length === 4);
    const rows = await rowsOf(first.conversationId);
    expect(new Set(rows.map((row) => row.exchange_id)).size).toBe(1);
    expect(rows.map((row) => [row.role, row.version, row.chosen])).toEqual([
      ["user", 1, 0],
      ["assistant", 1, 0],
      ["user", 2, 1],
      ["assistant", 2, 1],
    ]);
    expect((await conversationRow(first.conversationId))?.response_text).toBe(again.text);

    const listed = await (await browser.get(`/api/conversations/${first.conversationId}/versions`)).json<{ exchangeId: string; versions: { version: number; chosen: boolean; answer: string }[] }>();
    expect(listed.versions.map((entry) => [entry.version, entry.chosen])).toEqual([[1, false], [2, true]]);

    const back = await choose(browser, first.conversationId, { exchangeId: listed.exchangeId, version: 1 });
    expect(back.status).toBe(200);
    expect((await conversationRow(first.conversationId))?.response_text).toBe(first.text);
    expect(await chosenThread(first.conversationId)).toHaveLength(2);
    expect((await chosenThread(first.conversationId))[1]).toBe(`assistant: ${first.text}`);
  });

  it("a follow-up builds on the chosen version only", async () => {
    const { browser } = await signUp();
    const marker = uniqueMarker();
    const first = await startConversation(browser, { kind: "initial", tool: "prose", element: "world", fields: { genre: marker } });
    await configureStandIn({ faults: [{ kind: "reply", text: `A second world ${marker}`, match: marker, times: 1 }] });
    const second = await later(browser, { kind: "version", tool: "prose", conversationId: first.conversationId });
    expect(second.text).not.toBe(first.text);
    const listed = await (await browser.get(`/api/conversations/${first.conversationId}/versions`)).json<{ exchangeId: string }>();
    expect((await choose(browser, first.conversationId, { exchangeId: listed.exchangeId, version: 1 })).status).toBe(200);
    await later(browser, { kind: "follow-up", tool: "prose", conversationId: first.conversationId, text: `darker ${marker}` });
    const answers = (await lastModelMessages(marker)).filter((message) => message.role === "assistant").map((message) => message.text);
    expect(answers).toEqual([first.text]);
    expect(answers).not.toContain(second.text);
  });

  it("counts as a follow-up under the trial, and is refused once the conversation's follow-ups are used", async () => {
    const { browser } = await signUp();
    const first = await startConversation(browser, { kind: "initial", tool: "prose", element: "world", fields: { genre: uniqueMarker() } });
    const again = await later(browser, { kind: "version", tool: "prose", conversationId: first.conversationId });
    expect(again.start.followUpsLeft).toBe(9);
    await eventually(async () => (await followUpsUsed(first.conversationId)) === 1);
    await env.DB.prepare("UPDATE query_history SET trial_follow_ups_used = 10 WHERE conversation_id = ?").bind(first.conversationId).run();
    const refused = await postGenerate(browser, { kind: "version", tool: "prose", conversationId: first.conversationId });
    expect((await refusal(refused)).status).toBe(403);
  });
});

describe("Edit the last follow-up", () => {
  it("replaces the last exchange with the edited text as a new version; the model never sees the old text", async () => {
    const { browser, userId } = await signUp();
    await makeSubscriber(userId);
    const marker = uniqueMarker();
    const first = await startConversation(browser, { kind: "initial", tool: "prose", element: "world", fields: { genre: marker } });
    await later(browser, { kind: "follow-up", tool: "prose", conversationId: first.conversationId, text: "Make it darker" });
    const edited = await later(browser, { kind: "edit", tool: "prose", conversationId: first.conversationId, text: "Make it lighter" });
    expect(edited.start.version).toBe(2);
    const userTexts = (await lastModelMessages(marker)).filter((message) => message.role === "user").map((message) => message.text);
    expect(userTexts.at(-1)).toBe("Make it lighter");
    expect(userTexts.join("\n")).not.toContain("darker");
    await eventually(async () => (await chosenThread(first.conversationId)).length === 4);
    expect((await chosenThread(first.conversationId))[2]).toBe("user: Make it lighter");
    // The history row still shows the first exchange.
    expect((await conversationRow(first.conversationId))?.response_text).toBe(first.text);
  });

  it("is refused on a conversation's first request (400, nothing charged or saved)", async () => {
    const { browser } = await signUp();
    const first = await startConversation(browser, { kind: "initial", tool: "prose", element: "world", fields: { genre: uniqueMarker() } });
    const response = await postGenerate(browser, { kind: "edit", tool: "prose", conversationId: first.conversationId, text: "again" });
    expect(await refusal(response)).toMatchObject({ status: 400, error: expect.stringContaining("Only a follow-up can be edited") });
    expect(await followUpsUsed(first.conversationId)).toBe(0);
    expect(await rowsOf(first.conversationId)).toHaveLength(2);
  });
});

describe("Continue", () => {
  it("carries a cut-off answer on from where it ended, in the same answer", async () => {
    const { browser, userId } = await signUp();
    await makeSubscriber(userId);
    const marker = uniqueMarker();
    await configureStandIn({ faults: [{ kind: "cut", afterTokens: 6, match: marker, times: 1 }] });
    const cut = await readGeneration(await postGenerate(browser, { kind: "initial", tool: "prose", element: "world", fields: { genre: marker } }));
    expect(cut.last).toMatchObject({ type: "error", kept: true });
    await eventually(async () => (await rowsOf(cut.conversationId))[1]?.status === "interrupted");

    const more = await later(browser, { kind: "continue", tool: "prose", conversationId: cut.conversationId });
    expect(more.start).toMatchObject({ continues: true, version: 1 });
    const seen = await lastModelMessages(marker);
    expect(seen.at(-2)).toMatchObject({ role: "assistant", text: cut.text });
    expect(seen.at(-1)?.text).toContain("Continue your previous answer exactly where it stopped");

    await eventually(async () => (await rowsOf(cut.conversationId))[1]?.status === "complete");
    const rows = await rowsOf(cut.conversationId);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.content).toBe(cut.text + more.text);
    expect((await conversationRow(cut.conversationId))?.response_text).toBe(cut.text + more.text);
  });

  it("is refused for a complete answer (400, nothing charged)", async () => {
    const { browser } = await signUp();
    const first = await startConversation(browser, { kind: "initial", tool: "prose", element: "world", fields: { genre: uniqueMarker() } });
    const response = await postGenerate(browser, { kind: "continue", tool: "prose", conversationId: first.conversationId });
    expect(await refusal(response)).toMatchObject({ status: 400, error: "This answer is complete: there is nothing to continue." });
    expect(await followUpsUsed(first.conversationId)).toBe(0);
  });
});

describe("choosing a version (API)", () => {
  it("another writer's conversation, a bad body or an unknown version change nothing", async () => {
    const { browser } = await signUp();
    const other = await signUp();
    const first = await startConversation(browser, { kind: "initial", tool: "prose", element: "world", fields: { genre: uniqueMarker() } });
    await later(browser, { kind: "version", tool: "prose", conversationId: first.conversationId });
    const { exchangeId } = await (await browser.get(`/api/conversations/${first.conversationId}/versions`)).json<{ exchangeId: string }>();
    expect((await choose(other.browser, first.conversationId, { exchangeId, version: 1 })).status).toBe(404);
    expect((await other.browser.get(`/api/conversations/${first.conversationId}/versions`)).status).toBe(404);
    expect((await choose(browser, first.conversationId, { exchangeId, version: 3 })).status).toBe(404);
    expect((await choose(browser, first.conversationId, { exchangeId, version: "1" })).status).toBe(400);
    expect((await choose(browser, first.conversationId, { exchangeId, version: 1, extra: true })).status).toBe(400);
    await eventually(async () => (await rowsOf(first.conversationId)).length === 4);
    expect((await rowsOf(first.conversationId)).filter((row) => row.chosen === 1).map((row) => row.version)).toEqual([2, 2]);
  });
});

describe("details are kept with the conversation", () => {
  it("the filled details (only those) are stored as JSON", async () => {
    const { browser } = await signUp();
    const marker = uniqueMarker();
    const first = await startConversation(browser, { kind: "initial", tool: "prose", element: "world", fields: { genre: marker, setting: "  " } });
    const row = await env.DB.prepare("SELECT details FROM query_history WHERE conversation_id = ?").bind(first.conversationId).first<{ details: string }>();
    expect(JSON.parse(row!.details)).toEqual({ genre: marker });
  });
});

describe("Work on my draft", () => {
  it("a passage and an action start a conversation (a trial conversation), saved as a draft with its label", async () => {
    const { browser, userId } = await signUp();
    const marker = uniqueMarker();
    const passage = `The rain fell down on the the old town, ${marker}, and she was very sad about it.`;
    const draft = await later(browser, { kind: "draft", tool: "prose", action: "line-edit", text: passage });
    expect(draft.queriesRemaining).toBe(4);
    const seen = (await lastModelMessages(marker)).filter((message) => message.role === "user");
    expect(seen).toHaveLength(1);
    expect(seen[0]!.text).toContain("Line-edit the passage");
    expect(seen[0]!.text).toContain(passage);
    const row = await eventually(() => conversationRow(draft.conversationId));
    expect(row).toMatchObject({ element: "draft:line-edit", user_id: userId });
    const mode = await env.DB.prepare("SELECT mode, details FROM query_history WHERE conversation_id = ?")
      .bind(draft.conversationId)
      .first<{ mode: string; details: string }>();
    expect(mode?.mode).toBe("draft");
    // The passage is kept with the conversation: reopened, the page diffs the revision against it.
    expect(JSON.parse(mode?.details ?? "null")).toEqual({ passage });
    const listed = await (await browser.get("/api/history?section=prose")).json<{ entries: { label: string; title: string }[] }>();
    expect(listed.entries[0]?.label).toBe("Draft · Line edit");
    expect(listed.entries[0]?.title).toMatch(/^Draft · Line edit · The rain fell down on the the old town, /);
    // Follow-ups work on it like on any conversation.
    const followUp = await later(browser, { kind: "follow-up", tool: "prose", conversationId: draft.conversationId, text: "Less formal, please" });
    expect(followUp.last).toEqual({ type: "done", finishReason: "stop" });
  });

  it("takes a passage of 20,000 characters in any script (Japanese: 60 KB of UTF-8)", async () => {
    const { browser } = await signUp();
    const passage = "雨の音が静かに街を包んでいた。".repeat(1_334).slice(0, 20_000);
    expect(new TextEncoder().encode(passage).length).toBeGreaterThan(59_000);
    const draft = await later(browser, { kind: "draft", tool: "prose", action: "critique", text: passage });
    expect(draft.queriesRemaining).toBe(4);
  });

  it.each([
    ["an empty passage", { action: "critique", text: "   " }, "Please paste the passage you want to work on."],
    ["an unknown action", { action: "rewrite-everything", text: "Some words." }, "Please choose one of the listed actions."],
    ["another tool's own action", { action: "scansion", text: "Some words." }, "Please choose one of the listed actions."],
    ["over 3,000 words", { action: "critique", text: "word ".repeat(3_001) }, "Your passage is too long: paste at most about 3,000 words (20,000 characters)."],
    ["over 20,000 characters", { action: "critique", text: "x".repeat(20_001) }, "Your passage is too long: paste at most about 3,000 words (20,000 characters)."],
  ])("refuses %s (400, nothing charged)", async (_, body, message) => {
    const { browser, userId } = await signUp();
    const response = await postGenerate(browser, { kind: "draft", tool: "prose", ...body });
    expect(await refusal(response)).toMatchObject({ status: 400, error: message });
    const counters = await env.DB.prepare("SELECT queries_remaining FROM user_subscriptions WHERE user_id = ?").bind(userId).first<{ queries_remaining: number }>();
    expect(counters?.queries_remaining).toBe(5);
  });
});
