import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { systemPrompts } from "../schema";

/** The owner's edit of a tool's system prompt, if there is one (the defaults live in files). */
export async function getSystemPrompt({ db, key }: { db: Database; key: string }) {
  const rows = await db
    .select({ promptText: systemPrompts.promptText })
    .from(systemPrompts)
    .where(eq(systemPrompts.queryType, key))
    .limit(1);
  return rows[0]?.promptText;
}
