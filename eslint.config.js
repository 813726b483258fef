import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Server-only code must never reach the browser bundle. */
/** @type {import("eslint").Linter.RulesRecord} */
const noServerImportsInClient = {
  "no-restricted-imports": [
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
    // Components and client-safe modules: everything in app/ that is not itself server-only.
    // Route modules may import .server modules (React Router strips loaders/actions from the
    // client build), so they are exempt.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/routes/**", "app/root.tsx", "app/worker.ts", "app/entry.server.tsx"],
    rules: noServerImportsInClient,
  },
);
