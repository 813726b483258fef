/**
 * Turns still streaming or settling in this isolate, by conversation. A follow-up builds on the
 * conversation as saved, so it first lets the turn before it finish settling: right after a
 * Stop, the stopped answer is saved once the server notices the writer left (its next write),
 * and a follow-up sent at once must neither miss the conversation nor its stopped answer.
 *
 * Isolate-local by nature: a follow-up that lands on another isolate does not see the turn
 * here; the browser then retries a "not found" briefly (use-generation.ts).
 */

/** How long a follow-up waits at most for the turn before it (a stopped turn settles in < 1 s). */
const WAIT_LIMIT_MS = 15_000;
const POLL_MS = 20;

/**
 * Conversation ids with a turn in flight, and how many. A plain count, polled by the waiting
 * request with its own timer: a promise settled by another request's context would tie the two
 * requests together (workerd cancels such continuations once the other request is done).
 */
const inFlight = new Map<string, number>();

export function turnStarted(conversationId: string) {
  inFlight.set(conversationId, (inFlight.get(conversationId) ?? 0) + 1);
}

export function turnSettled(conversationId: string) {
  const left = (inFlight.get(conversationId) ?? 1) - 1;
  if (left > 0) inFlight.set(conversationId, left);
  else inFlight.delete(conversationId);
}

/** Resolves once no turn of this conversation is in flight here (or the wait limit passed). */
export async function afterTurnInFlight(conversationId: string): Promise<void> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (inFlight.has(conversationId) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
