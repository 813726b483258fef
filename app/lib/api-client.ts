/**
 * The one way the browser calls the app's JSON API (issue 32): every `/api` request but the
 * generation stream goes through `callApi`. It answers the body of a 2xx, and otherwise throws an
 * Error whose message is fit to show: the server's own words (`{ error }`, the API's one error
 * shape), the status it answered, or — when the server was not reached at all — one sentence
 * said the same way everywhere.
 */
import { requestTexts } from "~/messages/requests";

export class ApiCallError extends Error {
  constructor(
    message: string,
    /** The answer's status; null when the server was not reached. */
    readonly status: number | null,
  ) {
    super(message);
    this.name = "ApiCallError";
  }
}

type Call = { method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; json?: unknown; markdown?: string };

/** The error message of an answer that is not ok: the API's `{ error }`, else its status. */
export function errorOf(body: unknown, status: number): string {
  const error = body && typeof body === "object" && "error" in body && typeof body.error === "string" ? body.error : null;
  return error ?? requestTexts.serverAnswered(status);
}

export async function callApi<T>(path: string, { method = "GET", json, markdown }: Call = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (json !== undefined) headers["Content-Type"] = "application/json";
  if (markdown !== undefined) headers["Content-Type"] = "text/markdown; charset=utf-8";
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: json !== undefined ? JSON.stringify(json) : markdown });
  } catch {
    throw new ApiCallError(requestTexts.connectionLost, null);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiCallError(errorOf(body, response.status), response.status);
  return body as T;
}
