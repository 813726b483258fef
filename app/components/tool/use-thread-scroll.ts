/**
 * Where the conversation panel looks while answers arrive.
 *
 * - anchor: a new answer starts at the top of the panel, where the writer begins reading it;
 *   the panel follows the text until that beginning reaches the top, then holds there.
 * - follow: after "Jump to latest", the panel keeps the end of the text in view.
 * - hold: the writer scrolled; the panel stays where they put it.
 *
 * Work per rendered frame is a few reads of the panel's geometry, whatever the thread's length.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

type Mode = "anchor" | "follow" | "hold";

/** A scroll within this long after the writer's wheel, touch or key is theirs, not ours. */
const INPUT_WINDOW_MS = 800;
/** Closer than this to the end counts as "at the end", in px. */
const END_SLACK = 24;
/** Room left above an answer's beginning, in px. */
const TOP_GAP = 8;

const SCROLL_KEYS = new Set(["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", " "]);

function distanceToEnd(panel: HTMLElement) {
  return panel.scrollHeight - panel.clientHeight - panel.scrollTop;
}

/** Tracks the writer's own scrolling input on the panel (wheel, touch, scrollbar, scroll keys). */
function useWriterInput(panel: React.RefObject<HTMLDivElement | null>) {
  const lastInput = useRef(0);
  const pressed = useRef(false);
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const note = () => {
      lastInput.current = performance.now();
    };
    const press = () => {
      pressed.current = true;
      note();
    };
    const release = () => {
      if (pressed.current) note();
      pressed.current = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key)) note();
    };
    element.addEventListener("wheel", note, { passive: true });
    element.addEventListener("touchmove", note, { passive: true });
    element.addEventListener("pointerdown", press, { passive: true });
    window.addEventListener("pointerup", release);
    window.addEventListener("pointercancel", release);
    element.addEventListener("keydown", onKey);
    return () => {
      element.removeEventListener("wheel", note);
      element.removeEventListener("touchmove", note);
      element.removeEventListener("pointerdown", press);
      window.removeEventListener("pointerup", release);
      window.removeEventListener("pointercancel", release);
      element.removeEventListener("keydown", onKey);
    };
  }, [panel]);
  return useCallback(() => pressed.current || performance.now() - lastInput.current < INPUT_WINDOW_MS, []);
}

export function useThreadScroll({ lastId, streaming }: { lastId: string | null; streaming: boolean }) {
  const panelRef = useRef<HTMLDivElement>(null);
  const mode = useRef<Mode>("anchor");
  const anchored = useRef<string | null>(null);
  const [jumpShown, setJumpShown] = useState(false);
  const writerIsScrolling = useWriterInput(panelRef);

  const updateJump = useCallback(() => {
    const panel = panelRef.current;
    setJumpShown(Boolean(panel && streaming && distanceToEnd(panel) > END_SLACK));
  }, [streaming]);

  // After every render (each streamed frame): keep the view where the mode says.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel || !lastId) return;
    if (anchored.current !== lastId) {
      anchored.current = lastId;
      mode.current = "anchor";
    }
    const end = panel.scrollHeight - panel.clientHeight;
    let target: number | null = null;
    if (mode.current === "follow") target = end;
    if (mode.current === "anchor") {
      const exchange = panel.querySelector<HTMLElement>(`[data-exchange="${CSS.escape(lastId)}"]`);
      if (exchange) target = Math.min(Math.max(0, exchange.offsetTop - TOP_GAP), end);
    }
    if (target !== null && Math.abs(panel.scrollTop - target) > 1) panel.scrollTop = target;
    updateJump();
  });

  const onScroll = useCallback(() => {
    const panel = panelRef.current;
    if (!panel) return;
    if (writerIsScrolling()) mode.current = streaming && distanceToEnd(panel) <= END_SLACK ? "follow" : "hold";
    updateJump();
  }, [streaming, updateJump, writerIsScrolling]);

  const jumpToLatest = useCallback(() => {
    const panel = panelRef.current;
    if (!panel) return;
    mode.current = "follow";
    panel.scrollTop = panel.scrollHeight - panel.clientHeight;
    setJumpShown(false);
  }, []);

  return { panelRef, onScroll, jumpShown, jumpToLatest };
}
