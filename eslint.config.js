import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Server-only code must never reach the browser bundle. */
/** @type {import("eslint").Linter.RulesRecord} */
const noServerImportsInClient = {
  // The typescript-eslint twin of `no-restricted-imports`, so that this rule and the layer
  // rules below (which use the core one) do not replace each other's options.
  "@typescript-eslint/no-restricted-imports": [
    "error",
    {
      patterns: [
        {
          group: ["*.server", "*.server.ts", "**/*.server", "**/*.server.ts"],
          message: "Client code cannot import *.server.ts modules.",
        },
      ],
    },
  ],
};

/*
 * Import layers: a module imports from its own folder and from the layers below it, never above.
 *
 *   routes/ and the entry files (root.tsx, worker.ts, entry.server.tsx, routes.ts)
 *   components/                         the UI
 *   auth/ billing/ exports/ generation/ history/ projects/   the features (they may use each other)
 *   catalog/                            the declarative tool catalog
 *   lib/                                shared infrastructure (config, cookies, toasts, db access)
 *
 * messages/ (user-facing texts) stands beside the features and below: every layer reads it, and
 * a text may state a number it reads from them (the plan's trial length), but it never imports
 * the UI, routes or the database. db/ sits below all of app/: app reaches it through `~db`, and
 * it never imports app; only routes, the features and lib may import `~db`. Across folders, app
 * imports through `~/…` (never `../`), so these patterns see every crossing.
 */
const ENTRY = ["routes", "root", "worker", "entry.server"];
const FEATURES = ["auth", "billing", "exports", "generation", "history", "projects"];

/** @param {string[]} folders @param {string} message */
const appFolders = (folders, message) => ({
  regex: `^~/(${folders.map((name) => name.replace(".", "\\.")).join("|")})(/|$)`,
  message,
});
const climbing = { regex: "^\\.\\./", message: "Import across app folders through `~/…`, so the layer rules can see it." };
const database = { regex: "^~db(/|$)", message: "Only routes, the features and lib reach the database (db/queries)." };

/**
 * One config per layer, with disjoint `files`: for one rule, a later config replaces an
 * earlier one's options instead of adding to them.
 * @param {string} folder
 * @param {string[]} above folders this one must not import
 * @param {{ allowDb?: boolean }} [options]
 * @returns {import("eslint").Linter.Config}
 */
function layer(folder, above, { allowDb = false } = {}) {
  const why = `app/${folder} must not import ${above.join(", ")}: imports point down the layers in eslint.config.js.`;
  const patterns = [climbing, appFolders(above, why), ...(allowDb ? [] : [database])];
  return { files: [`app/${folder}/**/*.{ts,tsx}`], rules: { "no-restricted-imports": ["error", { patterns }] } };
}

/** @type {import("eslint").Linter.Config[]} */
const layers = [
  { files: ["app/routes/**/*.{ts,tsx}"], rules: { "no-restricted-imports": ["error", { patterns: [climbing] }] } },
  {
    files: ["app/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(~|\\.)/routes(/|$)", message: "Only routes import routes." }] },
      ],
    },
  },
  layer("components", ENTRY),
  ...FEATURES.map((feature) => layer(feature, [...ENTRY, "components"], { allowDb: true })),
  layer("catalog", [...ENTRY, "components", ...FEATURES]),
  layer("lib", [...ENTRY, "components", ...FEATURES, "catalog"], { allowDb: true }),
  layer("messages", [...ENTRY, "components"]),
  {
    files: ["db/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^~/", message: "db/ is the bottom layer: it never imports app/. Take values as arguments." },
            { regex: "^(\\.\\./)+app(/|$)", message: "db/ is the bottom layer: it never imports app/." },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      ".wrangler/**",
      ".tools/**",
      "node_modules/**",
      "worker-configuration.d.ts",
      "test-results/**",
      "playwright-report/**",
      "tests/.tmp/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Plain CommonJS for Node itself (scripts/check-node.cjs must run on Node versions the rest cannot).
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Components and client-safe modules: everything in app/ that is not itself server-only.
    // Route modules may import .server modules (React Router strips loaders/actions from the
    // client build), so they are exempt.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/routes/**", "app/root.tsx", "app/worker.ts", "app/entry.server.tsx"],
    rules: noServerImportsInClient,
  },
  ...layers,
);
