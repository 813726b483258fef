/**
 * The app's own mark that React has hydrated the page: `<html data-hydrated>`. app.css keeps the
 * controls that need scripts looking not ready until it is there; end-to-end tests and the bench
 * wait for it instead of reading React's internals.
 */
import { useEffect } from "react";

export const HYDRATED_ATTRIBUTE = "data-hydrated";

/** Used once, by the root route: its effects run last in the hydration commit, after every child's. */
export function useHydratedMark() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
  }, []);
}
