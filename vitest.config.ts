import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

process.env.WRANGLER_SEND_METRICS = "false";
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";

const alias = {
  "~": path.resolve(import.meta.dirname, "app"),
  "~db": path.resolve(import.meta.dirname, "db"),
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", environment: "node", include: ["tests/unit/**/*.test.ts"] },
      },
      {
        // The query suite on libSQL (`@libsql/client`, file: database) — same cases as on D1.
        resolve: { alias },
        test: { name: "queries-libsql", environment: "node", include: ["tests/node/**/*.test.ts"] },
      },
      {
        resolve: { alias },
        plugins: [
          cloudflareTest(async () => ({
            // The built Worker (npm test builds first): tests exercise exactly what ships.
            main: "./build/server/index.js",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations(path.resolve(import.meta.dirname, "migrations")),
                OWNER_EMAIL: "owner@example.com",
                EMAIL_API_KEY: "test-key",
                EMAIL_FROM: "The Write Stuff <no-reply@example.com>",
                EMAIL_API_BASE: "http://mail.test",
                APP_URL: "http://localhost",
              },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          setupFiles: ["./tests/worker/apply-migrations.ts"],
        },
      },
    ],
  },
});
