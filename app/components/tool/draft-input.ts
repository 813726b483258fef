/**
 * The draft form's checks and summary (no React): the same limits the server applies
 * (app/catalog/draft-actions.ts), so a passage that would be refused is never sent.
 */
import { countWords, MAX_DRAFT_CHARS, MAX_DRAFT_WORDS } from "~/catalog/draft-actions";
import { draftTexts } from "~/messages/tools";

/** Words of the passage the folded summary shows. */
export const SUMMARY_WORDS = 8;

/** What stops the passage from being sent (empty, or over either limit), or null. */
export function draftProblem(passage: string): string | null {
  if (!passage.trim()) return draftTexts.empty;
  if (passage.length > MAX_DRAFT_CHARS || countWords(passage) > MAX_DRAFT_WORDS) return draftTexts.tooLong;
  return null;
}

/** Whether the passage is already over a limit (shown while the writer types or pastes). */
export function overLimit(passage: string): boolean {
  return passage.trim() !== "" && draftProblem(passage) !== null;
}

/** The passage's first words on one line, with an ellipsis when there is more. */
export function passageStart(passage: string, words = SUMMARY_WORDS): string {
  const all = passage.trim().split(/\s+/u).filter(Boolean);
  const start = all.slice(0, words).join(" ");
  return all.length > words ? `${start}…` : start;
}

/** Where the page keeps a tool's unsent passage for this tab (it survives a reload). */
export const passageStorageKey = (toolSlug: string) => `draft-passage:${toolSlug}`;
