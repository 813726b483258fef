/**
 * The trial counts conversations (ARCHITECTURE §10, app/rules/plan.ts): a trial query is a new
 * conversation; each conversation started with one includes up to 10 follow-ups, usable while
 * the trial period lasts, even after the last conversation was started. Admins and subscribers
 * are never counted. Refusals are 'Action Denied' with a reason a writer can act on.
 */
import { describe, expect, it } from "vitest";
import { PLAN } from "../../app/rules/plan";
import { generationErrors } from "../../app/messages/tools";
import { trialTexts } from "../../app/messages/trial";
import { signUp, signUpVerified } from "./support/accounts";
import { type Browser } from "./support/browser";
import { routerData } from "./support/html";
import { counters, execute, followUpsUsed, historyOf, makeSubscriber, subscriptionOf, usageReaches } from "./support/db";
import {
  configureStandIn,
  failedBeforeText,
  generateOk,
  modelRequests,
  postGenerate,
  refusal,
  startConversation,
  uniqueMarker,
} from "./support/generation";

const DENIED = { status: 403, title: "Action Denied", error: generationErrors.denied };
const FOLLOW_UPS_USED = { status: 403, title: "Action Denied", error: trialTexts.followUpsUsedUp };

const initial = (marker: string) => ({ kind: "initial" as const, tool: "poetry", element: "imagery", fields: { premise: marker } });
const followUp = (conversationId: string, text: string) => ({ kind: "follow-up" as const, tool: "poetry", conversationId, text });

/** `count` follow-ups in one conversation; the `followUpsLeft` each start event reported. */
async function followUps(browser: Browser, conversationId: string, count: number) {
  const seen: (number | null)[] = [];
  for (let i = 0; i < count; i++) {
    seen.push((await generateOk(browser, followUp(conversationId, `refine ${i} ${uniqueMarker()}`))).followUpsLeft);
  }
  return seen;
}

