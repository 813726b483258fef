/**
 * System prompts change only with a migration, so each isolate keeps them for a few minutes
 * instead of reading D1 on every turn (one round trip less before the first token).
 */
import { getSystemPrompt } from "~db/queries/system-prompts";
import { getDb } from "~/lib/db.server";

const TTL_MS = 5 * 60 * 1000;
const cache = new Map<string, { text: string; until: number }>();

export async function loadSystemPrompt(key: string): Promise<string | undefined> {
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.text;
  const text = await getSystemPrompt({ db: getDb(), key });
  if (text) cache.set(key, { text, until: Date.now() + TTL_MS });
  return text;
}
