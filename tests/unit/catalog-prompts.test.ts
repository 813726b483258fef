/**
 * The default system prompts ship as one Markdown file per tool (`app/catalog/prompts/`). Every
 * tool has one, nothing else is there, and each is, byte for byte, the text migration 0001 seeded
 * into `system_prompts` before the prompts moved to files.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultSystemPrompt } from "~/catalog/system-prompts.server";
import { tools } from "~/catalog/tools";

const root = path.resolve(import.meta.dirname, "../..");
const promptsDir = path.join(root, "app/catalog/prompts");

/** The rows of 0001's one INSERT: ('key', 'text', updated_at), with SQL's '' for a quote. */
function seededPrompts(): Map<string, { text: string; updatedAt: number }> {
  const sql = readFileSync(path.join(root, "migrations/0001_system_prompts.sql"), "utf8");
  const rows = [...sql.matchAll(/\('([a-z_]+)', '((?:[^']|'')*)', (\d+)\)[,;]/g)];
  return new Map(rows.map(([, key, text, updatedAt]) => [key!, { text: text!.replaceAll("''", "'"), updatedAt: Number(updatedAt) }]));
}

describe("default system prompts", () => {
  it("every tool has its prompt file, and it is not empty", () => {
    for (const tool of tools) {
      const text = defaultSystemPrompt(tool.systemPromptKey);
      expect(text, tool.systemPromptKey).toBeDefined();
      expect(text!.trim().length, tool.systemPromptKey).toBeGreaterThan(1000);
    }
  });

  it("the folder holds exactly one file per tool, and the bundle has each file's exact text", () => {
    const files = readdirSync(promptsDir).sort();
    expect(files).toEqual(tools.map((tool) => `${tool.systemPromptKey}.md`).sort());
    for (const file of files) {
      expect(defaultSystemPrompt(file.replace(/\.md$/, "")), file).toBe(readFileSync(path.join(promptsDir, file), "utf8"));
    }
  });

  it("each file is the text migration 0001 seeded, unchanged by the move", () => {
    const seeded = seededPrompts();
    expect([...seeded.keys()].sort()).toEqual(tools.map((tool) => tool.systemPromptKey).sort());
    for (const [key, { text, updatedAt }] of seeded) {
      expect(defaultSystemPrompt(key), key).toBe(text);
      // Migration 0005 removes the rows that still carry this stamp: the seed's.
      expect(updatedAt, key).toBe(1795219200000);
    }
  });

  it("a key no tool has has no default", () => {
    expect(defaultSystemPrompt("memoir_unified")).toBeUndefined();
    expect(defaultSystemPrompt("")).toBeUndefined();
  });
});
