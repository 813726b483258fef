/**
 * Everything the history list shares between its parts: the pages of entries and Load more,
 * the details dialog, downloads, delete with its confirmation, their error toasts, and where
 * focus goes when a dialog closes. The components only render what this returns.
 */
import { useCardFocus } from "./use-card-focus";
import { useEntryDelete } from "./use-entry-delete";
import { useEntryDetails, useEntryDownload, useThreadCache } from "./use-entry-threads";
import { useHistoryPages, type FirstPage } from "./use-history-pages";

export function useHistoryList({ section, query, first }: { section: string; query: string; first: FirstPage }) {
  const { entries, nextCursor, loadingMore, loadMore, removeEntry } = useHistoryPages({ section, query, first });
  const { listRef, rememberOpener, rememberDeletedAt, returnFocus, onDeleteDialogClosed } = useCardFocus();
  const { cachedThread, forgetThread, loadThread } = useThreadCache();
  const details = useEntryDetails({ cachedThread, loadThread, rememberOpener });
  const onDownload = useEntryDownload(loadThread);
  const deletion = useEntryDelete({ forgetThread, removeEntry, rememberOpener, rememberDeletedAt });

  return {
    entries,
    nextCursor,
    loadingMore,
    loadMore,
    listRef,
    onView: details.onView,
    onDownload,
    onDelete: deletion.onDelete,
    details: { entry: details.viewing, state: details.threadState, onClose: details.onClose, onClosed: returnFocus },
    deletion: {
      entry: deletion.deleting,
      busy: deletion.busy,
      onCancel: deletion.onCancel,
      onConfirm: deletion.onConfirm,
      onClosed: onDeleteDialogClosed,
    },
  };
}
