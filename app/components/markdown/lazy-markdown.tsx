/**
 * The Markdown renderer, loaded when there is something to render: a tool page that opens empty
 * does not download the parser (react-markdown, micromark, GFM) until an answer could be asked
 * for (`preloadMarkdown`: an element is chosen, or the writer first touches the page) or one is
 * on screen. After a touch the load waits for an idle moment, so it never holds up the
 * writer's input. Until
 * the renderer is there, the text shows as it is, line breaks kept.
 */
import { lazy, Suspense } from "react";

const load = () => import("./markdown");

/** After loading, the parser is warmed at the next idle moment (see `warmMarkdown`). */
const loadAndWarm = () =>
  load().then((module) => {
    whenIdle(() => module.warmMarkdown());
    return module;
  });

function whenIdle(run: () => void) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: 1_000 });
  else setTimeout(run, 0);
}
let loading: Promise<unknown> | null = null;

/**
 * Loads the renderer once: at once while the page is still loading (`when: "now"`), else at the
 * next idle moment, so that a writer's touch is answered first.
 */
export function preloadMarkdown(when: "now" | "idle" = "idle") {
  if (loading) return;
  loading = new Promise((resolve) => {
    const start = () => resolve(loadAndWarm());
    if (when === "now") start();
    else whenIdle(start);
  });
}

const Markdown = lazy(() => load().then((module) => ({ default: module.Markdown })));

function PlainText({ text }: { text: string }) {
  return (
    <div className="markdown markdown-pending">
      <p>{text}</p>
    </div>
  );
}

export function LazyMarkdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<PlainText text={text} />}>
      <Markdown text={text} />
    </Suspense>
  );
}
