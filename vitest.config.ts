import { availableParallelism } from "node:os";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { freePort } from "./scripts/free-port.ts";

process.env.WRANGLER_SEND_METRICS = "false";
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";

// The OpenAI stand-in for the worker tests (started by tests/worker/global-setup.ts on this
// port). Chosen once per run; a re-read of this file reuses it so the Worker and the stand-in agree.
process.env.TWS_TEST_OPENAI_PORT ??= String(await freePort());
const openAIPort = process.env.TWS_TEST_OPENAI_PORT;

const alias = {
  "~": path.resolve(import.meta.dirname, "app"),
  "~db": path.resolve(import.meta.dirname, "db"),
};

export default defineConfig({
  test: {
    // Vitest's default (one worker fewer than the cores) runs the files one at a time on a 2-core
    // machine, where the worker tests spend over half their time waiting on workerd and the
    // stand-in: two at a time halves their wall time (428 → 215 s). Test files are written to run
    // side by side (each request to the shared stand-in carries its own marker).
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
                // The stand-in mailbox (same server): e-mail a test does not intercept still lands somewhere real.
                EMAIL_API_BASE: `http://127.0.0.1:${openAIPort}`,
                APP_URL: "http://localhost",
                TRIAL_MEMORY_KEY: "worker-tests-trial-memory-key",
                OPENAI_API_KEY: "test-key",
                OPENAI_BASE_URL: `http://127.0.0.1:${openAIPort}/v1`,
                AI_MODEL: "test-model",
                // Short, so stall and timeout cases finish quickly.
                AI_TIMEOUT_MS: "3000",
                // The Stripe stand-in lives in the same mock server as the OpenAI one.
                STRIPE_SECRET_KEY: "sk_test_worker_tests",
                STRIPE_WEBHOOK_SECRET: "whsec_worker_tests",
                STRIPE_PRICE_ID: "price_test_monthly",
                STRIPE_API_BASE: `http://127.0.0.1:${openAIPort}`,
              },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          exclude: ["tests/worker/unconfigured/**"],
          setupFiles: ["./tests/worker/apply-migrations.ts"],
          globalSetup: ["./tests/worker/global-setup.ts"],
        },
      },
      {
        // The same built Worker as production would run it with settings missing (decision 011):
        // Stripe's key and price but no webhook secret, and nothing else. No stand-in is needed.
        resolve: { alias },
        plugins: [
          cloudflareTest(async () => ({
            main: "./build/server/index.js",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                STRIPE_SECRET_KEY: "sk_test_unconfigured",
                STRIPE_PRICE_ID: "price_test_monthly",
                // Never Stripe itself, should a test call it: a local port nothing listens on.
                STRIPE_API_BASE: "http://127.0.0.1:9",
              },
            },
          })),
        ],
        test: { name: "worker-unconfigured", include: ["tests/worker/unconfigured/**/*.test.ts"] },
      },
    ],
  },
});
