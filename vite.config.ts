import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { themeWithoutTooltip } from "./scripts/vite/theme-without-tooltip.ts";

export default defineConfig({
  plugins: [themeWithoutTooltip(), cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: { ssr: { build: { minify: true, rolldownOptions: { output: { keepNames: true } } } } },
});
