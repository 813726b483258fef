/**
 * Star and rename. The star changes on the card at once and goes back if the server says no;
 * a rename is checked in its dialog, sent, and the card takes the title the server answers
 * (the automatic one when the writer cleared the field).
 */
import { useCallback, useState } from "react";
import { useToast } from "~/components/toaster";
import { changeHistoryEntry } from "~/history/client";
import { titleProblem } from "~/history/titles";
import type { HistoryItem } from "~/history/types";
import { historyToasts } from "~/messages/history";
import { changeFailedToast, errorMessage } from "./failure-toasts";
import type { CardAction } from "./use-card-focus";

type UpdateEntry = (id: string, change: Partial<Pick<HistoryItem, "title" | "renamed" | "starred">>) => void;

export type RenameState = {
  entry: HistoryItem | null;
  busy: boolean;
  /** The field's message: too long, or what the server said. */
  problem: string | null;
  onSave: (entry: HistoryItem, title: string) => void;
  onCancel: () => void;
};

export function useEntryChanges({
  updateEntry,
  rememberOpener,
}: {
  updateEntry: UpdateEntry;
  rememberOpener: (entry: HistoryItem, action: CardAction) => void;
}) {
  const show = useToast();
  const [renaming, setRenaming] = useState<HistoryItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const onToggleStar = useCallback(
    async (entry: HistoryItem) => {
      const starred = !entry.starred;
      updateEntry(entry.id, { starred });
      try {
        const state = await changeHistoryEntry(entry.id, { starred });
        updateEntry(entry.id, { starred: state.starred });
      } catch (error) {
        updateEntry(entry.id, { starred: entry.starred });
        show(changeFailedToast(errorMessage(error)));
      }
    },
    [show, updateEntry],
  );

  const onRename = useCallback(
    (entry: HistoryItem) => {
      rememberOpener(entry, "rename");
      setProblem(null);
      setRenaming(entry);
    },
    [rememberOpener],
  );

  const onSave = useCallback(
    async (entry: HistoryItem, title: string) => {
      const tooLong = titleProblem(title);
      if (tooLong) return setProblem(tooLong);
      setBusy(true);
      try {
        const state = await changeHistoryEntry(entry.id, { title: title.trim() });
        updateEntry(entry.id, { title: state.title, renamed: state.renamed });
        setRenaming(null);
        show({ ...historyToasts.renamed });
      } catch (error) {
        setProblem(errorMessage(error));
      } finally {
        setBusy(false);
      }
    },
    [show, updateEntry],
  );

  const onCancel = useCallback(() => setRenaming(null), []);
  const rename: RenameState = { entry: renaming, busy, problem, onSave, onCancel };
  return { onToggleStar, onRename, rename };
}
