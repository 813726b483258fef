import { createContext, type RouterContextProvider } from "react-router";

/** The Worker's ExecutionContext (waitUntil) for loaders and actions. */
export const executionContext = createContext<ExecutionContext>();

/** Work a request queued for after its response (account e-mails), set per request by the Worker. */
export type AfterResponse = { tasks: (() => Promise<unknown>)[] };
export const afterResponseContext = createContext<AfterResponse>();

/** Queues work to start once the response has been sent, so the answer never waits on it (decision 011). */
export type Background = (task: () => Promise<unknown>) => void;

export function backgroundOf(context: Readonly<RouterContextProvider>): Background {
  const after = context.get(afterResponseContext);
  return (task) => {
    after.tasks.push(task);
  };
}

/**
 * Starts the queued work when the response body has been handed over to the client (or at once
 * for a response without a body), under waitUntil. Work that ran alongside the page's render
 * would slow its answer, and how long an answer takes must not depend on that work — a reset
 * request for a real account must answer like one for an unknown address.
 */
const AFTER_RESPONSE_AT_LATEST_MS = 2_000;

export function runAfterResponse(response: Response, after: AfterResponse, ctx: ExecutionContext): Response {
  if (after.tasks.length === 0) return response;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const task of after.tasks) ctx.waitUntil(task());
  };
  if (!response.body) {
    start();
    return response;
  }
  const { readable, writable } = new TransformStream();
  // Settles when the last chunk has been passed on, or when the client went away; a client that
  // never reads the body at all holds nothing up for longer than AFTER_RESPONSE_AT_LATEST_MS.
  const sent = response.body.pipeTo(writable).then(start, start);
  const atLatest = new Promise<void>((resolve) => setTimeout(resolve, AFTER_RESPONSE_AT_LATEST_MS)).then(start);
  ctx.waitUntil(Promise.race([sent, atLatest]));
  return new Response(readable, response);
}
