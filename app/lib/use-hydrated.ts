import { useSyncExternalStore } from "react";

/** For stores that never change while the page is open (the browser's value differs from the server's only). */
export const noopSubscribe = () => () => {};

/** False during server rendering and hydration, true once the page runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noopSubscribe, () => true, () => false);
}
