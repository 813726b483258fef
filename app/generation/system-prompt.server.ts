/**
 * A tool's system prompt: the owner's edit (a `system_prompts` row) if there is one, else the
 * default that ships with the catalog (`app/catalog/prompts/<key>.md`). Edits are rare: each
 * isolate remembers the answer (lib/isolate-cache.ts), and the isolate that publishes an edit
 * forgets it at once (`forgetSystemPrompt`).
 */
import { defaultSystemPrompt } from "~/catalog/system-prompts.server";
import { getDb } from "~/lib/db.server";
import { isolateCache } from "~/lib/isolate-cache";
import { getSystemPrompt } from "~db/queries/system-prompts";

const cache = isolateCache<string>();

export async function loadSystemPrompt(key: string): Promise<string | undefined> {
  const hit = cachedSystemPrompt(key);
  if (hit !== undefined) return hit;
  return systemPromptFrom(key, (await getSystemPrompt({ db: getDb(), key })) ?? null);
}

/** The cached prompt, or undefined when this isolate must read it (a generation reads it in its batch). */
export function cachedSystemPrompt(key: string): string | undefined {
  return cache.get(key);
}

/** The prompt from its stored edit (null: none), remembered for the next turns. */
export function systemPromptFrom(key: string, storedEdit: string | null): string | undefined {
  // A blank edit is no edit: the writer still gets the default rather than a broken tool.
  const text = storedEdit || defaultSystemPrompt(key);
  if (text) cache.set(key, text);
  return text;
}

/** After a publish: this isolate's next turn reads the new prompt. */
export function forgetSystemPrompt(key: string): void {
  cache.forget(key);
}
