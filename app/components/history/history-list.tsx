/**
 * The list of one section's entries: the first page from the loader, more pages on demand,
 * the details dialog, downloads and delete. Entries leave the list only after the server
 * confirms their deletion.
 */
import { Button, Flex, Text } from "@radix-ui/themes";
import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useToast } from "~/components/toaster";
import { deleteHistoryEntry, fetchHistoryPage, fetchHistoryThread, saveFile } from "~/history/client";
import { markdownFileContent, markdownFileName, textFileContent, textFileName } from "~/history/export";
import type { HistoryItem, HistoryPage, HistoryThread } from "~/history/types";
import { historyTexts, historyToasts } from "~/messages/history";
import { DeleteEntryDialog } from "./delete-entry-dialog";
import { HistoryCard, type DownloadFormat } from "./history-card";
import { HistoryDetailsDialog, type ThreadState } from "./history-details-dialog";

type FirstPage = ({ ok: true } & HistoryPage) | { ok: false; message: string };

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function HistoryList({ section, query, first }: { section: string; query: string; first: FirstPage }) {
  const show = useToast();
  const revalidator = useRevalidator();
  const [entries, setEntries] = useState<HistoryItem[]>(first.ok ? first.entries : []);
  const [nextCursor, setNextCursor] = useState<string | null>(first.ok ? first.nextCursor : null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [viewing, setViewing] = useState<HistoryItem | null>(null);
  const [threadState, setThreadState] = useState<ThreadState | null>(null);
  const [deleting, setDeleting] = useState<HistoryItem | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const threads = useRef(new Map<string, HistoryThread>());
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndexAfterDelete = useRef<number | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  // The cards' Download menus open inside <main>: portalled to <body> they would sit outside
  // every landmark (axe: region).
  const [menuContainer, setMenuContainer] = useState<HTMLElement | null>(null);
  useEffect(() => setMenuContainer(sectionRef.current?.closest("main") ?? null), []);
  // The dialogs open from a card's button but have no Radix trigger, so Radix would drop focus
  // on the body when they close: we send it back to the button that opened them.
  const focusBackTo = useRef<{ id: string; action: "view" | "delete" } | null>(null);

  const returnFocus = useCallback((event: Event) => {
    const target = focusBackTo.current;
    focusBackTo.current = null;
    if (!target) return;
    const button = [...(listRef.current?.querySelectorAll<HTMLElement>(`[data-action="${target.action}"]`) ?? [])].find(
      (element) => element.closest<HTMLElement>(".history-item")?.dataset.entryId === target.id,
    );
    if (!button) return;
    event.preventDefault();
    button.focus();
  }, []);

  useEffect(() => {
    if (!first.ok) show({ title: historyToasts.fetchFailed.title, description: historyToasts.fetchFailed.description(first.message), variant: "destructive" });
  }, [first, show]);

  const loadThread = useCallback(async (id: string) => {
    const cached = threads.current.get(id);
    if (cached) return cached;
    const thread = await fetchHistoryThread(id);
    threads.current.set(id, thread);
    return thread;
  }, []);

  const onView = useCallback(
    (entry: HistoryItem) => {
      focusBackTo.current = { id: entry.id, action: "view" };
      setViewing(entry);
      const cached = threads.current.get(entry.id);
      setThreadState(cached ? { status: "ready", thread: cached } : { status: "loading" });
      if (cached) return;
      loadThread(entry.id).then(
        (thread) => setThreadState((state) => (state?.status === "loading" ? { status: "ready", thread } : state)),
        (error: unknown) => {
          const message = historyToasts.fetchFailed.description(errorMessage(error));
          setThreadState({ status: "failed", message });
          show({ title: historyToasts.fetchFailed.title, description: message, variant: "destructive" });
        },
      );
    },
    [loadThread, show],
  );

  const onDownload = useCallback(
    async (entry: HistoryItem, format: DownloadFormat) => {
      try {
        const thread = await loadThread(entry.id);
        if (format === "txt") saveFile(textFileName(thread), textFileContent(thread), "text/plain");
        else saveFile(markdownFileName(thread), markdownFileContent(thread), "text/markdown");
        show({ ...historyToasts.downloaded });
      } catch (error) {
        show({ title: historyToasts.fetchFailed.title, description: historyToasts.fetchFailed.description(errorMessage(error)), variant: "destructive" });
      }
    },
    [loadThread, show],
  );

  const onConfirmDelete = useCallback(
    async (entry: HistoryItem) => {
      setDeleteBusy(true);
      try {
        await deleteHistoryEntry(entry.id);
        threads.current.delete(entry.id);
        setEntries((list) => {
          focusIndexAfterDelete.current = list.findIndex((item) => item.id === entry.id);
          return list.filter((item) => item.id !== entry.id);
        });
        show({ ...historyToasts.deleted });
      } catch (error) {
        show({ title: historyToasts.deleteFailed.title, description: historyToasts.deleteFailed.description(errorMessage(error)), variant: "destructive" });
      } finally {
        setDeleteBusy(false);
        setDeleting(null);
      }
    },
    [show],
  );

  const onDelete = useCallback((entry: HistoryItem) => {
    focusBackTo.current = { id: entry.id, action: "delete" };
    setDeleting(entry);
  }, []);

  // After a delete, focus moves to the card that took the deleted one's place (or the search);
  // otherwise (Cancel, Escape, a failed delete) back to the card's Delete button.
  const onDeleteDialogClosed = useCallback((event: Event) => {
    const index = focusIndexAfterDelete.current;
    focusIndexAfterDelete.current = null;
    if (index === null) return returnFocus(event);
    focusBackTo.current = null;
    event.preventDefault();
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>(".history-item button:first-of-type");
    const target = buttons && buttons.length > 0 ? buttons[Math.min(index, buttons.length - 1)] : null;
    (target ?? document.querySelector<HTMLElement>(".history-search input"))?.focus();
  }, [returnFocus]);

  const loadMore = useCallback(async () => {
    if (!nextCursor) return;
    setLoadingMore(true);
    try {
      const page = await fetchHistoryPage({ section, query, cursor: nextCursor });
      setEntries((list) => {
        const seen = new Set(list.map((item) => item.id));
        return [...list, ...page.entries.filter((item) => !seen.has(item.id))];
      });
      setNextCursor(page.nextCursor);
    } catch (error) {
      show({ title: historyToasts.fetchFailed.title, description: historyToasts.fetchFailed.description(errorMessage(error)), variant: "destructive" });
    } finally {
      setLoadingMore(false);
    }
  }, [nextCursor, query, section, show]);

  let body: React.ReactNode;
  if (!first.ok) {
    body = (
      <Flex direction="column" gap="3" align="start" py="5">
        <Text as="p" size="3">
          {historyToasts.fetchFailed.description(first.message)}
        </Text>
        <Button variant="soft" onClick={() => revalidator.revalidate()} loading={revalidator.state !== "idle"}>
          {historyTexts.retry}
        </Button>
      </Flex>
    );
  } else if (entries.length === 0) {
    body = query ? (
      <Flex py="5" className="history-empty">
        <Text as="p" size="3">
          {historyTexts.noMatches(query)}
        </Text>
      </Flex>
    ) : (
      <Flex direction="column" gap="1" py="5" className="history-empty">
        <Text as="p" size="4" weight="medium">
          {historyTexts.emptyTitle}
        </Text>
        <Text as="p" size="3" color="gray">
          {historyTexts.emptyHint}
        </Text>
      </Flex>
    );
  } else {
    body = (
      <ul ref={listRef} className="card-grid history-grid" aria-label={query ? historyTexts.matchesFor(query) : undefined}>
        {entries.map((entry) => (
          <HistoryCard key={entry.id} entry={entry} onView={onView} onDownload={onDownload} onDelete={onDelete} menuContainer={menuContainer} />
        ))}
      </ul>
    );
  }

  return (
    <section ref={sectionRef} className="history-list" aria-live="polite" aria-busy={loadingMore}>
      {body}
      {nextCursor && entries.length > 0 ? (
        <Flex justify="center" mt="5">
          <Button size="3" variant="soft" onClick={loadMore} loading={loadingMore}>
            {historyTexts.loadMore}
          </Button>
        </Flex>
      ) : null}
      <HistoryDetailsDialog
        entry={viewing}
        state={threadState}
        onClose={() => {
          setViewing(null);
          setThreadState(null);
        }}
        onClosed={returnFocus}
        onDownload={onDownload}
      />
      <DeleteEntryDialog
        entry={deleting}
        busy={deleteBusy}
        onCancel={() => setDeleting(null)}
        onConfirm={onConfirmDelete}
        onClosed={onDeleteDialogClosed}
      />
    </section>
  );
}
