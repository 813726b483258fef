/**
 * Esc stops the answer being written — unless the key is already someone else's: an open
 * dialog, dropdown or popover closes instead, and a focused toast is dismissed.
 */
import { useEffect } from "react";

const LAYERS = '[role="dialog"], [role="listbox"], [data-radix-popper-content-wrapper]';

export function useEscapeToStop(busy: boolean, stop: () => void) {
  useEffect(() => {
    if (!busy) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(".toast-region") || document.querySelector(LAYERS)) return;
      stop();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [busy, stop]);
}
