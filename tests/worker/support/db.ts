/** Direct D1 reads and writes for assertions (rows as SQLite returns them, snake_case). */
import { env } from "cloudflare:workers";
import { defaultSystemPrompt } from "../../../app/catalog/system-prompts.server";
import { eventually } from "./wait";

export type UserRow = { id: string; email: string; password_hash: string };

export type SessionRow = { id: string; user_id: string; expires_at: number; created_at: number };

export type SubscriptionRow = {
  user_id: string;
  is_admin: number;
  is_subscribed: number;
  queries_remaining: number;
  queries_used: number;
  trial_end_date: number | null;
  subscription_end_date: number | null;
};

export function findUser(email: string) {
  return env.DB.prepare("SELECT id, email, password_hash FROM users WHERE email = ?").bind(email).first<UserRow>();
}

export async function sessionsOf(userId: string) {
  const { results } = await env.DB.prepare("SELECT * FROM sessions WHERE user_id = ? ORDER BY created_at")
    .bind(userId)
    .all<SessionRow>();
  return results;
}

export function sessionById(id: string) {
  return env.DB.prepare("SELECT * FROM sessions WHERE id = ?").bind(id).first<SessionRow>();
}

export function subscriptionOf(userId: string) {
  return env.DB.prepare("SELECT * FROM user_subscriptions WHERE user_id = ?").bind(userId).first<SubscriptionRow>();
}

export async function countRows(table: "users" | "sessions" | "user_subscriptions" | "password_reset_tokens") {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>();
  return row?.n ?? 0;
}

/** Row counts of every account table, to prove that a rejected request wrote nothing. */
export async function snapshotCounts() {
  return {
    users: await countRows("users"),
    sessions: await countRows("sessions"),
    user_subscriptions: await countRows("user_subscriptions"),
    password_reset_tokens: await countRows("password_reset_tokens"),
  };
}

export async function execute(sql: string, ...params: unknown[]) {
  await env.DB.prepare(sql)
    .bind(...params)
    .run();
}


export type HistoryRow = {
  id: string;
  user_id: string;
  query_type: string;
  element: string | null;
  query_text: string;
  response_text: string;
  conversation_id: string;
  trial_follow_ups_used: number | null;
  created_at: number;
  updated_at: number;
};

export type MessageRow = { id: string; conversation_id: string; role: string; content: string; status: string; created_at: number };

export type UsageEventRow = {
  id: string;
  user_id: string;
  query_type: string;
  model: string;
  input_tokens: number | null;
  output_tokens: number | null;
  latency_ms: number | null;
  outcome: string;
  created_at: number;
};

export async function historyOf(userId: string): Promise<HistoryRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM query_history WHERE user_id = ? ORDER BY created_at, id")
    .bind(userId)
    .all<HistoryRow>();
  return results;
}

export function conversationRow(conversationId: string) {
  return env.DB.prepare("SELECT * FROM query_history WHERE conversation_id = ?").bind(conversationId).first<HistoryRow>();
}

export async function turnsOf(conversationId: string): Promise<MessageRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT * FROM query_messages WHERE conversation_id = ? ORDER BY created_at, rowid",
  )
    .bind(conversationId)
    .all<MessageRow>();
  return results;
}

export async function usageEventsOf(userId: string): Promise<UsageEventRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM usage_events WHERE user_id = ? ORDER BY created_at, rowid")
    .bind(userId)
    .all<UsageEventRow>();
  return results;
}

/** The system prompt the app sends for `key`: the owner's edit (a row) if any, else the tool's prompt file. */
export async function systemPromptText(key: string): Promise<string> {
  const row = await env.DB.prepare("SELECT prompt_text FROM system_prompts WHERE query_type = ?")
    .bind(key)
    .first<{ prompt_text: string }>();
  const text = row?.prompt_text || defaultSystemPrompt(key);
  if (!text) throw new Error(`no system prompt ${key}`);
  return text;
}

/**
 * Waits until the user has `count` usage events (written after the turn is saved, which is
 * after the stream has closed) and returns them.
 */
export function usageReaches(userId: string, count: number): Promise<UsageEventRow[]> {
  return eventually(async () => {
    const events = await usageEventsOf(userId);
    return events.length === count && events;
  });
}

/** Makes a signed-up user an active subscriber (never charged). */
export function makeSubscriber(userId: string) {
  return execute("UPDATE user_subscriptions SET is_subscribed = 1 WHERE user_id = ?", userId);
}

/** The metering counters of a user. */
export async function counters(userId: string): Promise<{ remaining: number; used: number }> {
  const row = await subscriptionOf(userId);
  if (!row) throw new Error(`no subscription row for ${userId}`);
  return { remaining: row.queries_remaining, used: row.queries_used };
}

/** The trial follow-ups a conversation has used (null: it has no trial allowance). */
export async function followUpsUsed(conversationId: string): Promise<number | null> {
  const row = await conversationRow(conversationId);
  if (!row) throw new Error(`no conversation ${conversationId}`);
  return row.trial_follow_ups_used;
}
