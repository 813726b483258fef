/**
 * Word-level differences between two texts (jsdiff), as the tool page shows them: Compare marks
 * insertions and deletions; tracked changes (draft mode) let the writer accept or reject each
 * change. Loaded on demand (dynamic import), so the diff code is not in the tool page's first load.
 */
import { diffWordsWithSpace } from "diff";
import type { DiffPart } from "./diff-parts";

/** The parts of `after` against `before`; adjacent deletions and insertions form one change. */
export function diffParts(before: string, after: string): DiffPart[] {
  const parts: DiffPart[] = [];
  let id = 0;
  for (const change of diffWordsWithSpace(before, after)) {
    const last = parts.at(-1);
    if (!change.added && !change.removed) {
      parts.push({ kind: "same", text: change.value });
      continue;
    }
    if (last?.kind === "change" && (change.added ? last.added === "" : last.removed === "" && last.added === "")) {
      if (change.added) last.added = change.value;
      else last.removed += change.value;
      continue;
    }
    id += 1;
    parts.push({ kind: "change", id, removed: change.removed ? change.value : "", added: change.added ? change.value : "" });
  }
  return parts;
}
