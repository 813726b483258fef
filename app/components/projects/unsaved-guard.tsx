/**
 * Leaving a page with text not saved yet: the browser's own warning (closing, reloading, typing
 * another address), and for a link inside the app, one more try to save and — if that fails —
 * a question before the text is left behind.
 */
import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import { createContext, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useBlocker } from "react-router";
import { autosaveTexts } from "~/messages/project-pages";
import { CancelButton, OnceOpened } from "~/components/overlay-parts";

type Field = { dirty: () => boolean; flush: () => Promise<boolean> };
type Registry = { register: (field: Field) => () => void };

export const UnsavedContext = createContext<Registry | null>(null);

export function UnsavedGuard({ children }: { children: React.ReactNode }) {
  const fields = useRef(new Set<Field>());
  const registry = useMemo<Registry>(
    () => ({
      register: (field) => {
        fields.current.add(field);
        return () => void fields.current.delete(field);
      },
    }),
    [],
  );
  const dirty = useCallback(() => [...fields.current].some((field) => field.dirty()), []);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!dirty()) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && dirty());
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    let cancelled = false;
    void Promise.all([...fields.current].filter((field) => field.dirty()).map((field) => field.flush())).then((results) => {
      if (cancelled) return;
      if (results.every(Boolean)) blocker.proceed();
      else setAsking(true);
    });
    return () => {
      cancelled = true;
    };
  }, [blocker]);
  const leaving = asking && blocker.state === "blocked";
  return (
    <UnsavedContext.Provider value={registry}>
      {children}
      <AlertDialog.Root open={leaving}>
        <OnceOpened open={leaving}>
          <AlertDialog.Content maxWidth="460px">
            <AlertDialog.Title>{autosaveTexts.leaveTitle}</AlertDialog.Title>
            <AlertDialog.Description size="2">{autosaveTexts.leaveDescription}</AlertDialog.Description>
            <Flex gap="3" mt="4" justify="end">
              <CancelButton
                closeWith={AlertDialog.Cancel}
                onClick={() => {
                  setAsking(false);
                  blocker.reset?.();
                }}
              >
                {autosaveTexts.stay}
              </CancelButton>
              <AlertDialog.Action>
                <Button
                  color="red"
                  onClick={() => {
                    setAsking(false);
                    blocker.proceed?.();
                  }}
                >
                  {autosaveTexts.leave}
                </Button>
              </AlertDialog.Action>
            </Flex>
          </AlertDialog.Content>
        </OnceOpened>
      </AlertDialog.Root>
    </UnsavedContext.Provider>
  );
}
