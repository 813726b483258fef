/**
 * Each reservation is one guarded UPDATE … RETURNING: 20 generations fired at once by a trial
 * writer with one conversation (or one follow-up) left run exactly once, and no count passes
 * its limit.
 * (The same race on the query layer alone runs on D1 and libSQL in tests/queries/metering.ts.)
 */
import { expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { trialTexts } from "../../app/messages/trial";
import { counters, execute, followUpsUsed, historyOf, usageReaches } from "./support/db";
import {
  generateOk,
  modelRequests,
  postGenerate,
  readGeneration,
  refusal,
  startConversation,
  uniqueMarker,
} from "./support/generation";

it("20 concurrent generations with 1 query left: exactly one streams, 19 are denied, the counter ends at 0", async () => {
  const { browser, userId } = await signUp();
  // One ordinary turn first, so the burst below meets a warm isolate (prompt cache, model client).
  const warmUp = await generateOk(browser, { kind: "initial", tool: "songwriting", element: "melody", fields: { theme: uniqueMarker() } });
  await usageReaches(userId, 1);
  await execute("UPDATE user_subscriptions SET queries_remaining = 1, queries_used = 4 WHERE user_id = ?", userId);
  const marker = uniqueMarker();

  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      postGenerate(browser, { kind: "initial", tool: "songwriting", element: "melody", fields: { theme: `${marker} #${index}` } }),
    ),
  );

  const streamed = responses.filter((response) => response.status === 200);
  const denied = responses.filter((response) => response.status !== 200);
  expect(streamed).toHaveLength(1);
  expect(denied).toHaveLength(19);
  for (const response of denied) {
    expect(await refusal(response)).toEqual({
      status: 403,
      title: "Action Denied",
      error: "Please subscribe or renew to continue.",
    });
  }
  const generation = await readGeneration(streamed[0]!);
  expect(generation.queriesRemaining).toBe(0);
  expect(generation.last).toEqual({ type: "done", finishReason: "stop" });

  expect(await counters(userId)).toEqual({ remaining: 0, used: 5 });
  // Only the one allowed turn reached the model and was saved.
  expect(await modelRequests(marker)).toHaveLength(1);
  await usageReaches(userId, 2);
  expect((await historyOf(userId)).map((row) => row.conversation_id).sort()).toEqual(
    [warmUp.conversationId, generation.conversationId].sort(),
  );
});

// In a burst the first request tends to run ~100 ms ahead of the other 19, which then arrive in
// lock-step: with several queries left they race for the same ones. (A read-then-update
// reservation passes the 1-left case above by luck of timing but lets all 20 through here.)
it("20 concurrent generations with 3 left: exactly three run; never below zero", async () => {
  const { browser, userId } = await signUp();
  await generateOk(browser, { kind: "initial", tool: "songwriting", element: "theme", fields: { genre: uniqueMarker() } });
  await execute("UPDATE user_subscriptions SET queries_remaining = 3, queries_used = 2 WHERE user_id = ?", userId);
  const marker = uniqueMarker();
  const statuses = await Promise.all(
    Array.from({ length: 20 }, async (_, index) => {
      const response = await postGenerate(browser, {
        kind: "initial",
        tool: "songwriting",
        element: "theme",
        fields: { mood: `${marker} #${index}` },
      });
      if (response.status === 200) await readGeneration(response);
      else await response.arrayBuffer();
      return response.status;
    }),
  );
  expect(statuses.filter((status) => status === 200)).toHaveLength(3);
  expect(statuses.filter((status) => status === 403)).toHaveLength(17);
  expect(await counters(userId)).toEqual({ remaining: 0, used: 5 });
  expect(await modelRequests(marker)).toHaveLength(3);
});

it("20 concurrent follow-ups on a trial conversation with 1 follow-up left: exactly one streams", async () => {
  const { browser } = await signUp();
  const conversation = await startConversation(browser, { kind: "initial", tool: "songwriting", element: "lyrics", fields: { genre: uniqueMarker() } });
  await execute("UPDATE query_history SET trial_follow_ups_used = 9 WHERE conversation_id = ?", conversation.conversationId);
  const marker = uniqueMarker();
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      postGenerate(browser, { kind: "follow-up", tool: "songwriting", conversationId: conversation.conversationId, text: `${marker} #${index}` }),
    ),
  );
  const streamed = responses.filter((response) => response.status === 200);
  const denied = responses.filter((response) => response.status !== 200);
  expect(streamed).toHaveLength(1);
  for (const response of denied) {
    expect(await refusal(response)).toEqual({ status: 403, title: "Action Denied", error: trialTexts.followUpsUsedUp });
  }
  const generation = await readGeneration(streamed[0]!);
  expect([generation.followUpsLeft, generation.last]).toEqual([0, { type: "done", finishReason: "stop" }]);
  expect(await followUpsUsed(conversation.conversationId)).toBe(10);
  expect(await modelRequests(marker)).toHaveLength(1);
});
