import { readdirSync } from "node:fs";
import { join } from "node:path";
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
 * Import layers: every folder under app/ has its place in one order, top to bottom, and a module
 * imports from its own folder and from the folders below it, never above (issue 32). With one
 * strict order there can be no folder cycle: a cycle would need an import upwards, which fails.
 *
 *   routes/ and the entry files (root.tsx, worker.ts, entry.server.tsx, routes.ts)
 *   components/    the UI (revisions/ among it: tracked changes and Compare)
 *   admin/         the owner's console
 *   account/       a writer's own data: the download, deleting the account
 *   generation/    a turn from the request to its settlement
 *   projects/      projects and the story bible
 *   exports/       answers and conversations as files
 *   history/       the writer's conversations
 *   auth/          accounts, sessions, passwords, e-mail confirmation
 *   billing/       Stripe
 *   settings/      what the owner sets: the model, the trial guard
 *   catalog/       the declarative tool catalog
 *   lib/           shared infrastructure (config, cookies, toasts, db access, the API pipeline)
 *   theme/         the light and dark looks
 *   messages/      user-facing texts, read from every layer above
 *   rules/         the product's numbers (the plan, the projects' limits): texts and code read them
 *   styles/        CSS
 *
 * db/ sits below all of app/: app reaches it through `~db`, and it never imports app; only routes,
 * the features, settings and lib may import `~db`. Across folders, app imports through `~/…`
 * (never `../`), so these patterns see every crossing. A folder of app/ not in this list fails the
 * lint: a new one gets its place first.
 */
const ENTRY = ["routes", "root", "worker", "entry.server"];
const ORDER = [
  "components",
  "admin",
  "account",
  "generation",
  "projects",
  "exports",
  "history",
  "auth",
  "billing",
  "settings",
  "catalog",
  "lib",
  "theme",
  "messages",
  "rules",
  "styles",
];
const WITH_DATABASE = new Set(["admin", "account", "generation", "projects", "exports", "history", "auth", "billing", "settings", "lib"]);

const unplaced = readdirSync(join(import.meta.dirname, "app"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "routes" && !ORDER.includes(entry.name))
  .map((entry) => entry.name);
if (unplaced.length > 0) {
  throw new Error(`eslint.config.js: app/${unplaced.join(", app/")} has no place in the import layers (ORDER): give it one.`);
}

/** @param {string[]} folders @param {string} message */
const appFolders = (folders, message) => ({
  regex: `^~/(${folders.map((name) => name.replace(".", "\\.")).join("|")})(/|$)`,
  message,
});
const climbing = { regex: "^\\.\\./", message: "Import across app folders through `~/…`, so the layer rules can see it." };
const database = { regex: "^~db(/|$)", message: "Only routes, the features, settings and lib reach the database (db/queries)." };

/**
 * One config per layer, with disjoint `files`: for one rule, a later config replaces an
 * earlier one's options instead of adding to them.
 * @param {string} folder
 * @param {string[]} above folders this one must not import
 * @returns {import("eslint").Linter.Config}
 */
function layer(folder, above) {
  const why = `app/${folder} must not import ${above.join(", ")}: imports point down the layers in eslint.config.js.`;
  const patterns = [climbing, appFolders(above, why), ...(WITH_DATABASE.has(folder) ? [] : [database])];
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
  ...ORDER.map((folder, index) => layer(folder, [...ENTRY, ...ORDER.slice(0, index)])),
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
