/**
 * A part of a server-rendered page that hydrates after the rest, in a commit of its own (issue 15,
 * decision 015 "Hydration's long tasks").
 *
 * React hydrates a Suspense boundary that came from the server at its lowest priority, once the
 * page around it has committed; a click or key press on it before then hydrates it at once and
 * replays the event. Radix's Select, SegmentedControl and Popover set state from a ref or a layout
 * effect as they mount (the trigger, its anchor, each focusable item), and inside the page's
 * hydration commit every one of those is a synchronous re-render that also pulls all the page's
 * passive effects into the same task. Behind this boundary they do it in their own, smaller
 * commit, and the page's commit leaves its effects to a task of their own. Nothing here suspends,
 * so the boundary never shows a fallback.
 */
import { Suspense, type ReactNode } from "react";

export function HydrateLater({ children }: { children: ReactNode }) {
  // Named for React DevTools' Suspense view.
  return <Suspense name="HydrateLater">{children}</Suspense>;
}
