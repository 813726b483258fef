/**
 * Server side of the history pages: reads pages and threads for the signed-in writer, renames
 * and stars entries, and turns database rows into what the browser gets. Every call is scoped
 * to the writer's id.
 */
import { historyDetailsPath, historyEntryLabel, historySectionAliases, resolveHistorySection, sectionQueryTypes, toolForQueryType } from "~/catalog/history";
import { toolPath, tools } from "~/catalog/tools";
import { getDb } from "~/lib/db.server";
import {
  decodeCursor,
  deleteHistoryEntry,
  getHistoryEntry,
  listHistoryPage,
  updateHistoryEntry,
  type HistoryListEntry,
} from "~db/queries/history";
import { findProjectState, listProjects } from "~db/queries/projects";
import { HISTORY_PAGE_SIZE, MAX_SEARCH_CHARS, PREVIEW_CHARS } from "./limits";

import { parseDetails, storedConversationTitle } from "./titles";
import type { HistoryEntryState, HistoryItem, HistoryPage, HistoryThread } from "./types";

/**
 * Every tool's section at once (the dashboard's search). A symbol, so that no path segment — a
 * `/all/history` page keeps the spec's fallback — can be read as it.
 */
export const EVERY_SECTION: unique symbol = Symbol("every section");


function continuePath(queryType: string, conversationId: string): string | null {
  const tool = toolForQueryType(queryType);
  return tool ? `${toolPath(tool)}?conversation=${encodeURIComponent(conversationId)}` : null;
}

export function normalizeSearch(value: string | null): string {
  return (value ?? "").trim().slice(0, MAX_SEARCH_CHARS);
}

/**
 * `?project=`: a project's id or "none" (the conversations of no project); anything else, or
 * nothing, is no filter. Whether the id is the writer's is checked by `projectFilterFound`.
 */
export function projectParam(value: string | null): string | "none" | undefined {
  if (value === "none") return "none";
  return value && UUID.test(value) ? value : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a filter names a project the writer has (archived ones too): another writer's is a 404. */
export async function projectFilterFound(userId: string, project: string | "none" | undefined): Promise<boolean> {
  if (project === undefined || project === "none") return true;
  return (await findProjectState({ db: getDb(), userId, id: project })) !== null;
}

/** The Project filter's choices: every project of the writer's, archived ones too. */
export async function projectChoices(userId: string): Promise<{ id: string; title: string }[]> {
  return (await listProjects({ db: getDb(), userId, includeArchived: true })).map(({ id, title }) => ({ id, title }));
}

/** `?starred=1` (and only that) asks for the starred entries. */
export function starredParam(value: string | null): boolean {
  return value === "1";
}

function sectionTypes(section: string | typeof EVERY_SECTION): readonly string[] {
  if (section === EVERY_SECTION) return tools.flatMap((tool) => sectionQueryTypes(tool));
  // The API takes the old section names too, as the page does (it redirects them).
  return resolveHistorySection(historySectionAliases[section] ?? section).queryTypes;
}

type TitleRow = Pick<HistoryListEntry, "queryType" | "element" | "title" | "details" | "headingSource">;

function titleOf(row: TitleRow): { title: string; renamed: boolean } {
  const title = storedConversationTitle(row);
  return { title, renamed: Boolean(row.title?.trim()) };
}

function toItem(entry: HistoryListEntry): HistoryItem {
  return {
    id: entry.id,
    queryType: entry.queryType,
    label: historyEntryLabel(entry.queryType, entry.element),
    ...titleOf(entry),
    starred: entry.starred,
    preview: entry.preview,
    previewCut: entry.previewCut,
    turns: entry.turns,
    createdAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
    continuePath: continuePath(entry.queryType, entry.conversationId),
    detailsPath: historyDetailsPath(entry.queryType, entry.id),
  };
}

export async function readHistoryPage({
  userId,
  section,
  search,
  cursor,
  starred = false,
  project,
}: {
  userId: string;
  /** A section, an old section name, or every tool's section. */
  section: string | typeof EVERY_SECTION;
  search: string;
  cursor: string | null;
  starred?: boolean;
  /** A project's id, or "none" (see `projectParam`); every conversation when absent. */
  project?: string | "none";
}): Promise<HistoryPage> {
  const page = await listHistoryPage({
    db: getDb(),
    userId,
    queryTypes: sectionTypes(section),
    search,
    starred,
    projectId: project,
    cursor: decodeCursor(cursor),
    limit: HISTORY_PAGE_SIZE,
    previewChars: PREVIEW_CHARS,
  });
  return { nextCursor: page.nextCursor, entries: page.entries.map(toItem) };
}

export async function readHistoryThread({ userId, id }: { userId: string; id: string }): Promise<HistoryThread | null> {
  const entry = await getHistoryEntry({ db: getDb(), userId, id });
  if (!entry) return null;
  return {
    id: entry.id,
    queryType: entry.queryType,
    label: historyEntryLabel(entry.queryType, entry.element),
    title: titleOf(entry).title,
    starred: entry.starred,
    element: entry.element,
    details: parseDetails(entry.details),
    mode: entry.mode,
    createdAt: entry.createdAt.toISOString(),
    continuePath: continuePath(entry.queryType, entry.conversationId),
    ...(entry.projectId ? { projectId: entry.projectId } : {}),
    turns: entry.turns,
  };
}

/**
 * Renames and/or stars the writer's entry (`title: null` gives back the derived title); null
 * when the writer has no such entry.
 */
export async function changeHistoryEntry({
  userId,
  id,
  changes,
}: {
  userId: string;
  id: string;
  changes: Parameters<typeof updateHistoryEntry>[0]["changes"];
}): Promise<HistoryEntryState | null> {
  const row = await updateHistoryEntry({ db: getDb(), userId, id, changes });
  return row ? { id: row.id, ...titleOf(row), starred: row.starred } : null;
}

export function removeHistoryEntry({ userId, id }: { userId: string; id: string }): Promise<boolean> {
  return deleteHistoryEntry({ db: getDb(), userId, id });
}
