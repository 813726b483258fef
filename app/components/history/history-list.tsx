/**
 * The list of one section's entries (or, for the search of all your work, of every section's):
 * the first page from the loader, more pages on demand, the details dialog, downloads, rename,
 * star and delete. Entries leave the list only after the server confirms their deletion. The
 * state and actions live in useHistoryList; this file lays out the parts.
 */
import { lazy, Suspense, useState } from "react";
import { ALL_SECTIONS } from "~/history/limits";
import type { HistoryItem } from "~/history/types";
import { historyTexts } from "~/messages/history";
import { DeleteEntryDialog } from "./delete-entry-dialog";
import { HistoryGrid } from "./history-grid";
import { FirstPageFailed, NoEntries } from "./history-states";
import { LoadMoreButton } from "./load-more-button";
import { RenameEntryDialog } from "./rename-entry-dialog";
import { useHistoryList } from "./use-history-list";
import type { FirstPage, ListFilter } from "./use-history-pages";

/**
 * The details dialog's code (the Markdown renderer, the export menu) loads when a writer reaches
 * for an entry — the pointer over the list, focus in it, or View Details — not with the page:
 * evaluating it was 80–100 ms of the history page's load on a phone 4× slower than this machine.
 */
const loadDetailsDialog = () => import("./history-details-dialog");
const HistoryDetailsDialog = lazy(() => loadDetailsDialog().then((module) => ({ default: module.HistoryDetailsDialog })));
const prefetchDetailsDialog = () => void loadDetailsDialog();

function listLabel({ section, query }: ListFilter): string | undefined {
  if (!query) return undefined;
  return section === ALL_SECTIONS ? historyTexts.allMatchesFor(query) : historyTexts.matchesFor(query);
}

export function HistoryList({ first, ...filter }: ListFilter & { first: FirstPage }) {
  const list = useHistoryList({ ...filter, first });
  // Mounted from the first View Details on, so it can animate closed and open again at once.
  const [detailsUsed, setDetailsUsed] = useState(false);
  if (list.details.entry !== null && !detailsUsed) setDetailsUsed(true);
  return (
    <section
      className="history-list"
      aria-live="polite"
      aria-busy={list.loadingMore}
      onPointerEnter={prefetchDetailsDialog}
      onFocus={prefetchDetailsDialog}
    >
      <ListBody first={first} filter={filter} entries={list.entries}>
        <HistoryGrid
          entries={list.entries}
          label={listLabel(filter)}
          listRef={list.listRef}
          handlers={list.handlers}
          showSection={filter.section === ALL_SECTIONS}
        />
      </ListBody>
      {list.nextCursor && list.entries.length > 0 ? <LoadMoreButton loading={list.loadingMore} onLoadMore={list.loadMore} /> : null}
      {detailsUsed ? (
        <Suspense fallback={null}>
          <HistoryDetailsDialog {...list.details} onDownload={list.onDownload} />
        </Suspense>
      ) : null}
      <RenameEntryDialog {...list.rename} />
      <DeleteEntryDialog {...list.deletion} />
    </section>
  );
}

/** The cards (children), or what stands in their place when there are none to show. */
function ListBody({ first, filter, entries, children }: { first: FirstPage; filter: ListFilter; entries: HistoryItem[]; children: React.ReactNode }) {
  if (!first.ok) return <FirstPageFailed message={first.message} />;
  if (entries.length === 0) return <NoEntries {...filter} allSections={filter.section === ALL_SECTIONS} />;
  return children;
}
