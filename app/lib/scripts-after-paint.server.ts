/**
 * A page's scripts start downloading once its first frame is painted, not beside its styles and
 * fonts (issue 15, decision 015 "Paint first, then the scripts").
 *
 * React Router's `<Scripts>` writes a `modulepreload` link for every module the page hydrates
 * with (22 on the landing page, 46 on a tool page) and the module script that imports them. The
 * browser fetches them all at once, with the stylesheets and the two preloaded fonts the first
 * paint waits for: on a slow phone connection 130–210 KB of JavaScript share the line with the
 * 135 KB the paint needs, and the writer looks at a blank page for the difference. So the Worker
 * streams every HTML page through `HTMLRewriter` and marks both kinds of tag inert (the links
 * get another `rel`, the module script another `type`: the browser fetches and runs neither,
 * and the document keeps the shape React hydrates). A small inline script after them turns
 * them back on one frame after the first paint: the module script is added again, with this
 * response's nonce, to `<head>` (React skips unexpected tags there when it hydrates), and the
 * links get their `rel` back in place, one per task. A page loaded in a hidden tab, which
 * paints nothing, starts at once.
 *
 * Forms and links work before the scripts arrive (React Router's forms post without them), and
 * the controls that need JavaScript say so until hydration (`useHydrated`).
 */
import { isHtml } from "./content-type.server";
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL } from "./held-script-tags";

/**
 * Runs in the page, right after the held module script. `requestAnimationFrame` runs just
 * before the first frame is painted (a page's first paint waits for its content: root.tsx);
 * the timeout then runs once that frame is out. The module script goes first: the browser's
 * module loader then fetches the route modules it imports, and the preload links, given their
 * rel back one per task, fetch the rest of the graph before the loader would find it.
 *
 * One link per task because each request a script starts costs Chrome a few milliseconds, many
 * more while DevTools (or Lighthouse) records the script behind every request: four per task
 * were 25–45 ms tasks there at 1× CPU, 100–170 ms of Lighthouse's simulated slow phone each.
 * A MessageChannel turns the tasks over without the 4 ms floor of nested timeouts.
 */
const START_SCRIPTS = `(() => {
  const preloads = [...document.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]')];
  const startModule = () => {
    for (const held of document.querySelectorAll('script[type="${HELD_MODULE_TYPE}"]')) {
      const script = document.createElement("script");
      script.type = "module";
      script.nonce = held.nonce;
      script.textContent = held.textContent;
      held.type = "text/module-started";
      document.head.append(script);
    }
  };
  // Given its rel back, a link fetches its module (and stays the one React hydrates).
  const release = (held) => { held.rel = "modulepreload"; };
  // One message per link, all posted at once: each is its own task, and every one comes from
  // the same start (a chain of tasks, each posting the next, makes DevTools record a longer
  // chain of callers with every request).
  const tasks = new MessageChannel();
  tasks.port1.onmessage = () => {
    const held = preloads.shift();
    if (held) release(held);
    if (preloads.length === 0) tasks.port1.close();
  };
  const start = () => {
    startModule();
    for (let i = 0; i < preloads.length; i++) tasks.port2.postMessage(null);
  };
  // A hidden tab paints nothing and runs timeouts about once a second: everything at once.
  if (document.visibilityState === "hidden") {
    startModule();
    preloads.forEach(release);
  } else requestAnimationFrame(() => setTimeout(start, 0));
})();`;

/** `response` with its scripts held until after the first paint (HTML only; anything else as it is). */
export function scriptsAfterFirstPaint(response: Response, nonce: string): Response {
  if (!response.body || !isHtml(response.headers)) return response;
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        link.setAttribute("rel", HELD_PRELOAD_REL);
      },
    })
    .on('script[type="module"]', {
      element(script) {
        script.setAttribute("type", HELD_MODULE_TYPE);
        script.after(`<script nonce="${nonce}">${START_SCRIPTS}</script>`, { html: true });
      },
    })
    .transform(response);
}
