/**
 * The list's entries: the first page from the loader, then one page per Load more. A page that
 * does not arrive is told in a toast and the entries already shown stay.
 */
import { useCallback, useEffect, useState } from "react";
import { useToast } from "~/components/toaster";
import { fetchHistoryPage } from "~/history/client";
import type { HistoryItem, HistoryPage } from "~/history/types";
import { errorMessage, fetchFailedToast } from "./failure-toasts";

export type FirstPage = ({ ok: true } & HistoryPage) | { ok: false; message: string };

/** `project`: a project's id, `none` for conversations without one, absent for all. */
export type ListFilter = { section: string; query: string; starred: boolean; project?: string | null };

export function useHistoryPages({ section, query, starred, project = null, first }: ListFilter & { first: FirstPage }) {
  const show = useToast();
  const [entries, setEntries] = useState<HistoryItem[]>(first.ok ? first.entries : []);
  const [nextCursor, setNextCursor] = useState<string | null>(first.ok ? first.nextCursor : null);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    if (!first.ok) show(fetchFailedToast(first.message));
  }, [first, show]);

  const loadMore = useCallback(async () => {
    if (!nextCursor) return;
    setLoadingMore(true);
    try {
      const page = await fetchHistoryPage({ section, query, starred, project, cursor: nextCursor });
      setEntries((list) => {
        const seen = new Set(list.map((item) => item.id));
        return [...list, ...page.entries.filter((item) => !seen.has(item.id))];
      });
      setNextCursor(page.nextCursor);
    } catch (error) {
      show(fetchFailedToast(errorMessage(error)));
    } finally {
      setLoadingMore(false);
    }
  }, [nextCursor, project, query, section, show, starred]);

  /** Takes out an entry the server has deleted; `removedAt` hears where it stood (for focus). */
  const removeEntry = useCallback((id: string, removedAt: (index: number) => void) => {
    setEntries((list) => {
      removedAt(list.findIndex((item) => item.id === id));
      return list.filter((item) => item.id !== id);
    });
  }, []);

  /** Puts an entry's new title or star in place (the server's answer, or a guess to undo). */
  const updateEntry = useCallback((id: string, change: Partial<Pick<HistoryItem, "title" | "renamed" | "starred">>) => {
    setEntries((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  return { entries, nextCursor, loadingMore, loadMore, removeEntry, updateEntry };
}
