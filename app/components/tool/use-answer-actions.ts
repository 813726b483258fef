/**
 * What the last answer's buttons do (decision 012): Another version, Continue and Edit are
 * turns on the conversation's last exchange (each counts as a follow-up); the switcher shows and
 * saves another version. The result is memoised, so the thread's last exchange re-renders only
 * when one of these changes, never per token of another answer.
 */
import { useCallback, useMemo } from "react";
import type { Tool } from "~/catalog/tools";
import { useToast } from "~/components/toaster";
import { neighbourVersion, previousVersion, versionPlace, type LastExchange } from "~/generation/last-exchange";
import type { useGeneration } from "~/generation/use-generation";
import { keptExchange } from "~/generation/turn-client";
import { generationToasts } from "~/messages/tools";
import type { AnswerDownload, LastAnswer } from "./answer-actions";

type Generation = ReturnType<typeof useGeneration>;

export function useAnswerActions({
  tool,
  conversationId,
  busy,
  lastExchange,
  run,
  choose,
}: {
  tool: Tool;
  conversationId: string | null;
  busy: boolean;
  lastExchange: LastExchange | null;
  run: Generation["run"];
  choose: Generation["choose"];
}) {
  const show = useToast();
  const onVersion = useCallback(() => {
    if (conversationId) void run({ kind: "version", tool: tool.slug, conversationId });
  }, [conversationId, run, tool]);
  const onContinue = useCallback(() => {
    if (conversationId) void run({ kind: "continue", tool: tool.slug, conversationId });
  }, [conversationId, run, tool]);
  const onStep = useCallback(
    (step: -1 | 1) => {
      const version = neighbourVersion(lastExchange, step);
      if (version !== null) void choose(version);
    },
    [choose, lastExchange],
  );
  const onResend = useCallback(
    async (raw: string) => {
      const text = raw.trim();
      if (!text) {
        show({ ...generationToasts.inputRequired });
        return false;
      }
      if (!conversationId) return false;
      const outcome = await run({ kind: "edit", tool: tool.slug, conversationId, text });
      return keptExchange(outcome);
    },
    [conversationId, run, show, tool],
  );
  const last = useMemo<LastAnswer | null>(() => {
    if (!conversationId) return null;
    const { position, total } = versionPlace(lastExchange);
    const previousText = previousVersion(lastExchange)?.text ?? null;
    return { busy, position, total, previousText, onVersion, onContinue, onStep };
  }, [busy, conversationId, lastExchange, onContinue, onStep, onVersion]);
  const download = useMemo<AnswerDownload>(() => ({ toolSlug: tool.slug, title: tool.title }), [tool]);
  return { last, onResend: conversationId ? onResend : null, download };
}
