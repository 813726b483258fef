/**
 * Projects as the browser receives them from the API (the shared contract of issue 13): dates are
 * ISO strings, entries carry their private notes (shown to their writer, never sent to the model).
 */
import { PROJECT_KINDS, type BibleEntry, type BibleSection, type ProjectKind } from "./bible";

export { PROJECT_KINDS, type ProjectKind };

/** A stored kind as the pages show it (one the app no longer knows shows as none). */
export const asProjectKind = (kind: string | null): ProjectKind | null =>
  (PROJECT_KINDS as readonly string[]).includes(kind ?? "") ? (kind as ProjectKind) : null;

export type ProjectSummary = {
  id: string;
  title: string;
  logline: string;
  kind: ProjectKind | null;
  archivedAt: string | null;
  updatedAt: string;
  conversationCount: number;
  entryCount: number;
};

export type Project = {
  id: string;
  title: string;
  logline: string;
  kind: ProjectKind | null;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
} & { [section in BibleSection]: string };

export type ProjectWithEntries = Project & { entries: BibleEntry[] };

/** What a new entry and a change to one may hold: the query layer's own types. */
export type { EntryChanges, NewEntry } from "~db/queries/bible-entries";

export type ProjectChanges = Partial<Pick<Project, "title" | "logline" | "kind" | BibleSection>> & { archived?: boolean };

/** What an answer was given of the bible (the `start` event's `context`, the thread's per message). */
/**
 * What a project's story bible gave an answer (decision 013): the labels of the sections and
 * entries sent ("Used: …") and of those left out for the budget — with the project, once the
 * answer is on its way (`TurnContext`, the stream's `start` event).
 */
export type ContextUsed = { projectId?: string; projectTitle?: string; used: string[]; leftOut: string[] };

/** The `start` event's project context: null when the conversation has no project. */
export type TurnContext = ContextUsed & { projectId: string; projectTitle: string };
