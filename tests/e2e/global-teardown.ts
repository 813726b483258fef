/** Stops the server and the stand-in services started by global-setup.ts, then deletes the database. */
import { rmSync } from "node:fs";
import type { RunningE2E } from "./app-env.ts";

export default async function globalTeardown() {
  const holder = globalThis as { __e2eApp?: RunningE2E };
  const running = holder.__e2eApp;
  if (!running) return;
  delete holder.__e2eApp;
  try {
    await running.stop();
  } finally {
    rmSync(running.persistTo, { recursive: true, force: true });
  }
}
