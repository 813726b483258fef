/**
 * Client side of a generation turn: posts the writer's choices, reads the NDJSON stream and
 * exposes the assistant messages as they grow. Token bursts are applied once per animation
 * frame, so a fast stream never re-renders more than the screen can show.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { generationToasts } from "~/messages/tools";
import type { ToastMessage } from "~/components/toast-types";
import type { GenerateEvent, GenerateRefusal, GenerateRequest } from "./protocol";

export type AssistantMessage = {
  id: string;
  text: string;
  status: "streaming" | "complete" | "stopped" | "interrupted";
};

export type Phase = "idle" | "waiting" | "streaming";

type Outcome = "complete" | "stopped" | "interrupted" | "refused" | "failed";

const CONNECTION_LOST = "We could not reach the server. Check your connection and try again.";

/** A saved conversation reopened from the history page, to be refined further. */
export type ContinuedConversation = { conversationId: string; messages: AssistantMessage[] };

export function useGeneration({
  onToast,
  initial = null,
}: {
  onToast: (toast: ToastMessage) => void;
  initial?: ContinuedConversation | null;
}) {
  const [messages, setMessages] = useState<AssistantMessage[]>(() => initial?.messages ?? []);
  const [conversationId, setConversationId] = useState<string | null>(() => initial?.conversationId ?? null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [queriesRemaining, setQueriesRemaining] = useState<number | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const pending = useRef("");
  const frame = useRef<number | null>(null);
  const stoppedAt = useRef(0);

  const flush = useCallback(() => {
    frame.current = null;
    const chunk = pending.current;
    if (!chunk) return;
    pending.current = "";
    setMessages((list) => {
      const last = list[list.length - 1];
      if (!last) return list;
      return [...list.slice(0, -1), { ...last, text: last.text + chunk }];
    });
  }, []);

  const finishLast = useCallback(
    (status: AssistantMessage["status"]) => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      flush();
      setMessages((list) => {
        const last = list[list.length - 1];
        if (!last || last.status !== "streaming") return list;
        return [...list.slice(0, -1), { ...last, status }];
      });
    },
    [flush],
  );

  useEffect(() => () => abortRef.current?.abort(), []);

  const run = useCallback(
    async (request: GenerateRequest): Promise<Outcome> => {
      const controller = new AbortController();
      abortRef.current = controller;
      setPhase("waiting");
      let started = false;
      try {
        const post = () =>
          fetch("/api/generate", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify(request),
            signal: controller.signal,
          });
        let response = await post();
        // Right after Stop the server may still be saving the stopped answer (it notices the
        // Stop at its next write); a follow-up sent in that moment briefly finds nothing.
        for (let attempt = 0; response.status === 404 && request.kind === "follow-up" && Date.now() - stoppedAt.current < 5_000 && attempt < 10; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 400));
          response = await post();
        }
        if (!response.ok || !response.body) {
          const refusal = (await response.json().catch(() => null)) as GenerateRefusal | null;
          const denied = response.status === 403;
          onToast({
            title: refusal?.title ?? (denied ? generationToasts.actionDenied.title : generationToasts.generationError.title),
            description:
              refusal?.error ??
              (denied ? generationToasts.actionDenied.fallback : generationToasts.generationError.fallback),
            variant: "destructive",
          });
          return "refused";
        }
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        let outcome: Outcome = "interrupted";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let newline = buffer.indexOf("\n");
          while (newline !== -1) {
            const line = buffer.slice(0, newline);
            buffer = buffer.slice(newline + 1);
            newline = buffer.indexOf("\n");
            if (!line) continue;
            const event = JSON.parse(line) as GenerateEvent;
            if (event.type === "start") {
              started = true;
              setConversationId(event.conversationId);
              setQueriesRemaining(event.queriesRemaining);
              setMessages((list) => [...list, { id: crypto.randomUUID(), text: "", status: "streaming" }]);
              setPhase("streaming");
            } else if (event.type === "delta") {
              pending.current += event.text;
              frame.current ??= requestAnimationFrame(flush);
            } else if (event.type === "done") {
              outcome = event.finishReason === "stopped" ? "stopped" : "complete";
              finishLast(outcome === "stopped" ? "stopped" : "complete");
            } else if (event.type === "error") {
              outcome = "interrupted";
              finishLast("interrupted");
              onToast({ title: generationToasts.generationError.title, description: event.message, variant: "destructive" });
            }
          }
        }
        if (outcome === "interrupted" && started) finishLast("interrupted");
        return outcome;
      } catch (error) {
        if (controller.signal.aborted) {
          if (started) finishLast("stopped");
          return "stopped";
        }
        if (started) finishLast("interrupted");
        onToast({
          title: generationToasts.generationError.title,
          description: error instanceof Error && error.name !== "TypeError" ? error.message : CONNECTION_LOST,
          variant: "destructive",
        });
        return "failed";
      } finally {
        if (abortRef.current === controller) abortRef.current = null;
        setPhase("idle");
      }
    },
    [flush, finishLast, onToast],
  );

  const stop = useCallback(() => {
    if (!abortRef.current) return;
    stoppedAt.current = Date.now();
    abortRef.current.abort();
  }, []);

  const reset = useCallback(() => {
    abortRef.current?.abort();
    setMessages([]);
    setConversationId(null);
  }, []);

  return { messages, conversationId, phase, queriesRemaining, run, stop, reset };
}
