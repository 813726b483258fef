/**
 * The list of one section's entries: the first page from the loader, more pages on demand,
 * the details dialog, downloads and delete. Entries leave the list only after the server
 * confirms their deletion. The state and actions live in useHistoryList; this file lays out
 * the parts.
 */
import { useEffect, useRef, useState } from "react";
import type { HistoryItem } from "~/history/types";
import { DeleteEntryDialog } from "./delete-entry-dialog";
import { HistoryDetailsDialog } from "./history-details-dialog";
import { HistoryGrid } from "./history-grid";
import { FirstPageFailed, NoEntries } from "./history-states";
import { LoadMoreButton } from "./load-more-button";
import { useHistoryList } from "./use-history-list";
import type { FirstPage } from "./use-history-pages";

/**
 * The cards' Download menus open inside <main>: portalled to <body> they would sit outside
 * every landmark (axe: region).
 */
function useMenuContainer() {
  const sectionRef = useRef<HTMLElement>(null);
  const [menuContainer, setMenuContainer] = useState<HTMLElement | null>(null);
  useEffect(() => setMenuContainer(sectionRef.current?.closest("main") ?? null), []);
  return { sectionRef, menuContainer };
}

export function HistoryList({ section, query, first }: { section: string; query: string; first: FirstPage }) {
  const { sectionRef, menuContainer } = useMenuContainer();
  const list = useHistoryList({ section, query, first });
  return (
    <section ref={sectionRef} className="history-list" aria-live="polite" aria-busy={list.loadingMore}>
      <ListBody first={first} query={query} entries={list.entries}>
        <HistoryGrid
          entries={list.entries}
          query={query}
          listRef={list.listRef}
          menuContainer={menuContainer}
          onView={list.onView}
          onDownload={list.onDownload}
          onDelete={list.onDelete}
        />
      </ListBody>
      {list.nextCursor && list.entries.length > 0 ? <LoadMoreButton loading={list.loadingMore} onLoadMore={list.loadMore} /> : null}
      <HistoryDetailsDialog {...list.details} onDownload={list.onDownload} />
      <DeleteEntryDialog {...list.deletion} />
    </section>
  );
}

/** The cards (children), or what stands in their place when there are none to show. */
function ListBody({ first, query, entries, children }: { first: FirstPage; query: string; entries: HistoryItem[]; children: React.ReactNode }) {
  if (!first.ok) return <FirstPageFailed message={first.message} />;
  if (entries.length === 0) return <NoEntries query={query} />;
  return children;
}
