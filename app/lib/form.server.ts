/** Reading posted forms defensively: anything that is not a plain string counts as missing. */
import { data } from "react-router";

export const MAX_FORM_BYTES = 64 * 1024;

export class BadFormError extends Error {}

export async function readForm(request: Request): Promise<FormData> {
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_FORM_BYTES) throw new BadFormError("The form is too large.");
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) {
    throw new BadFormError("Unsupported form encoding.");
  }
  try {
    return await request.formData();
  } catch {
    throw new BadFormError("The form could not be read.");
  }
}

export function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

export type FormError = { error: string; field?: string };

export function formError(error: string, status = 400, field?: string) {
  return data<FormError>({ error, field }, { status });
}

/** Runs an action body, turning malformed submissions into a clear 400. */
export async function withForm<T>(
  request: Request,
  handle: (form: FormData) => Promise<T>,
): Promise<T | ReturnType<typeof formError>> {
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof BadFormError) return formError(error.message, 400);
    throw error;
  }
  return handle(form);
}
