/**
 * History rows written straight into D1, as the app saves a conversation (the query_history
 * row and its turns), with migration 0007's columns set as a test needs: the details filled,
 * a rename, a star. Lets the history tests check reads without generating through the model.
 */
import { env } from "cloudflare:workers";

let clock = Date.UTC(2026, 11, 5, 9, 0, 0);
/** Strictly increasing timestamps, so "newest first" is well defined between entries. */
export function tick(): number {
  clock += 1_000;
  return clock;
}

export type HistorySeed = {
  queryType: string;
  element?: string | null;
  prompt?: string;
  answer?: string;
  /** JSON of the filled details (as the generation path stores them), or null. */
  details?: string | null;
  title?: string | null;
  starred?: boolean;
};

export type SeededEntry = { id: string; conversationId: string; createdAt: number };

export async function seedEntry(userId: string, entry: HistorySeed): Promise<SeededEntry> {
  const id = crypto.randomUUID();
  const conversationId = crypto.randomUUID();
  const createdAt = tick();
  const prompt = entry.prompt ?? `Prompt of ${entry.queryType}`;
  const answer = entry.answer ?? `Answer of ${entry.queryType}`;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO query_history (id, user_id, query_type, element, query_text, response_text, conversation_id,
         trial_follow_ups_used, title, starred, details, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
    ).bind(
      id,
      userId,
      entry.queryType,
      entry.element ?? null,
      prompt,
      answer,
      conversationId,
      entry.title ?? null,
      entry.starred ? 1 : 0,
      entry.details ?? null,
      createdAt,
      createdAt + 10,
    ),
    env.DB.prepare(
      "INSERT INTO query_messages (id, conversation_id, role, content, status, created_at) VALUES (?, ?, 'user', ?, 'complete', ?)",
    ).bind(crypto.randomUUID(), conversationId, prompt, createdAt),
    env.DB.prepare(
      "INSERT INTO query_messages (id, conversation_id, role, content, status, created_at) VALUES (?, ?, 'assistant', ?, 'complete', ?)",
    ).bind(crypto.randomUUID(), conversationId, answer, createdAt + 5),
  ]);
  return { id, conversationId, createdAt };
}

export async function storedEntry(id: string) {
  return env.DB.prepare("SELECT title, starred FROM query_history WHERE id = ?")
    .bind(id)
    .first<{ title: string | null; starred: number }>();
}
