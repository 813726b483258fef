/**
 * The one JSON error shape of every API route and of /api/generate: `{ error, title }`, the
 * toast's description and title. Client-safe, so the browser reads the same type; the server
 * builds it in one place (`failureResponse`, lib/api-failure.ts).
 */
export type ApiError = { error: string; title: string };

export const DEFAULT_ERROR_TITLE = "Error";
