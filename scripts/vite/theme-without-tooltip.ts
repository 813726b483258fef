/**
 * Radix Themes' root `<Theme>` wraps the page in Radix's Tooltip provider. The app has no
 * tooltip, and that provider brings Popper and Floating UI into the chunk every page loads:
 * about 9 KB gzipped, the difference between the landing page's JavaScript fitting issue 15's
 * 130 KB budget or not. This build step takes the provider out of `<Theme>` (a Fragment in its
 * place) and leaves the rest of Radix Themes as shipped. A Radix `Tooltip` added later would
 * throw "`Tooltip` must be used within `TooltipProvider`" at once: wrap the app in the
 * provider then, or drop this plugin. The build fails if Radix's file no longer has the shape
 * this edit expects, so an upgrade cannot silently skip it.
 */
import type { Plugin } from "vite";

const THEME_MODULE = /[\\/]node_modules[\\/]@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]components[\\/]theme\.js$/;
// import{Direction as G,Slot as D,Tooltip as w}from"radix-ui" … e.createElement(w.Provider,{delayDuration:200},…)
const IMPORT = /import\{([^}]*?),?Tooltip as ([\w$]+)\}from"radix-ui";/;

export function themeWithoutTooltip(): Plugin {
  return {
    name: "tws:theme-without-tooltip",
    transform: {
      filter: { id: THEME_MODULE },
      handler(code) {
        const imported = IMPORT.exec(code);
        const react = /import\*as ([\w$]+) from"react";/.exec(code)?.[1];
        const provider = imported ? `${imported[2]}.Provider,{delayDuration:200}` : null;
        if (!imported || !react || !provider || !code.includes(provider)) {
          throw new Error("theme-without-tooltip: @radix-ui/themes' theme.js changed shape; review scripts/vite/theme-without-tooltip.ts");
        }
        const withoutImport = code.replace(IMPORT, `import{${imported[1]}}from"radix-ui";`);
        return { code: withoutImport.replace(provider, `${react}.Fragment,null`), map: null };
      },
    },
  };
}
