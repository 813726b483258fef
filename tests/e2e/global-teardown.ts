/** Stops the server and the stand-in services started by global-setup.ts, then deletes the database. */
import { rmSync } from "node:fs";
import path from "node:path";
import { buildStamp, type RunningE2E } from "./app-env.ts";

const root = path.resolve(import.meta.dirname, "../..");

export default async function globalTeardown() {
  const holder = globalThis as { __e2eApp?: RunningE2E };
  const running = holder.__e2eApp;
  if (!running) return;
  delete holder.__e2eApp;
  if (buildStamp(root) !== running.buildStamp) {
    console.warn(
      "\nWARNING: build/ was rebuilt while the end-to-end tests ran; failures after that moment (hydration timeouts) are not real.\n",
    );
  }
  try {
    await running.stop();
  } finally {
    rmSync(running.persistTo, { recursive: true, force: true });
  }
}
