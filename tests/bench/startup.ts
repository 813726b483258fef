/**
 * Time from `npm start` to the first response from `/`: once with the build (what a writer
 * running the README's command waits) and once with an existing build (a restart).
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../scripts/free-port.ts";
import type { BenchResult } from "./types.ts";

const root = path.resolve(import.meta.dirname, "../..");

async function timeToFirstResponse(args: string[]): Promise<number> {
  const port = await freePort();
  const persistTo = path.join(root, `tests/.tmp/bench-start-${process.pid}-${port}`);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [path.join(root, "scripts/start.ts"), "--port", String(port), "--persist-to", persistTo, "--quiet", ...args],
    { cwd: root, stdio: "ignore", detached: true },
  );
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) });
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(persistTo, { recursive: true, force: true });
  }
}

export async function measureStartup(): Promise<BenchResult[]> {
  const cold = await timeToFirstResponse([]);
  const warm = await timeToFirstResponse(["--skip-build"]);
  return [
    { name: "npm start → first response (with build)", value: `${(cold / 1000).toFixed(1)} s`, ok: true },
    { name: "npm start → first response (existing build)", value: `${(warm / 1000).toFixed(1)} s`, ok: true },
  ];
}
