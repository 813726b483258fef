import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { readOverview } from "../../db/queries/admin-overview";
import { DAY_MS, uniqueId } from "./fixtures";

// A "now" far from every other case's: only what is seeded here falls in its 30-day window.
const NOW = new Date(Date.UTC(2041, 0, 31, 12));
const TODAY = Math.floor(NOW.getTime() / DAY_MS);

type Plan = { admin?: boolean; subscribed?: boolean; status?: string; left?: number; trialEnd?: number; cancelling?: boolean };

async function writer(db: Database, created: number, plan: Plan): Promise<string> {
  const id = uniqueId("ov");
  await db.run(sql`INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES (${id}, ${`${id}@example.test`}, 'x', ${created}, ${created})`);
  await db.run(sql`INSERT INTO user_subscriptions (user_id, is_admin, is_subscribed, queries_remaining, trial_end_date, subscription_status, cancel_at_period_end, updated_at)
    VALUES (${id}, ${plan.admin ? 1 : 0}, ${plan.subscribed ? 1 : 0}, ${plan.left ?? 0}, ${plan.trialEnd ?? null}, ${plan.status ?? null}, ${plan.cancelling ? 1 : 0}, ${created})`);
  return id;
}

/** `n` usage events at `at`, their first tokens `firstTokenMs`, +1, +2, … (null: no text came). */
async function usage(db: Database, userId: string, n: number, at: number, outcome: string, firstTokenMs: number | null, tokens = [10, 100]) {
  const prefix = uniqueId("ov-u");
  await db.run(sql`WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ${n})
    INSERT INTO usage_events (id, user_id, query_type, model, input_tokens, output_tokens, latency_ms, first_token_ms, outcome, created_at)
    SELECT ${prefix} || '-' || i, ${userId}, 'prose', 'm', ${tokens[0]}, ${tokens[1]}, 900, ${firstTokenMs} + i - 1, ${outcome}, ${at} FROM k`);
}

async function conversations(db: Database, userId: string, n: number, at: number) {
  for (let i = 0; i < n; i++) {
    const id = uniqueId("ov-h");
    await db.run(sql`INSERT INTO query_history (id, user_id, query_type, query_text, conversation_id, created_at, updated_at)
      VALUES (${id}, ${userId}, 'prose', 'q', ${id}, ${at}, ${at})`);
  }
}

/** Issue 14's overview: every figure from seeded rows, the same on D1 and libSQL. */
export function adminOverviewQueries(getDb: () => Database) {
  describe("the owner's overview", () => {
    it("counts writers, trials, subscribers, conversations, calls, tokens, failures and first-token percentiles", async () => {
      const db = getDb();
      const before = await readOverview({ db, now: NOW });
      const t = NOW.getTime();
      const recent = t - 2 * DAY_MS;
      const old = t - 40 * DAY_MS;
      await writer(db, recent, { left: 3, trialEnd: t + 5 * DAY_MS });
      await writer(db, old, { left: 3, trialEnd: t - DAY_MS });
      await writer(db, recent, { left: 0, trialEnd: t + 5 * DAY_MS });
      const subscriber = await writer(db, old, { subscribed: true, status: "active" });
      await writer(db, recent, { subscribed: true, status: "active", cancelling: true });
      await writer(db, old, { subscribed: true, status: "past_due" });
      await writer(db, old, { admin: true, subscribed: true, status: "active", left: 5, trialEnd: t + DAY_MS });

      // Today: 100 calls whose first tokens took 1..100 ms; 3 days ago: 3 failed (no text, no
      // first token) and 1 cut at 400 ms — 101 measured: p50 = 51, p95 = 96 (nearest rank), in
      // 10 ms steps given by their upper end: 60 and 100.
      // 31 days ago, outside the window: 50 failed calls at 5 s.
      await usage(db, subscriber, 100, t - 60_000, "complete", 1);
      await usage(db, subscriber, 3, t - 3 * DAY_MS, "failed", null, [10, 0]);
      await usage(db, subscriber, 1, t - 3 * DAY_MS, "interrupted", 400);
      await usage(db, subscriber, 50, t - 31 * DAY_MS, "failed", 5_000);
      await conversations(db, subscriber, 4, t - 3_600_000);
      await conversations(db, subscriber, 2, t - 29 * DAY_MS);
      await conversations(db, subscriber, 5, t - 30 * DAY_MS);

      const figures = await readOverview({ db, now: NOW });
      expect(figures.writers.total - before.writers.total).toBe(7);
      expect(figures.writers.newThisWeek - before.writers.newThisWeek).toBe(3);
      expect(figures.trials.active - before.trials.active).toBe(1);
      expect(figures.subscribers.active - before.subscribers.active).toBe(2);
      expect(figures.subscribers.pastDue - before.subscribers.pastDue).toBe(1);
      expect(figures.subscribers.cancelling - before.subscribers.cancelling).toBe(1);
      expect(figures.days).toHaveLength(30);
      expect(figures.days.at(-1)).toEqual({ day: TODAY, conversations: 4, calls: 100, bad: 0, inputTokens: 1_000, outputTokens: 10_000 });
      expect(figures.days.find((day) => day.day === TODAY - 3)).toMatchObject({ calls: 4, bad: 4, inputTokens: 40, outputTokens: 100 });
      expect(figures.days[0]).toMatchObject({ day: TODAY - 29, conversations: 2, calls: 0 });
      expect(figures.days.reduce((sum, day) => sum + day.calls, 0)).toBe(104);
      expect(figures.days.reduce((sum, day) => sum + day.conversations, 0)).toBe(6);
      expect(figures.firstToken).toEqual({ p50: 60, p95: 100, measured: 101 });

      // The sums follow the events: deleting them (an account deleted) takes them out again.
      await db.run(sql`DELETE FROM usage_events WHERE user_id = ${subscriber}`);
      const after = await readOverview({ db, now: NOW });
      expect(after.days.every((day) => day.calls === 0 && day.bad === 0 && day.inputTokens === 0 && day.outputTokens === 0)).toBe(true);
      expect(after.firstToken).toEqual({ p50: null, p95: null, measured: 0 });
    });

    it("an empty window has zeros and no latency rather than an error", async () => {
      const figures = await readOverview({ db: getDb(), now: new Date(Date.UTC(2099, 0, 1)) });
      expect(figures.days.every((day) => day.calls === 0 && day.conversations === 0 && day.bad === 0)).toBe(true);
      expect(figures.firstToken).toEqual({ p50: null, p95: null, measured: 0 });
    });
  });
}
