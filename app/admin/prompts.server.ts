/**
 * The owner's edits of the tools' system prompts (issue 14): what each tool uses now, its
 * versions, and publishing (an edit, an earlier version's text, or back to the shipped default),
 * each with its version row and audit entry in one batch. Publishing clears this isolate's
 * prompt cache; other isolates follow within its 30 seconds.
 */
import type { Admin } from "~/admin/guard.server";
import { defaultSystemPrompt } from "~/catalog/system-prompts.server";
import { tools, type ToolDefinition } from "~/catalog/tools";
import { forgetSystemPrompt } from "~/generation/system-prompt.server";
import { getDb } from "~/lib/db.server";
import { promptTexts } from "~/messages/admin-prompts";
import { auditEntry } from "~db/queries/admin-audit";
import { getPromptVersion, getSystemPrompt, listPromptVersions, publishPromptStatements } from "~db/queries/system-prompts";

/** Six tools' prompts run 4–9 kB; 40,000 characters leaves room and keeps the model's context sane. */
export const MAX_PROMPT_CHARS = 40_000;

export const findTool = (slug: string): ToolDefinition | undefined => tools.find((tool) => tool.slug === slug);

export async function promptState(tool: ToolDefinition) {
  const db = getDb();
  const key = tool.systemPromptKey;
  const [edited, versions] = await Promise.all([getSystemPrompt({ db, key }), listPromptVersions({ db, key })]);
  const shipped = defaultSystemPrompt(key) ?? "";
  return { tool: tool.slug, title: tool.title, current: edited || shipped, isDefault: !edited, shipped, versions };
}

/** A draft checked: its text, or the error to show. */
export function checkPromptText(text: unknown): { ok: true; text: string } | { ok: false; error: string } {
  if (typeof text !== "string" || !text.trim()) return { ok: false, error: promptTexts.empty };
  if (text.length > MAX_PROMPT_CHARS) return { ok: false, error: promptTexts.tooLong(MAX_PROMPT_CHARS) };
  return { ok: true, text };
}

/** Publishes `text` (null: the shipped default) as a new version, audited before → after. */
export async function publishPrompt(admin: Admin, tool: ToolDefinition, text: string | null, action: string, now = new Date()) {
  const db = getDb();
  const key = tool.systemPromptKey;
  const before = (await getSystemPrompt({ db, key })) ?? null;
  const [current, version] = publishPromptStatements(db, { key, text, byEmail: admin.email, now });
  await db.batch([
    current,
    version,
    auditEntry(db, { admin, action, target: tool.title, before: { promptText: before }, after: { promptText: text }, now }),
  ]);
  forgetSystemPrompt(key);
}

/** An earlier version's text (null: it was the default), or undefined when there is no such version. */
export async function versionText(tool: ToolDefinition, id: string): Promise<{ text: string | null } | undefined> {
  const version = await getPromptVersion({ db: getDb(), key: tool.systemPromptKey, id });
  return version ? { text: version.promptText } : undefined;
}
