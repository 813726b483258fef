/**
 * The one way a page's form hears back from its action, with or without scripts (React Router's
 * progressive enhancement). With scripts the form submits through a fetcher: a pending state, no
 * navigation. Without them — or pressed before the page's scripts have run — the browser posts
 * it, and the page comes back rendered with the action's data: `result` is that answer either
 * way, so the form shows its error (and keeps what was typed) in both cases.
 *
 * Several forms may post to one route (the dashboard's resend and password change): an action
 * names its form in `intent`, and a form only takes a document answer that names its own.
 */
import { useActionData, useFetcher } from "react-router";
import type { FormResult } from "~/lib/form-result";

export function useFormResult<T extends FormResult>({ key, intent }: { key?: string; intent?: string } = {}) {
  const fetcher = useFetcher<T>(key === undefined ? undefined : { key });
  const actionData = useActionData() as T | undefined;
  const ownDocumentAnswer = actionData && (intent === undefined || actionData.intent === intent) ? actionData : undefined;
  const busy = fetcher.state !== "idle";
  // A fetcher's answer is newer than the document's: the writer tried again after the page loaded.
  const result = busy ? undefined : (fetcher.data ?? ownDocumentAnswer);
  return { fetcher, busy, result };
}
