/**
 * A generation's project context (issue 13, decision 013): the project's story bible loaded for
 * the writer, and the context block assembled from it for one turn — with what it used and left
 * out, for the `start` event, the saved answer and the follow-up budget.
 */
import type { ContextUsed, TurnContext } from "./types";
import type { ThreadTurn } from "~db/queries/conversations";
import type { Project } from "~db/queries/projects";
import type { BibleEntry, ProjectBible } from "./bible";
import { assembleContext } from "./context";

export type LoadedBible = { id: string; bible: ProjectBible; entries: BibleEntry[] };

/**
 * The writer's project read with its entries (null: not theirs; read in the turn's batch,
 * db/queries/turn-opening.ts) as a turn's bible — or none, with `usable`, when it is archived
 * (a new conversation is not started in an archived project).
 */
export function bibleOf(
  project: (Project & { entries: BibleEntry[] }) | null,
  { usable }: { usable: boolean },
): LoadedBible | null {
  if (!project || (usable && project.archivedAt !== null)) return null;
  const { id, title, synopsis, genreTone, setting, styleNotes, styleSample, entries } = project;
  return { id, bible: { title, synopsis, genreTone, setting, styleNotes, styleSample }, entries };
}

/**
 * The texts mentions are looked for in, oldest first as assembleContext ranks them: the
 * conversation so far (after its first request), the follow-up, and the request text last.
 * `earlier` is the conversation before this turn (the replaced exchange left out); `newText` is
 * what the writer sends now (the request itself on a new conversation; null on Continue).
 */
export function mentionTexts(earlier: readonly Pick<ThreadTurn, "content">[], newText: string | null): string[] {
  const [request, ...rest] = earlier;
  if (!request) return newText === null ? [] : [newText];
  return [...rest.map((turn) => turn.content), ...(newText === null ? [] : [newText]), request.content];
}

export type TurnProjectContext = {
  /** The block, sent as a system message right after the system prompt (null: nothing to send). */
  block: string | null;
  /** Its estimated tokens, taken from the conversation's context budget. */
  tokens: number;
  event: TurnContext;
  saved: ContextUsed;
};

export function turnContext(loaded: LoadedBible, texts: readonly string[]): TurnProjectContext {
  const assembled = assembleContext({ project: loaded.bible, entries: loaded.entries, texts });
  const saved: ContextUsed = {
    used: assembled.used.map((item) => item.name),
    // A shortened style sample was sent (its opening): it is in `used`, not left out.
    leftOut: assembled.leftOut.filter((item) => item.reason === "budget").map((item) => item.name),
  };
  return {
    block: assembled.block,
    tokens: assembled.tokens,
    event: { projectId: loaded.id, projectTitle: loaded.bible.title, ...saved },
    saved,
  };
}
