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

/** Which way the writer means to move the text; "either" when the input does not say. */
type Intent = "up" | "down" | "either";

const KEY_INTENTS: Record<string, Intent> = {
  ArrowUp: "up",
  PageUp: "up",
  Home: "up",
  ArrowDown: "down",
  PageDown: "down",
  End: "down",
  " ": "down",
};

function distanceToEnd(panel: HTMLElement) {
  return panel.scrollHeight - panel.clientHeight - panel.scrollTop;
}

/**
 * Reports the writer's own scrolling input on the panel (wheel, touch, scrollbar, scroll keys)
 * as it happens — before the scroll it causes, which the next streamed frame would undo — and
 * says whether a scroll event now is theirs.
 */
function useWriterInput(panel: React.RefObject<HTMLDivElement | null>, onInput: (intent: Intent) => void) {
  const lastInput = useRef(0);
  const pressed = useRef(false);
  const handler = useRef(onInput);
  useEffect(() => {
    handler.current = onInput;
  }, [onInput]);
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const note = (intent: Intent) => {
      lastInput.current = performance.now();
      handler.current(intent);
    };
    const onWheel = (event: WheelEvent) => note(event.deltaY < 0 ? "up" : "down");
    const onTouch = () => note("either");
    const press = (event: PointerEvent) => {
      // Only the scrollbar: a press on the answer's buttons or text is not a scroll.
      if (event.target !== element) return;
      pressed.current = true;
      note("either");
    };
    const release = () => {
      if (pressed.current) lastInput.current = performance.now();
      pressed.current = false;
    };
    const onKey = (event: KeyboardEvent) => {
      const intent = event.target === element ? KEY_INTENTS[event.key] : undefined;
      if (intent) note(intent);
    };
    element.addEventListener("wheel", onWheel, { passive: true });
    element.addEventListener("touchmove", onTouch, { passive: true });
    element.addEventListener("pointerdown", press, { passive: true });
    window.addEventListener("pointerup", release);
    window.addEventListener("pointercancel", release);
    element.addEventListener("keydown", onKey);
    return () => {
      element.removeEventListener("wheel", onWheel);
      element.removeEventListener("touchmove", onTouch);
      element.removeEventListener("pointerdown", press);
      window.removeEventListener("pointerup", release);
      window.removeEventListener("pointercancel", release);
      element.removeEventListener("keydown", onKey);
    };
  }, [panel]);
  return useCallback(() => pressed.current || performance.now() - lastInput.current < INPUT_WINDOW_MS, []);
}

/** Where the panel is told to be now, by the mode (null: leave it). */
function targetOf(panel: HTMLElement, mode: Mode, lastId: string): number | null {
  const end = panel.scrollHeight - panel.clientHeight;
  if (mode === "follow") return end;
  if (mode === "hold") return null;
  const exchange = panel.querySelector<HTMLElement>(`[data-exchange="${CSS.escape(lastId)}"]`);
  return exchange ? Math.min(Math.max(0, exchange.offsetTop - TOP_GAP), end) : null;
}

export function useThreadScroll({ lastId, streaming }: { lastId: string | null; streaming: boolean }) {
  const panelRef = useRef<HTMLDivElement>(null);
  const mode = useRef<Mode>("anchor");
  const anchored = useRef<string | null>(null);
  const [jumpShown, setJumpShown] = useState(false);
  const lastIntent = useRef<Intent>("either");
  // Any move but "further down while following" stops the panel from moving on its own.
  const onInput = useCallback((intent: Intent) => {
    lastIntent.current = intent;
    if (!(mode.current === "follow" && intent === "down")) mode.current = "hold";
  }, []);
  const writerIsScrolling = useWriterInput(panelRef, onInput);

  const updateJump = useCallback(() => {
    const panel = panelRef.current;
    setJumpShown(Boolean(panel && streaming && distanceToEnd(panel) > END_SLACK));
  }, [streaming]);

  // After every render (each streamed frame): keep the view where the mode says — in the next
  // animation frame, still before it is painted. Reading the panel's size makes the browser lay
  // the page out; in the frame it does that once, where a layout effect would do it inside
  // React's commit, making that task longer than the frame.
  const frame = useRef(0);
  const latestUpdateJump = useRef(updateJump);
  useLayoutEffect(() => {
    latestUpdateJump.current = updateJump;
    if (!panelRef.current || !lastId) return;
    if (anchored.current !== lastId) {
      anchored.current = lastId;
      mode.current = "anchor";
    }
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const panel = panelRef.current;
      const id = anchored.current;
      if (!panel || !id) return;
      const target = targetOf(panel, mode.current, id);
      if (target !== null && Math.abs(panel.scrollTop - target) > 1) panel.scrollTop = target;
      latestUpdateJump.current();
    });
  });
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const onScroll = useCallback(() => {
    const panel = panelRef.current;
    if (!panel) return;
    // The writer brought the end back into view while it streams: follow it again. (Only a
    // move down: the input of a move up may arrive after a frame that kept the end in view.)
    const towardsEnd = lastIntent.current !== "up";
    if (writerIsScrolling() && towardsEnd && streaming && distanceToEnd(panel) <= END_SLACK) mode.current = "follow";
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
