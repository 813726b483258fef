import type { Config } from "@react-router/dev/config";
import { pruneBuiltCss } from "./scripts/prune-css.ts";

export default {
  ssr: true,
  // Ships only the Radix Themes rules the client JavaScript can use (scripts/prune-css.ts).
  buildEnd({ reactRouterConfig }) {
    pruneBuiltCss(reactRouterConfig.buildDirectory);
  },
} satisfies Config;
