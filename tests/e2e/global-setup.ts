/**
 * Starts the app once for the whole run: D1 migrations on a fresh local database, the local
 * stand-in services (mailbox) and the BUILT Worker in workerd (scripts/serve-worker.ts) on a free port of
 * 127.0.0.1. `npm test` builds first, so this never builds.
 *
 * Tests read the addresses from E2E_BASE_URL and E2E_MOCK_URL (tests/e2e/fixtures.ts);
 * global-teardown.ts stops everything and deletes the database. Setup and teardown run in
 * the same runner process, so the handle travels on globalThis.
 */
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../scripts/free-port.ts";
import { startApp } from "../../scripts/start.ts";
import { buildStamp, E2E_ENV, e2eVars, type RunningE2E } from "./app-env.ts";

const root = path.resolve(import.meta.dirname, "../..");

export default async function globalSetup() {
  if (!existsSync(path.join(root, "build/server/wrangler.json"))) {
    throw new Error("No built Worker in build/: run `npx react-router build` first (npm test does).");
  }
  const stamp = buildStamp(root);
  const port = await freePort();
  const persistTo = path.join(root, "tests/.tmp", `e2e-${process.pid}`);
  rmSync(persistTo, { recursive: true, force: true });
  let app: Awaited<ReturnType<typeof startApp>>;
  try {
    app = await startApp({ port, persistTo, skipBuild: true, quiet: true, extraVars: e2eVars(port) });
  } catch (error) {
    rmSync(persistTo, { recursive: true, force: true });
    throw error;
  }
  if (!app.mockUrl) {
    await app.stop();
    rmSync(persistTo, { recursive: true, force: true });
    throw new Error(
      "The end-to-end tests need the local stand-in mailbox, but EMAIL_API_KEY is set (environment or .dev.vars): unset it for the test run.",
    );
  }
  const running: RunningE2E = { stop: app.stop, persistTo, buildStamp: stamp };
  (globalThis as { __e2eApp?: RunningE2E }).__e2eApp = running;
  process.env[E2E_ENV.baseUrl] = app.url;
  process.env[E2E_ENV.mockUrl] = app.mockUrl;
}
