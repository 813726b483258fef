/**
 * The tool page's generation state: the assistant messages as they grow, the conversation, the
 * trial allowance, and the phase of the turn in flight (run by turn-client.ts). Token bursts are
 * applied once per animation frame, so a fast stream never re-renders more than the screen can show.
 * A turn's answer follows the thread, or replaces the last answer (Another version, Edit: a new
 * version, use-versions.ts), or extends it (Continue); if nothing is kept the answer it stood in
 * for comes back.
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ToastMessage } from "~/lib/toast";
import { generationToasts } from "~/messages/tools";
import type { LastExchange, SettledStatus, TurnResult } from "./last-exchange";
import type { GenerateEvent, GenerateRequest } from "./protocol";
import { runTurn, type AnswerStatus, type Outcome, type TurnView } from "./turn-client";
import { useVersions } from "./use-versions";
import type { ContextUsed } from "~/projects/types";

export type { Outcome };

/**
 * One exchange as the thread shows it: the answer, and the writer's follow-up that asked for it
 * (null for a conversation's first answer, whose request is the folded form's summary).
 */
export type AssistantMessage = {
  id: string;
  text: string;
  status: AnswerStatus;
  userText: string | null;
  /** What of the project's story bible the model was given for this answer (null: no project). */
  context?: ContextUsed | null;
};

/** A turn that ended with nothing kept, shown in the panel with the request to try again. */
export type Failure = { title: string; description: string; request: GenerateRequest; retryable: boolean };

export type Phase = "idle" | "waiting" | "streaming";

/** What a trial writer has left (null: unlimited, or not known yet). */
export type Allowance = { queriesRemaining: number | null; followUpsLeft: number | null };


/** A saved conversation reopened from the history page, to be refined further. */
export type ContinuedConversation = { conversationId: string; messages: AssistantMessage[]; lastExchange: LastExchange | null };

/**
 * Where a turn's answer goes: after the thread (a new exchange), in place of the last answer (a
 * new version of it: Another version, Edit), or onto the end of the last answer (Continue).
 */
export type AnswerPlacement = { kind: "append"; userText: string | null } | { kind: "replace"; userText?: string } | { kind: "extend" };

function placementOf(request: GenerateRequest): AnswerPlacement {
  switch (request.kind) {
    case "follow-up":
      return { kind: "append", userText: request.text };
    case "version":
      return { kind: "replace" };
    case "edit":
      return { kind: "replace", userText: request.text };
    case "continue":
      return { kind: "extend" };
    default:
      return { kind: "append", userText: null };
  }
}

let answersStarted = 0;
/**
 * An id for an answer made on this page: unique among its answers and never a stored id (those
 * are UUIDs). Not `crypto.randomUUID()`: its first call in a page costs ~25 ms (the generator
 * starting up), inside the task that answers Generate (issue 12's 50 ms budget).
 */
const nextAnswerId = () => `answer-${++answersStarted}`;

/** Where the streamed answer goes, and the answer it stands in for (put back if nothing is kept). */
function placed(
  list: AssistantMessage[],
  placement: AnswerPlacement,
  saved: { current: AssistantMessage | null },
  context: ContextUsed | null,
) {
  const last = list.at(-1);
  if (placement.kind === "append") {
    return [...list, { id: nextAnswerId(), text: "", status: "streaming" as const, userText: placement.userText, context }];
  }
  if (!last) return list;
  saved.current = last;
  const next: AssistantMessage =
    placement.kind === "extend"
      ? { ...last, status: "streaming" as const, context: context ?? last.context ?? null }
      : { id: nextAnswerId(), text: "", status: "streaming" as const, userText: placement.userText ?? last.userText, context };
  return [...list.slice(0, -1), next];
}

