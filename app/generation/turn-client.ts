/**
 * One generation turn as the browser runs it: post the writer's choices, read the NDJSON events
 * into the page, and say how it ended. The page's state lives in use-generation.ts; this module
 * only drives it through `TurnView`.
 */
import type { ToastMessage } from "~/lib/toast";
import { requestTexts } from "~/messages/requests";
import { generationToasts } from "~/messages/tools";
import type { GenerateEvent, GenerateRefusal, GenerateRequest } from "./protocol";
import { hasText } from "./turn-endings";

export type AnswerStatus = "streaming" | "complete" | "stopped" | "interrupted";

/**
 * - discarded: stopped before any text: nothing was saved or charged, nothing stays on screen.
 * - refused / failed: nothing happened (the follow-up text stays in its box).
 */
export type Outcome = "complete" | "stopped" | "interrupted" | "discarded" | "refused" | "failed";

/** Did the server keep the exchange (an answer with text stays on screen and in history)? */
export const keptExchange = (outcome: Outcome) => outcome === "complete" || outcome === "stopped" || outcome === "interrupted";

type StartEvent = Extract<GenerateEvent, { type: "start" }>;

/** What a turn does to the page. */
export type TurnView = {
  answers: {
    begin(): void;
    append(text: string): void;
    /** Ends the streaming answer with a status, or drops it ("dropped"). */
    settle(status: Exclude<AnswerStatus, "streaming"> | "dropped"): void;
  };
  onToast(toast: ToastMessage): void;
  /** The answer started: the conversation and the allowance the server reported. */
  began(event: StartEvent): void;
  /** Nothing of the turn was kept: undo what `began` did. */
  undone(): void;
  /** When the writer last pressed Stop (epoch ms), for the follow-up retry below. */
  stoppedAt: number;
};

/** How long after a Stop a follow-up may find its conversation not saved yet (another isolate). */
const RETRY_AFTER_STOP_MS = 5_000;

async function* readEvents(body: NonNullable<Response["body"]>): AsyncGenerator<GenerateEvent> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    for (let newline = buffer.indexOf("\n"); newline !== -1; newline = buffer.indexOf("\n")) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      // Bare newlines are the server's keep-alive.
      if (line) yield JSON.parse(line) as GenerateEvent;
    }
  }
}

/**
 * Posts the turn. The server lets a stopped turn settle before a follow-up reads its
 * conversation, but only within one isolate: a follow-up that lands on another one right after
 * a Stop may briefly find nothing, so it is retried for a few seconds.
 */
async function post(request: GenerateRequest, signal: AbortSignal, stoppedAt: number): Promise<Response> {
  const send = () =>
    fetch("/api/generate", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
      signal,
    });
  let response = await send();
  while (response.status === 404 && request.kind === "follow-up" && Date.now() - stoppedAt < RETRY_AFTER_STOP_MS) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    response = await send();
  }
  return response;
}

function refusalToast(status: number, refusal: GenerateRefusal | null): ToastMessage {
  const denied = status === 403;
  return {
    title: refusal?.title ?? (denied ? generationToasts.actionDenied.title : generationToasts.generationError.title),
    description:
      refusal?.error ?? (denied ? generationToasts.actionDenied.fallback : generationToasts.generationError.fallback),
    variant: "destructive",
  };
}

const errorToast = (description: string): ToastMessage => ({
  title: generationToasts.generationError.title,
  description,
  variant: "destructive",
});

type Progress = { started: boolean; received: string };

/** Applies the stream's events to the page until the turn says how it ended. */
async function follow(body: NonNullable<Response["body"]>, view: TurnView, progress: Progress): Promise<Outcome> {
  for await (const event of readEvents(body)) {
    if (event.type === "start") {
      progress.started = true;
      view.began(event);
      view.answers.begin();
    } else if (event.type === "delta") {
      progress.received += event.text;
      view.answers.append(event.text);
    } else if (event.type === "done") {
      const outcome = event.finishReason === "stopped" ? "stopped" : "complete";
      view.answers.settle(outcome);
      return outcome;
    } else {
      view.onToast(errorToast(event.message));
      if (event.kept) view.answers.settle("interrupted");
      else if (progress.started) dropTurn(view);
      return event.kept ? "interrupted" : "failed";
    }
  }
  // The stream ended without saying how: whatever arrived is what the server kept.
  if (progress.started) view.answers.settle("interrupted");
  else view.onToast(errorToast(generationToasts.generationError.fallback));
  return progress.started ? "interrupted" : "failed";
}

function dropTurn(view: TurnView) {
  view.answers.settle("dropped");
  view.undone();
}

/** Runs one turn to its end; `signal` is the writer's Stop. */
export async function runTurn(request: GenerateRequest, signal: AbortSignal, view: TurnView): Promise<Outcome> {
  const progress: Progress = { started: false, received: "" };
  try {
    const response = await post(request, signal, view.stoppedAt);
    if (!response.ok || !response.body) {
      view.onToast(refusalToast(response.status, (await response.json().catch(() => null)) as GenerateRefusal | null));
      return "refused";
    }
    return await follow(response.body, view, progress);
  } catch (error) {
    if (signal.aborted) {
      // Stopped before any readable text: the server saves and charges nothing (turn-endings.ts).
      if (progress.started && hasText(progress.received)) {
        view.answers.settle("stopped");
        return "stopped";
      }
      if (progress.started) dropTurn(view);
      return "discarded";
    }
    if (progress.started) view.answers.settle("interrupted");
    view.onToast(errorToast(error instanceof Error && error.name !== "TypeError" ? error.message : requestTexts.connectionLost));
    return "failed";
  }
}
