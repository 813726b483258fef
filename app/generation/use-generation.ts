/**
 * The tool page's generation state: the assistant messages as they grow, the conversation, the
 * trial allowance, and the phase of the turn in flight (run by turn-client.ts). Token bursts are
 * applied once per animation frame, so a fast stream never re-renders more than the screen can show.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ToastMessage } from "~/lib/toast";
import { generationToasts } from "~/messages/tools";
import type { GenerateRequest } from "./protocol";
import { runTurn, type AnswerStatus, type Outcome } from "./turn-client";

export type { Outcome };

/**
 * One exchange as the thread shows it: the answer, and the writer's follow-up that asked for it
 * (null for a conversation's first answer, whose request is the folded form's summary).
 */
export type AssistantMessage = { id: string; text: string; status: AnswerStatus; userText: string | null };

/** A turn that ended with nothing kept, shown in the panel with the request to try again. */
export type Failure = { title: string; description: string; request: GenerateRequest; retryable: boolean };

export type Phase = "idle" | "waiting" | "streaming";

/** What a trial writer has left (null: unlimited, or not known yet). */
export type Allowance = { queriesRemaining: number | null; followUpsLeft: number | null };


/** A saved conversation reopened from the history page, to be refined further. */
export type ContinuedConversation = { conversationId: string; messages: AssistantMessage[] };

/** The streamed answer shown last: grows in animation frames, ends with a status, or is dropped. */
function useAnswerList(initial: AssistantMessage[]) {
  const [messages, setMessages] = useState<AssistantMessage[]>(initial);
  const pending = useRef("");
  const frame = useRef<number | null>(null);

  const flush = useCallback(() => {
    frame.current = null;
    const chunk = pending.current;
    if (!chunk) return;
    pending.current = "";
    setMessages((list) => {
      const last = list.at(-1);
      return last ? [...list.slice(0, -1), { ...last, text: last.text + chunk }] : list;
    });
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
      setMessages((list) => {
        const last = list.at(-1);
        if (!last || last.status !== "streaming") return list;
        return status === "dropped" ? list.slice(0, -1) : [...list.slice(0, -1), { ...last, status }];
      });
    },
    [flush],
  );
  const begin = useCallback((userText: string | null) => {
    setMessages((list) => [...list, { id: crypto.randomUUID(), text: "", status: "streaming", userText }]);
  }, []);
  // Stable, so the callbacks built on them (and the memoised form) do not change per token.
  const actions = useMemo(() => ({ setMessages, begin, append, settle }), [begin, append, settle]);
  return { messages, actions };
}

/** A refusal that trying again cannot change: the usage check said no. */
const notRetryable = (toast: ToastMessage) => toast.title === generationToasts.actionDenied.title;

/** What the panel shows after a turn that kept nothing: the error toast's words, and the request. */
function failureOf(outcome: Outcome, toast: ToastMessage | null, request: GenerateRequest): Failure | null {
  if ((outcome !== "failed" && outcome !== "refused") || !toast) return null;
  return { title: toast.title, description: toast.description ?? "", request, retryable: !notRetryable(toast) };
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
  const [allowance, setAllowance] = useState<Allowance | null>(initialAllowance);
  const [phase, setPhase] = useState<Phase>("idle");
  const [failure, setFailure] = useState<Failure | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const stoppedAt = useRef(0);
  // What a turn restores if it ends with nothing kept (read when the writer acts, after render).
  const latest = useRef({ conversationId, allowance });
  useEffect(() => {
    latest.current = { conversationId, allowance };
  }, [conversationId, allowance]);

  useEffect(() => () => abortRef.current?.abort(), []);

  const run = useCallback(
    async (request: GenerateRequest): Promise<Outcome> => {
      const controller = new AbortController();
      abortRef.current = controller;
      // Taken now: once the answer starts, `latest` already holds what the turn changed.
      const before = {
        conversationId: request.kind === "initial" || request.kind === "draft" ? null : latest.current.conversationId,
        allowance: latest.current.allowance,
      };
      let lastError: ToastMessage | null = null;
      setFailure(null);
      setPhase("waiting");
      try {
        const outcome = await runTurn(request, controller.signal, {
          answers: { ...answers, begin: () => answers.begin(request.kind === "follow-up" ? request.text : null) },
          onToast: (toast) => {
            if (toast.variant === "destructive") lastError = toast;
            onToast(toast);
          },
          began: (event) => {
            setConversationId(event.conversationId);
            setAllowance({ queriesRemaining: event.queriesRemaining, followUpsLeft: event.followUpsLeft });
            setPhase("streaming");
          },
          // Nothing was kept: the page goes back to where it was before the turn.
          undone: () => {
            setConversationId(before.conversationId);
            setAllowance(before.allowance);
          },
          stoppedAt: stoppedAt.current,
        });
        setFailure(failureOf(outcome, lastError, request));
        return outcome;
      } finally {
        if (abortRef.current === controller) abortRef.current = null;
        setPhase("idle");
      }
    },
    [answers, onToast],
  );

  const stop = useCallback(() => {
    if (!abortRef.current) return;
    stoppedAt.current = Date.now();
    abortRef.current.abort();
  }, []);

  const reset = useCallback(() => {
    abortRef.current?.abort();
    answers.setMessages([]);
    setConversationId(null);
    setFailure(null);
  }, [answers]);

  return { messages, conversationId, phase, allowance, failure, run, stop, reset };
}
