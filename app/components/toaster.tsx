/**
 * Toasts: one at a time (a new one replaces the current), 5000 ms, destructive style for
 * errors. Built on Radix Toast so they are announced to screen readers and reachable by F8.
 */
import { Toast } from "radix-ui";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { ToastMessage } from "./toast-types";

export const TOAST_DURATION_MS = 5000;

type ShowToast = (toast: ToastMessage) => void;
const ToastContext = createContext<ShowToast>(() => {});

export function useToast(): ShowToast {
  return useContext(ToastContext);
}

export function Toaster({ children }: { children: React.ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const counter = useRef(0);
  const show = useCallback<ShowToast>((toast) => {
    counter.current += 1;
    setCurrent({ ...toast, key: counter.current });
    setOpen(true);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label="Notification">
        {children}
        {current ? (
          <Toast.Root
            key={current.key}
            open={open}
            onOpenChange={setOpen}
            className="toast"
            data-variant={current.variant ?? "default"}
            type={current.variant === "destructive" ? "foreground" : "background"}
          >
            <Toast.Title className="toast-title">{current.title}</Toast.Title>
            {current.description ? (
              <Toast.Description className="toast-description">{current.description}</Toast.Description>
            ) : null}
            <Toast.Close className="toast-close" aria-label="Dismiss notification">
              ×
            </Toast.Close>
          </Toast.Root>
        ) : null}
        <Toast.Viewport className="toast-viewport" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

/** Shows a toast handed over by the server (flash cookie) once per distinct message. */
export function useFlashToast(toast: ToastMessage | null) {
  const show = useToast();
  const key = useMemo(() => (toast ? JSON.stringify(toast) : null), [toast]);
  const lastShown = useRef<ToastMessage | null>(null);
  useEffect(() => {
    if (toast && lastShown.current !== toast) {
      lastShown.current = toast;
      show(toast);
    }
    // `key` changes exactly when the message does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, show]);
}

/** Shows an action's error as a toast each time a new one arrives. */
export function useActionErrorToast(
  actionData: { error?: string } | undefined,
  title: string,
) {
  const show = useToast();
  useEffect(() => {
    if (actionData?.error) show({ title, description: actionData.error, variant: "destructive" });
  }, [actionData, show, title]);
}
