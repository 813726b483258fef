/**
 * The one error an API handler throws (issue 32): what went wrong, as a code, and the writer's
 * words for it. One place (`failureResponse`) turns it into the wire answer: the status the code
 * stands for, the `{ error, title }` body every API route answers with, and `no-store`.
 */
import { DEFAULT_ERROR_TITLE, type ApiError } from "./api-error";

export const FAILURE_STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  "method-not-allowed": 405,
  conflict: 409,
  "too-large": 413,
  "unsupported-media-type": 415,
  "too-many": 429,
  server: 500,
  upstream: 502,
  unavailable: 503,
} as const;

export type FailureCode = keyof typeof FAILURE_STATUS;

export class ApiFailure extends Error {
  constructor(
    readonly code: FailureCode,
    readonly error: string,
    readonly options: { title?: string; headers?: Record<string, string> } = {},
  ) {
    super(`${code}: ${error}`);
    this.name = "ApiFailure";
  }

  get status(): number {
    return FAILURE_STATUS[this.code];
  }
}

/** Throws the failure: `throw fail("not-found", texts.notFound)` reads as what it does. */
export function fail(code: FailureCode, error: string, options?: ApiFailure["options"]): ApiFailure {
  return new ApiFailure(code, error, options);
}

/** The wire answer of a failure: its status, `{ error, title }` and `no-store`. */
export function failureResponse(failure: ApiFailure): Response {
  const { title = DEFAULT_ERROR_TITLE, headers } = failure.options;
  return Response.json({ error: failure.error, title } satisfies ApiError, {
    status: failure.status,
    headers: { "Cache-Control": "private, no-store", ...headers },
  });
}

/** `value`, or `failure` thrown when there is none: `found(await readProject(…), notFound)`. */
export function found<T>(value: T | null | undefined | false, failure: () => ApiFailure): T {
  if (value === null || value === undefined || value === false) throw failure();
  return value;
}
