/**
 * How a generation turn can end, and what each ending does to the writer's history and quota:
 * the one table (decision 010). The server settles every turn by it; the browser applies the
 * same "has text" rule when the writer presses Stop.
 */

/**
 * - finished: the model said it was done (any finish reason, "length" included).
 * - stopped: the writer pressed Stop or left; the server cannot tell the two apart (both close
 *   the connection), and aborts the model call either way.
 * - cut: the model's stream ended without the model saying it was done.
 * - timed-out: the model stayed silent longer than AI_TIMEOUT_MS; the server aborts the call.
 * - failed: the model call reported an error (HTTP error, network lost, error event).
 */
export type TurnEnding = "finished" | "stopped" | "cut" | "timed-out" | "failed";

export type Settlement = {
  /** The answer's status in history, or null: nothing of the turn is saved. */
  saveAs: "complete" | "stopped" | "interrupted" | null;
  /** A reserved trial conversation or follow-up is kept, or given back. */
  quota: "kept" | "refunded";
  /** The usage event's outcome (every turn records one). */
  usage: "complete" | "stopped" | "interrupted" | "failed";
};

const NOTHING_SAVED = { saveAs: null, quota: "refunded" } as const;

export const TURN_SETTLEMENTS: Readonly<Record<TurnEnding, { withText: Settlement; withoutText: Settlement }>> = {
  finished: {
    withText: { saveAs: "complete", quota: "kept", usage: "complete" },
    withoutText: { ...NOTHING_SAVED, usage: "failed" },
  },
  stopped: {
    withText: { saveAs: "stopped", quota: "kept", usage: "stopped" },
    withoutText: { ...NOTHING_SAVED, usage: "stopped" },
  },
  cut: {
    withText: { saveAs: "interrupted", quota: "kept", usage: "interrupted" },
    withoutText: { ...NOTHING_SAVED, usage: "failed" },
  },
  "timed-out": {
    withText: { saveAs: "interrupted", quota: "kept", usage: "interrupted" },
    withoutText: { ...NOTHING_SAVED, usage: "failed" },
  },
  failed: {
    withText: { saveAs: "interrupted", quota: "kept", usage: "interrupted" },
    withoutText: { ...NOTHING_SAVED, usage: "failed" },
  },
};

/**
 * Whether an answer holds anything a writer can read: a letter, a digit or a pictograph.
 * Markdown syntax alone ("# ", "- ", "**") is not text — a writer who stops while the screen
 * still shows nothing loses nothing and pays nothing.
 */
export function hasText(answer: string): boolean {
  return /[\p{L}\p{N}\p{So}]/u.test(answer);
}

export function settlementOf(ending: TurnEnding, answer: string): Settlement {
  const row = TURN_SETTLEMENTS[ending];
  return hasText(answer) ? row.withText : row.withoutText;
}
