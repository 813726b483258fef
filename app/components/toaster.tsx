/**
 * Toasts: one at a time (a new one replaces the current), 5000 ms, destructive style for
 * errors. A small accessible implementation: the list is a live region portalled to <body>
 * (so it is still announced while a modal dialog hides the rest of the page), errors are
 * announced assertively, hovering or focusing a toast pauses its timer, Escape dismisses it
 * and F8 moves focus to it.
 */
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { ToastMessage } from "~/lib/toast";
import { toastBottomOffset, type Box } from "~/lib/toast-placement";

export const TOAST_DURATION_MS = 5000;

type ShowToast = (toast: ToastMessage) => void;
const ToastContext = createContext<ShowToast>(() => {});

export function useToast(): ShowToast {
  return useContext(ToastContext);
}

export type Current = ToastMessage & { key: number };

/**
 * The one toast on screen. A toast's own timer (or its close button) dismisses only that toast:
 * a newer one shown in the same moment must not be swept away with it.
 */
export function dismissToast(current: Current | null, key: number): Current | null {
  return current?.key === key ? null : current;
}

function ToastItem({ toast, onDismiss }: { toast: Current; onDismiss: (key: number) => void }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);
  const ref = useRef<HTMLLIElement>(null);
  const dismiss = useCallback(() => onDismiss(toast.key), [onDismiss, toast.key]);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(dismiss, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, dismiss]);
  const destructive = toast.variant === "destructive";
  return (
    <li
      ref={ref}
      className="toast"
      data-variant={toast.variant ?? "default"}
      tabIndex={-1}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!ref.current?.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") dismiss();
      }}
    >
      {/* The live role sits inside the list item: an <li> must stay a list item for the <ol>. */}
      <div role={destructive ? "alert" : "status"} aria-atomic="true">
        <div className="toast-title">{toast.title}</div>
        {toast.description ? <div className="toast-description">{toast.description}</div> : null}
      </div>
      <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={dismiss}>
        ×
      </button>
    </li>
  );
}

/** Distance kept from the viewport's edges and above a control, in px. */
const TOAST_MARGIN = 16;

/** The on-screen boxes of the controls a toast must not cover (`data-toast-avoid`). */
function controlsToAvoid(): Box[] {
  const boxes: Box[] = [];
  for (const element of document.querySelectorAll("[data-toast-avoid]")) {
    const { top, bottom, left, right, width } = element.getBoundingClientRect();
    if (width > 0 && bottom > 0 && top < window.innerHeight) boxes.push({ top, bottom, left, right });
  }
  return boxes;
}

/** Keeps the shown toast clear of the page's primary controls as the page scrolls or resizes. */
function useToastPlacement(region: React.RefObject<HTMLDivElement | null>, shownKey: number | null) {
  useLayoutEffect(() => {
    const element = region.current;
    if (!element || shownKey === null) return;
    let frame: number | null = null;
    const place = () => {
      frame = null;
      const { width, height } = element.getBoundingClientRect();
      const bottom = toastBottomOffset({
        viewport: { width: window.innerWidth, height: window.innerHeight },
        toast: { width, height },
        avoid: controlsToAvoid(),
        margin: TOAST_MARGIN,
      });
      element.style.setProperty("bottom", `${bottom}px`);
    };
    const schedule = () => {
      frame ??= requestAnimationFrame(place);
    };
    place();
    // Any scrolling, the page's or a panel's (captured: scroll does not bubble). The conversation
    // panel's inner scroll moves its answers' toolbars.
    document.addEventListener("scroll", schedule, { passive: true, capture: true });
    window.addEventListener("resize", schedule);
    // A dialog opening (focus moves into it) brings new controls on screen.
    window.addEventListener("focusin", schedule);
    // The page changing under the toast (an answer's toolbar appearing after it was shown, as
    // the page renders a finished turn in a transition) moves the controls too.
    const resized = typeof ResizeObserver === "function" ? new ResizeObserver(schedule) : null;
    resized?.observe(document.body);
    return () => {
      resized?.disconnect();
      if (frame !== null) cancelAnimationFrame(frame);
      document.removeEventListener("scroll", schedule, { capture: true });
      window.removeEventListener("resize", schedule);
      window.removeEventListener("focusin", schedule);
    };
  }, [region, shownKey]);
}

export function Toaster({ children }: { children: React.ReactNode }) {
  const [current, setCurrent] = useState<Current | null>(null);
  const [mounted, setMounted] = useState(false);
  const counter = useRef(0);
  const viewport = useRef<HTMLOListElement>(null);
  const region = useRef<HTMLDivElement>(null);
  const show = useCallback<ShowToast>((toast) => {
    counter.current += 1;
    setCurrent({ ...toast, key: counter.current });
  }, []);
  const dismiss = useCallback((key: number) => setCurrent((current) => dismissToast(current, key)), []);

  useEffect(() => {
    // Portals need the DOM: render the region only after hydration.
    const id = requestAnimationFrame(() => setMounted(true));
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") viewport.current?.querySelector<HTMLElement>("li")?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      cancelAnimationFrame(id);
      window.removeEventListener("keydown", onKey);
    };
  }, []);

  useToastPlacement(region, mounted ? (current?.key ?? null) : null);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {mounted
        ? createPortal(
            <div ref={region} className="toast-region" role="region" aria-label="Notifications (F8)">
              <ol ref={viewport} className="toast-viewport" aria-live="polite">
                {current ? <ToastItem key={current.key} toast={current} onDismiss={dismiss} /> : null}
              </ol>
            </div>,
            document.body,
          )
        : null}
    </ToastContext.Provider>
  );
}

/** Shows a toast handed over by the server (flash cookie) once per distinct message. */
export function useFlashToast(toast: ToastMessage | null) {
  const show = useToast();
  const lastShown = useRef<ToastMessage | null>(null);
  useEffect(() => {
    if (toast && lastShown.current !== toast) {
      lastShown.current = toast;
      show(toast);
    }
  }, [toast, show]);
}

/** Shows an action's error as a toast each time a new one arrives. */
export function useActionErrorToast(actionData: { error?: string } | undefined, title: string) {
  const show = useToast();
  useEffect(() => {
    if (actionData?.error) show({ title, description: actionData.error, variant: "destructive" });
  }, [actionData, show, title]);
}