/** The streamed answer shown last: grows in animation frames, ends with a status, or is dropped. */
function useAnswerList(initial: AssistantMessage[]) {
  const [messages, setMessages] = useState<AssistantMessage[]>(initial);
  const pending = useRef("");
  const frame = useRef<number | null>(null);
  const saved = useRef<AssistantMessage | null>(null);

  const flush = useCallback(() => {
    frame.current = null;
    const chunk = pending.current;
    if (!chunk) return;
    pending.current = "";
    // A transition: React renders the new text in slices of a few milliseconds and yields in
    // between, so a frame's Markdown never becomes one long main-thread task (issue 12).
    startTransition(() =>
      setMessages((list) => {
        const last = list.at(-1);
        return last ? [...list.slice(0, -1), { ...last, text: last.text + chunk }] : list;
      }),
    );
  }, []);
  const append = useCallback(
    (text: string) => {
      pending.current += text;
      frame.current ??= requestAnimationFrame(flush);
    },
    [flush],
  );
  const settle = useCallback(
    (status: AssistantMessage["status"] | "dropped") => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
      if (status === "dropped") pending.current = "";
      else flush();
      const replaced = saved.current;
      saved.current = null;
      // The settled answer gets its toolbar in a transition too.
      startTransition(() =>
        setMessages((list) => {
          const last = list.at(-1);
          if (!last || last.status !== "streaming") return list;
          if (status !== "dropped") return [...list.slice(0, -1), { ...last, status }];
          // Nothing kept: a new version or a continuation gives the answer it stood in for back.
          return replaced ? [...list.slice(0, -1), replaced] : list.slice(0, -1);
        }),
      );
    },
    [flush],
  );
  const begin = useCallback((placement: AnswerPlacement, context: ContextUsed | null = null) => {
    saved.current = null;
    startTransition(() => setMessages((list) => placed(list, placement, saved, context)));
  }, []);
  /** Shows another version's text and status in place of the last answer. */
  const showLast = useCallback((shown: Pick<AssistantMessage, "text" | "status" | "userText">) => {
    setMessages((list) => {
      const last = list.at(-1);
      return last ? [...list.slice(0, -1), { ...last, ...shown }] : list;
    });
  }, []);
  // Stable, so the callbacks built on them (and the memoised form) do not change per token.
  const actions = useMemo(() => ({ setMessages, begin, append, settle, showLast }), [begin, append, settle, showLast]);
  return { messages, actions };
}

type StartEvent = Extract<GenerateEvent, { type: "start" }>;

/** A turn that kept its answer becomes a version of the last exchange. */
function recordKept(
  record: (turn: TurnResult) => void,
  { request, start, received, outcome }: { request: GenerateRequest; start: StartEvent; received: string; outcome: Outcome },
) {
  if (outcome !== "complete" && outcome !== "stopped" && outcome !== "interrupted") return;
  const status: SettledStatus = outcome;
  const userText = request.kind === "follow-up" || request.kind === "edit" ? request.text : null;
  record({ kind: request.kind, exchangeId: start.exchangeId, version: start.version, received, status, userText });
}

/**
 * The page's side of one turn: where its answer goes, and what the turn showed on the way —
 * the text it streamed, its `start` event, its last error.
 */
function trackTurn(
  request: GenerateRequest,
  answers: ReturnType<typeof useAnswerList>["actions"],
  handlers: Pick<TurnView, "onToast" | "began" | "undone" | "stoppedAt">,
) {
  const seen: { received: string; start: StartEvent | null; lastError: ToastMessage | null } = { received: "", start: null, lastError: null };
  const view: TurnView = {
    answers: {
      // `began` (the start event) comes first: the answer starts with what the model was given.
      begin: () => answers.begin(placementOf(request), seen.start?.context ?? null),
      append: (text) => {
        seen.received += text;
        answers.append(text);
      },
      settle: answers.settle,
    },
    onToast: (toast) => {
      if (toast.variant === "destructive") seen.lastError = toast;
      handlers.onToast(toast);
    },
    began: (event) => {
      seen.start = event;
      handlers.began(event);
    },
    undone: handlers.undone,
    stoppedAt: handlers.stoppedAt,
  };
  return { view, seen };
}

/** A refusal that trying again cannot change: the usage check said no. */
const notRetryable = (toast: ToastMessage) => toast.title === generationToasts.actionDenied.title;

