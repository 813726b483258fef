/** Reading posted forms defensively: anything that is not a plain string counts as missing. */
import { data } from "react-router";
import { requestTexts } from "~/messages/requests";
import type { FormResult } from "./form-result";
import { BodyError, readFormBody, type BodyProblem } from "./request-body.server";

export const MAX_FORM_BYTES = 64 * 1024;

const FORM_PROBLEMS: Record<BodyProblem, string> = {
  "too-large": requestTexts.formTooLarge,
  unsupported: requestTexts.formUnsupported,
  unreadable: requestTexts.formUnreadable,
  "ill-formed": requestTexts.illFormed,
};

export function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The form's error with its status; `intent` names the form, `values` keep what was typed (see FormResult). */
export function formError(error: string, status = 400, { intent, values }: { intent?: string; values?: Record<string, string> } = {}) {
  return data<FormResult & { error: string }>({ error, ...(intent ? { intent } : {}), ...(values ? { values } : {}) }, { status });
}

/**
 * Runs an action body: malformed submissions get a clear 400, and an unexpected fault (say the
 * database is unreachable) is logged and answered with the form's own fallback message instead
 * of replacing the page with an error screen. Redirects and other Responses pass through.
 */
export async function withForm<T>(
  request: Request,
  handle: (form: FormData) => Promise<T>,
  { unexpected = "An unexpected error occurred." }: { unexpected?: string } = {},
): Promise<T | ReturnType<typeof formError>> {
  let form: FormData;
  try {
    form = await readFormBody(request, MAX_FORM_BYTES);
  } catch (error) {
    if (error instanceof BodyError) return formError(FORM_PROBLEMS[error.problem], error.status);
    throw error;
  }
  try {
    return await handle(form);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("form action failed", error);
    return formError(unexpected, 500, { intent: text(form, "intent") || undefined });
  }
}
