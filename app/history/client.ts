/**
 * The history page's calls to its API, from the browser. Each throws an Error whose message is
 * fit for the spec's toasts ('Failed to fetch history: {message}', 'Failed to delete entry: …').
 */
import { downloadText } from "~/exports/download";
import type { HistoryPage, HistoryThread } from "./types";

const CONNECTION_LOST = "We could not reach the server. Check your connection and try again.";

async function call<T>(input: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(input, { ...init, headers: { Accept: "application/json", ...init?.headers } });
  } catch {
    throw new Error(CONNECTION_LOST);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON: fall through to the status line
  }
  if (!response.ok) {
    const error = body && typeof body === "object" && "error" in body && typeof body.error === "string" ? body.error : null;
    throw new Error(error ?? `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}.`);
  }
  return body as T;
}

export function fetchHistoryPage({ section, query, cursor }: { section: string; query: string; cursor: string }) {
  const params = new URLSearchParams({ section, cursor });
  if (query) params.set("q", query);
  return call<HistoryPage>(`/api/history?${params}`);
}

export function fetchHistoryThread(id: string) {
  return call<HistoryThread>(`/api/history/${encodeURIComponent(id)}`);
}

export async function deleteHistoryEntry(id: string): Promise<void> {
  await call<{ ok: true }>(`/api/history/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** Hands a file built in the browser to the writer's downloads. */
export const saveFile = downloadText;
