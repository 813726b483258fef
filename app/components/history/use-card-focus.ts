/**
 * Where focus goes when a card's dialog closes. The dialogs open from a card's button but have
 * no Radix trigger, so Radix would drop focus on the body when they close: we send it back to
 * the button that opened them, or after a delete to the card that took the deleted one's place.
 */
import { useCallback, useRef } from "react";
import type { HistoryItem } from "~/history/types";

/** The card buttons that open a dialog (their `data-action`). */
export type CardAction = "view" | "delete" | "rename";

export function useCardFocus() {
  const listRef = useRef<HTMLUListElement>(null);
  const focusBackTo = useRef<{ id: string; action: CardAction } | null>(null);
  const focusIndexAfterDelete = useRef<number | null>(null);

  const rememberOpener = useCallback((entry: HistoryItem, action: CardAction) => {
    focusBackTo.current = { id: entry.id, action };
  }, []);

  const rememberDeletedAt = useCallback((index: number) => {
    focusIndexAfterDelete.current = index;
  }, []);

  const returnFocus = useCallback((event: Event) => {
    const target = focusBackTo.current;
    focusBackTo.current = null;
    if (!target) return;
    const button = [...(listRef.current?.querySelectorAll<HTMLElement>(`[data-action="${target.action}"]`) ?? [])].find(
      (element) => element.closest<HTMLElement>(".history-item")?.dataset.entryId === target.id,
    );
    if (!button) return;
    event.preventDefault();
    button.focus();
  }, []);

  // After a delete, focus moves to the card that took the deleted one's place (or the search);
  // otherwise (Cancel, Escape, a failed delete) back to the card's Delete button.
  const onDeleteDialogClosed = useCallback((event: Event) => {
    const index = focusIndexAfterDelete.current;
    focusIndexAfterDelete.current = null;
    if (index === null) return returnFocus(event);
    focusBackTo.current = null;
    event.preventDefault();
    const buttons = listRef.current?.querySelectorAll<HTMLElement>('.history-item [data-action="view"]');
    const target = buttons && buttons.length > 0 ? buttons[Math.min(index, buttons.length - 1)] : null;
    (target ?? document.querySelector<HTMLElement>(".history-search input"))?.focus();
  }, [returnFocus]);

  return { listRef, rememberOpener, rememberDeletedAt, returnFocus, onDeleteDialogClosed };
}
