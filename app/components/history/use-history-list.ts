/**
 * Everything the history list shares between its parts: the pages of entries and Load more,
 * the details dialog, downloads, rename and star, delete with its confirmation, their error
 * toasts, and where focus goes when a dialog closes. The components only render what this
 * returns.
 */
import { useMemo } from "react";
import type { CardHandlers } from "./history-card";
import { useCardFocus } from "./use-card-focus";
import { useEntryChanges } from "./use-entry-changes";
import { useEntryDelete } from "./use-entry-delete";
import { useEntryDetails, useEntryDownload, useThreadCache } from "./use-entry-threads";
import { useHistoryPages, type FirstPage, type ListFilter } from "./use-history-pages";

export function useHistoryList({ first, ...filter }: ListFilter & { first: FirstPage }) {
  const { entries, nextCursor, loadingMore, loadMore, removeEntry, updateEntry } = useHistoryPages({ ...filter, first });
  const { listRef, rememberOpener, rememberDeletedAt, returnFocus, onDeleteDialogClosed } = useCardFocus();
  const { cachedThread, forgetThread, loadThread } = useThreadCache();
  const details = useEntryDetails({ cachedThread, loadThread, rememberOpener });
  const onDownload = useEntryDownload(loadThread);
  const deletion = useEntryDelete({ forgetThread, removeEntry, rememberOpener, rememberDeletedAt });
  const changes = useEntryChanges({ updateEntry, rememberOpener });
  const handlers: CardHandlers = useMemo(
    () => ({
      onView: details.onView,
      onDownload,
      onDelete: deletion.onDelete,
      onRename: changes.onRename,
      onToggleStar: changes.onToggleStar,
    }),
    [changes.onRename, changes.onToggleStar, deletion.onDelete, details.onView, onDownload],
  );

  return {
    entries,
    nextCursor,
    loadingMore,
    loadMore,
    listRef,
    handlers,
    onDownload,
    details: { entry: details.viewing, state: details.threadState, onClose: details.onClose, onClosed: returnFocus },
    rename: { ...changes.rename, onClosed: returnFocus },
    deletion: {
      entry: deletion.deleting,
      busy: deletion.busy,
      onCancel: deletion.onCancel,
      onConfirm: deletion.onConfirm,
      onClosed: onDeleteDialogClosed,
    },
  };
}
