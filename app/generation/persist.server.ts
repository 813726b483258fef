/** Saving a finished (or stopped, or cut-off) turn: a new conversation or one more exchange. */
import type { Database } from "~db/client";
import { appendTurn, saveNewConversation, type TurnStatus } from "~db/queries/conversations";

export type TurnToSave =
  | { kind: "initial"; conversationId: string; queryType: string; element: string; requestText: string }
  | { kind: "follow-up"; conversationId: string; userText: string };

export async function saveTurn({
  db,
  userId,
  turn,
  responseText,
  status,
  startedAt,
  finishedAt,
}: {
  db: Database;
  userId: string;
  turn: TurnToSave;
  responseText: string;
  status: TurnStatus;
  startedAt: Date;
  finishedAt: Date;
}): Promise<void> {
  try {
    if (turn.kind === "initial") {
      await saveNewConversation({
        db,
        conversation: { userId, ...turn, responseText, status, startedAt, finishedAt },
      });
    } else {
      await appendTurn({ db, turn: { userId, ...turn, responseText, status, startedAt, finishedAt } });
    }
  } catch (error) {
    // The spec: a history save failure on the tools is logged, not shown.
    console.error("conversation not saved", error);
  }
}
