/**
 * End-to-end tests: the built Worker served in workerd by `startApp` (see tests/e2e/global-setup.ts)
 * driven by the system Chromium. Never a downloaded browser.
 */
import { availableParallelism } from "node:os";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./scripts/chromium.ts";

const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  globalSetup: "./tests/e2e/global-setup.ts",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  fullyParallel: true,
  forbidOnly: ci,
  // Two browsers at most against the one local server; a failure is a failure, not a retry.
  workers: Math.min(2, availableParallelism()),
  // On CI (2 cores, the whole suite in parallel) one retry absorbs timing flakes; it is reported as "flaky", never hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: ci ? "dot" : "list",
  use: {
    // The base URL comes from the app started in global setup (tests/e2e/fixtures.ts).
    // Recording a trace for every test (screencast frames, DOM snapshots) cost the CPU-bound
    // 2-core CI run about a sixth of its time; there a failing test's retry records one instead.
    trace: ci ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    // The writer's system asks for less motion: dialogs, menus and toasts appear without their
    // 150-200 ms entrance, so a click no longer waits for an option to stop moving (a fifth of
    // an interaction-heavy test's time on the 2-core CI machine). The specs about the look
    // (look.spec.ts, a11y.spec.ts) keep the full motion.
    reducedMotion: "reduce",
  },
  projects: [
    {
      // Runs first: the owner's account is made (and confirmed) exactly once per run, by the
      // test of that flow (decision 011), before any other test signs in as the owner.
      name: "owner",
      testMatch: /owner\.setup\.ts$/,
      use: {
        browserName: "chromium",
        viewport: { width: 1280, height: 900 },
        launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
      },
    },
    {
      name: "chromium",
      dependencies: ["owner"],
      use: {
        browserName: "chromium",
        viewport: { width: 1280, height: 900 },
        launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
      },
    },
  ],
});