describe("a trial writer", () => {
  it("has five conversations; follow-ups do not spend them; the sixth conversation is denied", async () => {
    const { browser, userId } = await signUp();
    expect(await counters(userId)).toEqual({ remaining: 5, used: 0 });
    const started = [];
    for (let i = 0; i < 5; i++) started.push(await startConversation(browser, initial(uniqueMarker())));
    // The start event tells the page what is left after this turn.
    expect(started.map((c) => [c.queriesRemaining, c.followUpsLeft])).toEqual([
      [4, 10],
      [3, 10],
      [2, 10],
      [1, 10],
      [0, 10],
    ]);
    expect(started.map((c) => c.row.trial_follow_ups_used)).toEqual([0, 0, 0, 0, 0]);

    const refined = await generateOk(browser, followUp(started[0]!.conversationId, `more ${uniqueMarker()}`));
    expect([refined.queriesRemaining, refined.followUpsLeft]).toEqual([0, 9]);
    expect(await counters(userId)).toEqual({ remaining: 0, used: 5 });

    const marker = uniqueMarker();
    expect(await refusal(await postGenerate(browser, initial(marker)))).toEqual(DENIED);
    // A denied turn reaches neither the model nor the history, and the counters stay as they were.
    expect(await modelRequests(marker)).toEqual([]);
    expect(await counters(userId)).toEqual({ remaining: 0, used: 5 });
    expect(await historyOf(userId)).toHaveLength(5);
    await usageReaches(userId, 6);
  });

  it(`each conversation includes ${PLAN.trialFollowUpsPerConversation} follow-ups; the next is denied with the reason, others stay open`, async () => {
    const { browser, userId } = await signUp();
    const first = await startConversation(browser, initial(uniqueMarker()));
    const second = await startConversation(browser, initial(uniqueMarker()));
    expect(await followUps(browser, first.conversationId, 10)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(await followUpsUsed(first.conversationId)).toBe(10);

    const marker = uniqueMarker();
    expect(await refusal(await postGenerate(browser, followUp(first.conversationId, marker)))).toEqual(FOLLOW_UPS_USED);
    expect(await modelRequests(marker)).toEqual([]);
    expect(await followUpsUsed(first.conversationId)).toBe(10);

    expect(await followUps(browser, second.conversationId, 1)).toEqual([9]);
    expect(await counters(userId)).toEqual({ remaining: 3, used: 2 });
  });

  it("keeps refining with no conversations left while the trial lasts; after its end everything is denied", async () => {
    const { browser, userId } = await signUp();
    const conversation = await startConversation(browser, initial(uniqueMarker()));
    await execute("UPDATE user_subscriptions SET queries_remaining = 0, queries_used = 5 WHERE user_id = ?", userId);
    const refined = await generateOk(browser, followUp(conversation.conversationId, "sharper"));
    expect([refined.queriesRemaining, refined.followUpsLeft]).toEqual([0, 9]);

    await execute("UPDATE user_subscriptions SET trial_end_date = ? WHERE user_id = ?", Date.now() - 60_000, userId);
    const marker = uniqueMarker();
    expect(await refusal(await postGenerate(browser, followUp(conversation.conversationId, marker)))).toEqual(DENIED);
    expect(await refusal(await postGenerate(browser, initial(marker)))).toEqual(DENIED);
    expect(await modelRequests(marker)).toEqual([]);
    expect(await followUpsUsed(conversation.conversationId)).toBe(1);
  });

  it("whose trial has ended is denied a new conversation even with some left", async () => {
    const { browser, userId } = await signUp();
    await execute("UPDATE user_subscriptions SET trial_end_date = ? WHERE user_id = ?", Date.now() - 60_000, userId);
    const marker = uniqueMarker();
    expect(await refusal(await postGenerate(browser, initial(marker)))).toEqual(DENIED);
    expect(await counters(userId)).toEqual({ remaining: 5, used: 0 });
    expect(await modelRequests(marker)).toEqual([]);
  });

  it("gets a follow-up back when it ends before any text", async () => {
    const { browser } = await signUp();
    const conversation = await startConversation(browser, initial(uniqueMarker()));
    const marker = uniqueMarker();
    await configureStandIn({ faults: [{ kind: "status", status: 500, match: marker, times: 2 }] });
    expect(await failedBeforeText(await postGenerate(browser, followUp(conversation.conversationId, marker)))).toBe(
      generationErrors.modelFailed,
    );
    expect(await followUpsUsed(conversation.conversationId)).toBe(0);
    expect(await followUps(browser, conversation.conversationId, 1)).toEqual([9]);
  });

  it("may refine a conversation started while subscribed only while still subscribed", async () => {
    const { browser, userId } = await signUp();
    await makeSubscriber(userId);
    const conversation = await startConversation(browser, initial(uniqueMarker()));
    expect(conversation.row.trial_follow_ups_used).toBeNull();
    await execute("UPDATE user_subscriptions SET is_subscribed = 0 WHERE user_id = ?", userId);
    expect(await refusal(await postGenerate(browser, followUp(conversation.conversationId, uniqueMarker())))).toEqual(DENIED);
  });

  it("who subscribes after running out may generate again, uncounted", async () => {
    const { browser, userId } = await signUp();
    const conversation = await startConversation(browser, initial(uniqueMarker()));
    await execute("UPDATE user_subscriptions SET queries_remaining = 0, queries_used = 5 WHERE user_id = ?", userId);
    await execute("UPDATE query_history SET trial_follow_ups_used = 10 WHERE conversation_id = ?", conversation.conversationId);
    expect(await refusal(await postGenerate(browser, initial(uniqueMarker())))).toEqual(DENIED);
    await makeSubscriber(userId);
    const generation = await generateOk(browser, initial(uniqueMarker()));
    expect([generation.queriesRemaining, generation.followUpsLeft]).toEqual([null, null]);
    const refined = await generateOk(browser, followUp(conversation.conversationId, "once more"));
    expect([refined.queriesRemaining, refined.followUpsLeft]).toEqual([null, null]);
    expect(await counters(userId)).toEqual({ remaining: 0, used: 5 });
    expect(await followUpsUsed(conversation.conversationId)).toBe(10);
  });
});

describe("the tool page states the allowance", () => {
  async function trialOnPage(browser: Browser, path: string) {
    const response = await browser.get(path);
    expect(response.status).toBe(200);
    return (routerData(await response.text()).loaderData["tool-poetry"] as { trial: unknown }).trial;
  }

  it("a trial writer's conversations left, and a continued conversation's follow-ups left", async () => {
    const { browser } = await signUp();
    expect(await trialOnPage(browser, "/poetry")).toEqual({ queriesRemaining: 5, followUpsLeft: null, periodOver: false });
    const conversation = await startConversation(browser, initial(uniqueMarker()));
    await followUps(browser, conversation.conversationId, 3);
    expect(await trialOnPage(browser, `/poetry?conversation=${conversation.conversationId}`)).toEqual({
      queriesRemaining: 4,
      followUpsLeft: 7,
      periodOver: false,
    });
  });

  it("an ended trial: nothing left, not even follow-ups", async () => {
    const { browser, userId } = await signUp();
    const conversation = await startConversation(browser, initial(uniqueMarker()));
    await execute("UPDATE user_subscriptions SET trial_end_date = ? WHERE user_id = ?", Date.now() - 1_000, userId);
    expect(await trialOnPage(browser, `/poetry?conversation=${conversation.conversationId}`)).toEqual({
      queriesRemaining: 4,
      followUpsLeft: 0,
      periodOver: true,
    });
  });

  it("nothing for a subscriber (unlimited)", async () => {
    const { browser, userId } = await signUp();
    await makeSubscriber(userId);
    expect(await trialOnPage(browser, "/poetry")).toBeNull();
  });
});

describe("never charged", () => {
  /** Three conversations and three follow-ups; the allowance each start event reported. */
  async function sixTurns(browser: Browser) {
    const seen: (number | null)[][] = [];
    for (let i = 0; i < 3; i++) {
      const conversation = await startConversation(browser, initial(uniqueMarker()));
      const refined = await generateOk(browser, followUp(conversation.conversationId, uniqueMarker()));
      seen.push([conversation.queriesRemaining, conversation.followUpsLeft, refined.queriesRemaining, refined.followUpsLeft]);
      expect(conversation.row.trial_follow_ups_used).toBeNull();
    }
    return seen;
  }
  const unlimited = Array.from({ length: 3 }, () => [null, null, null, null]);

  it("the admin (OWNER_EMAIL): conversations and follow-ups, counters untouched", async () => {
    const { browser, userId } = await signUpVerified({ email: "owner@example.com" });
    expect((await subscriptionOf(userId))?.is_admin).toBe(1);
    const before = await counters(userId);
    expect(await sixTurns(browser)).toEqual(unlimited);
    expect(await counters(userId)).toEqual(before);
    await usageReaches(userId, 6);
  });

  it("an admin whose trial ended long ago", async () => {
    const { browser, userId } = await signUp();
    await execute(
      "UPDATE user_subscriptions SET is_admin = 1, trial_end_date = ?, queries_remaining = 0 WHERE user_id = ?",
      Date.now() - 86_400_000,
      userId,
    );
    expect((await generateOk(browser, initial(uniqueMarker()))).queriesRemaining).toBeNull();
    expect(await counters(userId)).toEqual({ remaining: 0, used: 0 });
  });

  it("a subscriber, even with the trial over", async () => {
    const { browser, userId } = await signUp();
    await makeSubscriber(userId);
    await execute("UPDATE user_subscriptions SET trial_end_date = ? WHERE user_id = ?", Date.now() - 1_000, userId);
    expect(await sixTurns(browser)).toEqual(unlimited);
    expect(await counters(userId)).toEqual({ remaining: 5, used: 0 });
    await usageReaches(userId, 6);
  });
});
