/**
 * A tool's system prompt: the owner's edit (a `system_prompts` row) if there is one, else the
 * default that ships with the catalog (`app/catalog/prompts/<key>.md`). Edits are rare, so each
 * isolate keeps the answer for 30 seconds instead of reading the database on every turn (one
 * round trip less before the first token); an edit reaches every isolate within that time, and
 * the isolate that publishes it at once (`forgetSystemPrompt`).
 */
import { defaultSystemPrompt } from "~/catalog/system-prompts.server";
import { getDb } from "~/lib/db.server";
import { getSystemPrompt } from "~db/queries/system-prompts";

const TTL_MS = 30_000;
const cache = new Map<string, { text: string; until: number }>();

export async function loadSystemPrompt(key: string): Promise<string | undefined> {
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.text;
  // A blank edit is no edit: the writer still gets the default rather than a broken tool.
  const text = (await getSystemPrompt({ db: getDb(), key })) || defaultSystemPrompt(key);
  if (text) cache.set(key, { text, until: Date.now() + TTL_MS });
  return text;
}

/** After a publish: this isolate's next turn reads the new prompt. */
export function forgetSystemPrompt(key: string): void {
  cache.delete(key);
}
