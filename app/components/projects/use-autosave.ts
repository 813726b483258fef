/**
 * Autosave for the bible's forms (issue 13), as a hook: app/projects/autosaver.ts does the saving;
 * this says how it went ("Saving…", "Saved", "Couldn't save — retrying" with Retry) and lets the
 * page's guard ask before the writer leaves with text not saved.
 */
import { useContext, useEffect, useRef, useState } from "react";
import { AUTOSAVE_DELAY_MS, Autosaver, type SaveState } from "~/projects/autosaver";
import { UnsavedContext } from "./unsaved-guard";

export type { SaveState };

export function useAutosave<T>({ value, save, delayMs = AUTOSAVE_DELAY_MS }: { value: T; save: (value: T) => Promise<void>; delayMs?: number }) {
  const [status, setStatus] = useState<{ state: SaveState; error: string | null }>({ state: "idle", error: null });
  const [saver] = useState(() => new Autosaver(value, save, (state, error) => setStatus({ state, error }), delayMs));
  const failed = useRef(false);
  useEffect(() => {
    failed.current = status.state === "failed";
  }, [status.state]);
  useEffect(() => {
    saver.setSave(save);
    saver.change(value, failed.current);
  });
  useEffect(() => () => saver.dispose(), [saver]);
  const guard = useContext(UnsavedContext);
  useEffect(() => guard?.register({ dirty: () => saver.dirty, flush: saver.flush }), [guard, saver]);
  return { state: status.state, error: status.error, retry: saver.flush };
}
