import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../client";
import { systemPromptVersions, systemPrompts } from "../schema";

/** The owner's edit of a tool's system prompt, if there is one (the defaults live in files). */
export async function getSystemPrompt({ db, key }: { db: Database; key: string }) {
  const rows = await db
    .select({ promptText: systemPrompts.promptText })
    .from(systemPrompts)
    .where(eq(systemPrompts.queryType, key))
    .limit(1);
  return rows[0]?.promptText;
}

export type PromptVersion = { id: string; promptText: string | null; createdByEmail: string; createdAt: Date };

/** A tool's published versions, newest first (`promptText` null: back to the shipped default). */
export async function listPromptVersions({ db, key, limit = 100 }: { db: Database; key: string; limit?: number }): Promise<PromptVersion[]> {
  return db
    .select({
      id: systemPromptVersions.id,
      promptText: systemPromptVersions.promptText,
      createdByEmail: systemPromptVersions.createdByEmail,
      createdAt: systemPromptVersions.createdAt,
    })
    .from(systemPromptVersions)
    .where(eq(systemPromptVersions.queryType, key))
    .orderBy(desc(systemPromptVersions.createdAt), desc(systemPromptVersions.id))
    .limit(limit);
}

export async function getPromptVersion({ db, key, id }: { db: Database; key: string; id: string }): Promise<PromptVersion | undefined> {
  const rows = await db
    .select({
      id: systemPromptVersions.id,
      promptText: systemPromptVersions.promptText,
      createdByEmail: systemPromptVersions.createdByEmail,
      createdAt: systemPromptVersions.createdAt,
    })
    .from(systemPromptVersions)
    .where(and(eq(systemPromptVersions.queryType, key), eq(systemPromptVersions.id, id)))
    .limit(1);
  return rows[0];
}

/**
 * The statements that publish `text` as a tool's prompt (null: back to the shipped default,
 * the owner's row deleted), with its version row; to run in one batch with the audit entry.
 */
export function publishPromptStatements(db: Database, input: { key: string; text: string | null; byEmail: string; now: Date }) {
  const version = db.insert(systemPromptVersions).values({
    id: crypto.randomUUID(),
    queryType: input.key,
    promptText: input.text,
    createdByEmail: input.byEmail,
    createdAt: input.now,
  });
  const current =
    input.text === null
      ? db.delete(systemPrompts).where(eq(systemPrompts.queryType, input.key))
      : db
          .insert(systemPrompts)
          .values({ queryType: input.key, promptText: input.text, updatedAt: input.now })
          .onConflictDoUpdate({ target: systemPrompts.queryType, set: { promptText: input.text, updatedAt: input.now } });
  return [current, version] as const;
}
