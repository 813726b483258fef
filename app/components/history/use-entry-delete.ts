/**
 * Delete with its confirmation: the card's Delete only opens the dialog, and the entry leaves
 * the list once the server confirms, so a failed delete leaves everything as it was.
 */
import { useCallback, useState } from "react";
import { useToast } from "~/components/toaster";
import { deleteHistoryEntry } from "~/history/client";
import type { HistoryItem } from "~/history/types";
import { historyToasts } from "~/messages/history";
import type { CardAction } from "./use-card-focus";
import { deleteFailedToast, errorMessage } from "./failure-toasts";

export function useEntryDelete({
  forgetThread,
  removeEntry,
  rememberOpener,
  rememberDeletedAt,
}: {
  forgetThread: (id: string) => void;
  removeEntry: (id: string, removedAt: (index: number) => void) => void;
  rememberOpener: (entry: HistoryItem, action: CardAction) => void;
  rememberDeletedAt: (index: number) => void;
}) {
  const show = useToast();
  const [deleting, setDeleting] = useState<HistoryItem | null>(null);
  const [busy, setBusy] = useState(false);

  const onDelete = useCallback(
    (entry: HistoryItem) => {
      rememberOpener(entry, "delete");
      setDeleting(entry);
    },
    [rememberOpener],
  );

  const onCancel = useCallback(() => setDeleting(null), []);

  const onConfirm = useCallback(
    async (entry: HistoryItem) => {
      setBusy(true);
      try {
        await deleteHistoryEntry(entry.id);
        forgetThread(entry.id);
        removeEntry(entry.id, rememberDeletedAt);
        show({ ...historyToasts.deleted });
      } catch (error) {
        show(deleteFailedToast(errorMessage(error)));
      } finally {
        setBusy(false);
        setDeleting(null);
      }
    },
    [forgetThread, rememberDeletedAt, removeEntry, show],
  );

  return { deleting, busy, onDelete, onCancel, onConfirm };
}
