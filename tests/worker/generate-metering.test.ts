/**
 * Server-side metering (spec section 4 "Counting", section 5's usage check; ARCHITECTURE §7):
 * every turn, initial or follow-up, costs a trial user one query; admins and subscribers are
 * never counted; an exhausted or expired trial is denied with 'Action Denied'.
 */
import { describe, expect, it } from "vitest";
import {
  counters,
  execute,
  generateOk,
  historyOf,
  makeSubscriber,
  modelRequests,
  postGenerate,
  refusal,
  signUp,
  startConversation,
  subscriptionOf,
  uniqueMarker,
  usageReaches,
  type Browser,
} from "./support";

const DENIED = { status: 403, title: "Action Denied", error: "Please subscribe or renew to continue." };

const initial = (marker: string) => ({ kind: "initial" as const, tool: "poetry", element: "imagery", fields: { premise: marker } });
const followUp = (conversationId: string, text: string) => ({ kind: "follow-up" as const, tool: "poetry", conversationId, text });

/** Three initial turns and two follow-ups; returns the `queriesRemaining` of each start event. */
async function fiveTurns(browser: Browser) {
  const seen: (number | null)[] = [];
  const first = await startConversation(browser, initial(uniqueMarker()));
  seen.push(first.queriesRemaining);
  seen.push((await generateOk(browser, followUp(first.conversationId, `more ${uniqueMarker()}`))).queriesRemaining);
  const second = await startConversation(browser, initial(uniqueMarker()));
  seen.push(second.queriesRemaining);
  seen.push((await generateOk(browser, followUp(second.conversationId, `again ${uniqueMarker()}`))).queriesRemaining);
  seen.push((await generateOk(browser, initial(uniqueMarker()))).queriesRemaining);
  return { seen, conversationId: second.conversationId };
}

describe("a trial user", () => {
  it("has five queries; each initial and each follow-up turn costs one; the sixth is denied", async () => {
    const { browser, userId } = await signUp();
    expect(await counters(userId)).toEqual({ remaining: 5, used: 0 });

    const { seen, conversationId } = await fiveTurns(browser);
    // The start event tells the page what is left after this turn.
    expect(seen).toEqual([4, 3, 2, 1, 0]);
    expect(await counters(userId)).toEqual({ remaining: 0, used: 5 });

    const marker = uniqueMarker();
    expect(await refusal(await postGenerate(browser, initial(marker)))).toEqual(DENIED);
    expect(await refusal(await postGenerate(browser, followUp(conversationId, marker)))).toEqual(DENIED);
    // Denied turns reach neither the model nor the history, and the counter stays at 0.
    expect(await modelRequests(marker)).toEqual([]);
    expect(await counters(userId)).toEqual({ remaining: 0, used: 5 });
    expect(await historyOf(userId)).toHaveLength(3);
    await usageReaches(userId, 5);
  });

  it("whose trial has ended is denied even with queries left", async () => {
    const { browser, userId } = await signUp();
    await execute("UPDATE user_subscriptions SET trial_end_date = ? WHERE user_id = ?", Date.now() - 60_000, userId);
    const marker = uniqueMarker();
    expect(await refusal(await postGenerate(browser, initial(marker)))).toEqual(DENIED);
    expect(await counters(userId)).toEqual({ remaining: 5, used: 0 });
    expect(await modelRequests(marker)).toEqual([]);
  });

  it("who subscribes after running out may generate again, uncounted", async () => {
    const { browser, userId } = await signUp();
    await execute("UPDATE user_subscriptions SET queries_remaining = 0, queries_used = 5 WHERE user_id = ?", userId);
    expect(await refusal(await postGenerate(browser, initial(uniqueMarker())))).toEqual(DENIED);
    await makeSubscriber(userId);
    const generation = await generateOk(browser, initial(uniqueMarker()));
    expect(generation.queriesRemaining).toBeNull();
    expect(await counters(userId)).toEqual({ remaining: 0, used: 5 });
  });
});

describe("never charged", () => {
  it("the admin (OWNER_EMAIL): six turns and more, counters untouched", async () => {
    const { browser, userId } = await signUp({ email: "owner@example.com" });
    const row = await subscriptionOf(userId);
    expect(row?.is_admin).toBe(1);
    const before = await counters(userId);

    const { seen, conversationId } = await fiveTurns(browser);
    expect(seen).toEqual([null, null, null, null, null]);
    expect((await generateOk(browser, followUp(conversationId, uniqueMarker()))).queriesRemaining).toBeNull();
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

  it("a subscriber: six turns and more, counters untouched, even with the trial over", async () => {
    const { browser, userId } = await signUp();
    await makeSubscriber(userId);
    await execute("UPDATE user_subscriptions SET trial_end_date = ? WHERE user_id = ?", Date.now() - 1_000, userId);

    const { seen, conversationId } = await fiveTurns(browser);
    expect(seen).toEqual([null, null, null, null, null]);
    expect((await generateOk(browser, followUp(conversationId, uniqueMarker()))).queriesRemaining).toBeNull();
    expect(await counters(userId)).toEqual({ remaining: 5, used: 0 });
    await usageReaches(userId, 6);
  });
});
