/**
 * The default system prompt of each tool, `prompts/<systemPromptKey>.md`, bundled into the
 * Worker as text: a seventh tool's prompt is one more file, no registration. Server-only, so
 * the prompts never reach the browser bundle.
 */
/// <reference types="vite/client" />

const DIR = "./prompts/";
const files = import.meta.glob<string>("./prompts/*.md", { query: "?raw", import: "default", eager: true });

const byKey = new Map(Object.entries(files).map(([path, text]) => [path.slice(DIR.length, -".md".length), text]));

export function defaultSystemPrompt(key: string): string | undefined {
  return byKey.get(key);
}