/** What the panel shows after a turn that kept nothing: the error toast's words, and the request. */
function failureOf(outcome: Outcome, toast: ToastMessage | null, request: GenerateRequest): Failure | null {
  if ((outcome !== "failed" && outcome !== "refused") || !toast) return null;
  return { title: toast.title, description: toast.description ?? "", request, retryable: !notRetryable(toast) };
}

/** The value of the last committed render, for callbacks that run after it. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** The running turn's abort handle, when Stop was pressed, and Stop itself; leaving the page aborts. */
function useStop() {
  const abortRef = useRef<AbortController | null>(null);
  const stoppedAt = useRef(0);
  useEffect(() => () => abortRef.current?.abort(), []);
  const stop = useCallback(() => {
    if (!abortRef.current) return;
    stoppedAt.current = Date.now();
    abortRef.current.abort();
  }, []);
  return { abortRef, stoppedAt, stop };
}

export function useGeneration({
  onToast,
  initial = null,
  initialAllowance = null,
}: {
  onToast: (toast: ToastMessage) => void;
  initial?: ContinuedConversation | null;
  initialAllowance?: Allowance | null;
}) {
  const { messages, actions: answers } = useAnswerList(initial?.messages ?? []);
  const [conversationId, setConversationId] = useState<string | null>(() => initial?.conversationId ?? null);
  const versions = useVersions({ initial: initial?.lastExchange ?? null, conversationId, show: answers.showLast, onToast });
  const [allowance, setAllowance] = useState<Allowance | null>(initialAllowance);
  const [phase, setPhase] = useState<Phase>("idle");
  const [failure, setFailure] = useState<Failure | null>(null);
  const { abortRef, stoppedAt, stop } = useStop();
  // What a turn restores if it ends with nothing kept (read when the writer acts, after render).
  const latest = useLatest({ conversationId, allowance });

  const run = useCallback(
    async (request: GenerateRequest): Promise<Outcome> => {
      // One turn at a time. The busy state reaches the page in a transition, so a second press
      // can land before it (a double click, Enter pressed twice on a slow phone): that press is
      // not a second turn. Generate and Draft first reset, which aborts the turn in flight.
      if (abortRef.current && !abortRef.current.signal.aborted) return "discarded";
      const controller = new AbortController();
      abortRef.current = controller;
      // Taken now: once the answer starts, `latest` already holds what the turn changed.
      const before = {
        conversationId: request.kind === "initial" || request.kind === "draft" ? null : latest.current.conversationId,
        allowance: latest.current.allowance,
      };
      // Every turn starts as a transition (Generate, Send, Another version, Continue, Edit): the
      // page shows it in slices React can interrupt, never one long task (issue 12).
      startTransition(() => {
        setFailure(null);
        setPhase("waiting");
      });
      try {
        const { view, seen } = trackTurn(request, answers, {
          onToast,
          // The answer's first render (with `answers.begin` right after) is a transition too.
          began: (event) =>
            startTransition(() => {
              setConversationId(event.conversationId);
              setAllowance({ queriesRemaining: event.queriesRemaining, followUpsLeft: event.followUpsLeft });
              setPhase("streaming");
            }),
          // Nothing was kept: the page goes back to where it was before the turn.
          undone: () => {
            setConversationId(before.conversationId);
            setAllowance(before.allowance);
          },
          stoppedAt: stoppedAt.current,
        });
        const outcome = await runTurn(request, controller.signal, view);
        startTransition(() => setFailure(failureOf(outcome, seen.lastError, request)));
        if (seen.start) recordKept(versions.record, { request, start: seen.start, received: seen.received, outcome });
        return outcome;
      } finally {
        if (abortRef.current === controller) abortRef.current = null;
        startTransition(() => setPhase("idle"));
      }
    },
    [abortRef, answers, latest, onToast, stoppedAt, versions.record],
  );

  const { forget } = versions;
  const reset = useCallback(() => {
    abortRef.current?.abort();
    answers.setMessages([]);
    forget();
    setConversationId(null);
    setFailure(null);
  }, [abortRef, answers, forget]);

  return { messages, conversationId, phase, allowance, failure, run, stop, reset, lastExchange: versions.lastExchange, choose: versions.choose };
}
