/**
 * The one JSON error shape of every API route and of /api/generate: `{ error, title }`, the
 * toast's description and title. Client-safe, so the browser reads the same type.
 */
export type ApiError = { error: string; title: string };

export const DEFAULT_ERROR_TITLE = "Error";

export function apiError(
  status: number,
  error: string,
  { title = DEFAULT_ERROR_TITLE, headers }: { title?: string; headers?: Record<string, string> } = {},
): Response {
  return Response.json({ error, title } satisfies ApiError, {
    status,
    headers: { "Cache-Control": "private, no-store", ...headers },
  });
}
