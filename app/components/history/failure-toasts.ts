/**
 * The spec's error toasts for the history list ('Failed to fetch history: …', 'Failed to
 * delete entry: …') and ours ('Failed to update entry: …'), built in one place because the
 * list shows them from several actions.
 */
import type { ToastMessage } from "~/lib/toast";
import { historyToasts } from "~/messages/history";

type ErrorToast = ToastMessage & { description: string };

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function fetchFailedToast(message: string): ErrorToast {
  return { title: historyToasts.fetchFailed.title, description: historyToasts.fetchFailed.description(message), variant: "destructive" };
}

export function deleteFailedToast(message: string): ErrorToast {
  return { title: historyToasts.deleteFailed.title, description: historyToasts.deleteFailed.description(message), variant: "destructive" };
}

export function changeFailedToast(message: string): ErrorToast {
  return { title: historyToasts.changeFailed.title, description: historyToasts.changeFailed.description(message), variant: "destructive" };
}
