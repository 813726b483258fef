import type { RefObject } from "react";
import type { HistoryItem } from "~/history/types";
import { HistoryCard, type CardHandlers } from "./history-card";

/** The cards, newest first; a search's results are a list named after the search. */
export function HistoryGrid({
  entries,
  label,
  listRef,
  handlers,
  showSection,
}: {
  entries: HistoryItem[];
  /** The list's name (a search's results), or none. */
  label: string | undefined;
  /** The list the dialogs send focus back into when they close. */
  listRef: RefObject<HTMLUListElement | null>;
  handlers: CardHandlers;
  showSection: boolean;
}) {
  return (
    <ul ref={listRef} className="card-grid history-grid" aria-label={label}>
      {entries.map((entry) => (
        <HistoryCard key={entry.id} entry={entry} handlers={handlers} showSection={showSection} />
      ))}
    </ul>
  );
}
