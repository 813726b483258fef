/**
 * The history page's calls to its API, through the one API client (lib/api-client.ts). Each
 * throws an Error whose message is fit for the spec's toasts ('Failed to fetch history:
 * {message}', 'Failed to delete entry: …') and ours ('Failed to update entry: …').
 */
import { callApi as call } from "~/lib/api-client";
import { downloadText } from "~/lib/download";
import type { HistoryEntryChanges, HistoryEntryState, HistoryPage, HistoryThread } from "./types";

export function fetchHistoryPage({
  section,
  query,
  cursor,
  starred = false,
  project = null,
}: {
  /** A section, or `all` for every tool's section (the search of all your work). */
  section: string;
  query: string;
  cursor: string;
  starred?: boolean;
  /** A project's id, or `none`; null for every project. */
  project?: string | null;
}) {
  const params = new URLSearchParams({ section, cursor });
  if (query) params.set("q", query);
  if (starred) params.set("starred", "1");
  if (project) params.set("project", project);
  return call<HistoryPage>(`/api/history?${params}`);
}

/** Renames ("" for the automatic title) and/or stars an entry; answers its state after. */
export function changeHistoryEntry(id: string, changes: HistoryEntryChanges) {
  return call<HistoryEntryState>(`/api/history/${encodeURIComponent(id)}`, { method: "PATCH", json: changes });
}

export function fetchHistoryThread(id: string) {
  return call<HistoryThread>(`/api/history/${encodeURIComponent(id)}`);
}

export async function deleteHistoryEntry(id: string): Promise<void> {
  await call<{ ok: true }>(`/api/history/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** Hands a file built in the browser to the writer's downloads. */
export const saveFile = downloadText;
