import type { RefObject } from "react";
import type { HistoryItem } from "~/history/types";
import { historyTexts } from "~/messages/history";
import { HistoryCard, type DownloadFormat } from "./history-card";

/** The cards, newest first; a search's results are a list named after the search. */
export function HistoryGrid({
  entries,
  query,
  listRef,
  menuContainer,
  onView,
  onDownload,
  onDelete,
}: {
  entries: HistoryItem[];
  query: string;
  /** The list the dialogs send focus back into when they close. */
  listRef: RefObject<HTMLUListElement | null>;
  menuContainer: HTMLElement | null;
  onView: (entry: HistoryItem) => void;
  onDownload: (entry: HistoryItem, format: DownloadFormat) => void;
  onDelete: (entry: HistoryItem) => void;
}) {
  return (
    <ul ref={listRef} className="card-grid history-grid" aria-label={query ? historyTexts.matchesFor(query) : undefined}>
      {entries.map((entry) => (
        <HistoryCard key={entry.id} entry={entry} onView={onView} onDownload={onDownload} onDelete={onDelete} menuContainer={menuContainer} />
      ))}
    </ul>
  );
}
