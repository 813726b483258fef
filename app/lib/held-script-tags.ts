/**
 * What a page's held script tags carry until after its first paint (decision 015, "Paint first,
 * then the scripts"): the Worker's rewriter writes them and the tests look for them, so they
 * live apart from the rewriter, which needs the Workers runtime.
 */

/** What the held tags carry instead of `rel="modulepreload"` / `type="module"`. */
export const HELD_PRELOAD_REL = "modulepreload-after-paint";
export const HELD_MODULE_TYPE = "text/module-after-paint";
