/**
 * An entry's whole conversation, read once and kept: 'View details' and both downloads use it,
 * so opening the details and then downloading costs one request.
 */
import { useCallback, useRef, useState } from "react";
import { useToast } from "~/components/toaster";
import { fetchHistoryThread, saveFile } from "~/history/client";
import { markdownFileContent, markdownFileName, textFileContent, textFileName } from "~/history/export";
import type { HistoryItem, HistoryThread } from "~/history/types";
import { historyToasts } from "~/messages/history";
import type { CardAction } from "./use-card-focus";
import type { DownloadFormat } from "./history-card";
import type { ThreadState } from "./history-details-dialog";
import { errorMessage, fetchFailedToast } from "./failure-toasts";

/** The threads read so far, by entry id (a deleted entry's is forgotten). */
export function useThreadCache() {
  const threads = useRef(new Map<string, HistoryThread>());

  const cachedThread = useCallback((id: string) => threads.current.get(id), []);
  const forgetThread = useCallback((id: string) => void threads.current.delete(id), []);
  const loadThread = useCallback(async (id: string) => {
    const cached = threads.current.get(id);
    if (cached) return cached;
    const thread = await fetchHistoryThread(id);
    threads.current.set(id, thread);
    return thread;
  }, []);

  return { cachedThread, forgetThread, loadThread };
}

type ThreadCache = ReturnType<typeof useThreadCache>;

/** 'History Details': which entry is open and how far its thread has come. */
export function useEntryDetails({
  cachedThread,
  loadThread,
  rememberOpener,
}: Pick<ThreadCache, "cachedThread" | "loadThread"> & { rememberOpener: (entry: HistoryItem, action: CardAction) => void }) {
  const show = useToast();
  const [viewing, setViewing] = useState<HistoryItem | null>(null);
  const [threadState, setThreadState] = useState<ThreadState | null>(null);
  // The entry whose dialog is open: a thread that arrives after its dialog was closed (or
  // another entry's was opened) must not show in the wrong dialog.
  const openId = useRef<string | null>(null);

  const onView = useCallback(
    (entry: HistoryItem) => {
      rememberOpener(entry, "view");
      openId.current = entry.id;
      setViewing(entry);
      const cached = cachedThread(entry.id);
      setThreadState(cached ? { status: "ready", thread: cached } : { status: "loading" });
      if (cached) return;
      loadThread(entry.id).then(
        (thread) => {
          if (openId.current === entry.id) setThreadState({ status: "ready", thread });
        },
        (error: unknown) => {
          const toast = fetchFailedToast(errorMessage(error));
          if (openId.current === entry.id) setThreadState({ status: "failed", message: toast.description });
          show(toast);
        },
      );
    },
    [cachedThread, loadThread, rememberOpener, show],
  );

  const onClose = useCallback(() => {
    openId.current = null;
    setViewing(null);
    setThreadState(null);
  }, []);

  return { viewing, threadState, onView, onClose };
}

/** A download, from a card's menu or from the details: the thread as a .txt or .md file. */
export function useEntryDownload(loadThread: ThreadCache["loadThread"]) {
  const show = useToast();
  return useCallback(
    async (entry: HistoryItem, format: DownloadFormat) => {
      try {
        const thread = await loadThread(entry.id);
        if (format === "txt") saveFile(textFileName(thread), textFileContent(thread), "text/plain");
        else saveFile(markdownFileName(thread), markdownFileContent(thread), "text/markdown");
        show({ ...historyToasts.downloaded });
      } catch (error) {
        show(fetchFailedToast(errorMessage(error)));
      }
    },
    [loadThread, show],
  );
}
