/**
 * The tool page's versions of the last exchange (decision 012): recorded after each turn that
 * kept its answer, and switched by the writer — the choice is shown at once and saved with
 * POST /api/conversations/:id/versions (put back, with a toast, if it could not be saved), so
 * follow-ups and history build on the version on screen.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { callApi } from "~/lib/api-client";
import type { ToastMessage } from "~/lib/toast";
import { answerActionTexts } from "~/messages/tools";
import { afterTurn, showVersion, shownVersion, type AnswerVersion, type LastExchange, type TurnResult } from "./last-exchange";

/** Whether the choice was saved (the page puts the version back, with a toast, when it was not). */
function saveChoice(conversationId: string, exchangeId: string, version: number): Promise<boolean> {
  return callApi(`/api/conversations/${encodeURIComponent(conversationId)}/versions`, { method: "POST", json: { exchangeId, version } }).then(
    () => true,
    () => false,
  );
}

export function useVersions({
  initial,
  conversationId,
  show,
  onToast,
}: {
  initial: LastExchange | null;
  conversationId: string | null;
  /** Puts a version's text, status and writer text in place of the last answer. */
  show: (shown: Pick<AnswerVersion, "text" | "status" | "userText">) => void;
  onToast: (toast: ToastMessage) => void;
}) {
  const [lastExchange, setLastExchange] = useState<LastExchange | null>(initial);
  const current = useRef(lastExchange);
  useEffect(() => {
    current.current = lastExchange;
  }, [lastExchange]);

  const apply = useCallback(
    (exchange: LastExchange) => {
      current.current = exchange;
      setLastExchange(exchange);
      const entry = shownVersion(exchange);
      if (entry) show({ text: entry.text, status: entry.status, userText: entry.userText });
    },
    [show],
  );

  const record = useCallback((turn: TurnResult) => {
    const next = afterTurn(current.current, turn);
    current.current = next;
    setLastExchange(next);
  }, []);

  const choose = useCallback(
    async (version: number) => {
      const before = current.current;
      if (!before || !conversationId) return;
      const next = showVersion(before, version);
      if (next === before || next.shown === before.shown) return;
      apply(next);
      if (!(await saveChoice(conversationId, before.exchangeId, version))) {
        // Only if nothing else changed the exchange meanwhile.
        if (current.current === next) apply(before);
        onToast({ ...answerActionTexts.chooseFailed, variant: "destructive" });
      }
    },
    [apply, conversationId, onToast],
  );

  const forget = useCallback(() => {
    current.current = null;
    setLastExchange(null);
  }, []);

  return { lastExchange, record, choose, forget };
}
