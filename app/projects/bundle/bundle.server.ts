/**
 * The server side of a project's export and import, for the signed-in writer only: reads the
 * project (another writer's is `null`, as if it did not exist), and applies an imported bible in
 * one batch — everything or nothing.
 */
import { historyEntryLabel } from "~/catalog/history";
import { conversationTitle, parseDetails } from "~/history/titles";
import { getDb } from "~/lib/db.server";
import { MAX_ENTRIES_PER_PROJECT } from "~/rules/project-limits";
import { applyBibleImport } from "~db/queries/bible-import";
import { listProjectConversations, type ProjectConversation } from "~db/queries/project-bundle";
import { readProject } from "~db/queries/projects";
import { bundleBible } from "./bundle-bible";
import { parseBible } from "./bible-parse";
import type { LineError } from "./bible-limits";
import type { BundleConversation } from "./conversation-file";
import { planImport } from "./import-plan";

type StoredProject = NonNullable<Awaited<ReturnType<typeof readProject>>>;

export function bundleConversation(row: ProjectConversation): BundleConversation {
  const answer = row.turns.find((turn) => turn.role === "assistant")?.content ?? null;
  return {
    queryType: row.queryType,
    label: historyEntryLabel(row.queryType, row.element),
    title: conversationTitle({ queryType: row.queryType, element: row.element, title: row.title, details: parseDetails(row.details), answer }),
    starred: row.starred,
    createdAt: row.createdAt.toISOString(),
    turns: row.turns,
  };
}

/** The bible and every conversation of the project, for the .zip; null when it is not the writer's. */
export async function readProjectBundle({ userId, projectId }: { userId: string; projectId: string }) {
  const db = getDb();
  const project = await readProject({ db, userId, id: projectId });
  if (!project) return null;
  const conversations = await listProjectConversations({ db, userId, projectId });
  return { bible: bundleBible(project), conversations: conversations.map(bundleConversation) };
}

export type ImportOutcome =
  | { kind: "not-found" }
  | { kind: "invalid"; errors: LineError[] }
  | { kind: "limit"; existing: number; adding: number }
  | { kind: "imported"; project: StoredProject; summary: { sections: string[]; added: number; updated: number } };

/** Reads `markdown` as a bible and merges it into the writer's project (decision 013, "Import"). */
export async function importBible({ userId, projectId, markdown }: { userId: string; projectId: string; markdown: string }): Promise<ImportOutcome> {
  const db = getDb();
  const project = await readProject({ db, userId, id: projectId });
  if (!project) return { kind: "not-found" };
  const parsed = parseBible(markdown);
  if (!parsed.ok) return { kind: "invalid", errors: parsed.errors };
  const planned = planImport(project.entries, parsed.bible);
  if (!planned.ok) return { kind: "limit", existing: planned.existing, adding: planned.adding };
  const { plan } = planned;
  const applied = await applyBibleImport({
    db,
    userId,
    projectId,
    changes: plan,
    maxEntries: MAX_ENTRIES_PER_PROJECT,
    previousUpdatedAt: project.updatedAt,
  });
  const after = await readProject({ db, userId, id: projectId });
  if (!after) return { kind: "not-found" };
  // Not applied although it fitted when planned: entries were added meanwhile.
  if (applied === "unchanged") return { kind: "limit", existing: after.entries.length, adding: plan.creates.length };
  const summary = { sections: Object.keys(plan.sections), added: plan.creates.length, updated: plan.updates.length };
  return { kind: "imported", project: after, summary };
}
