/**
 * `npm run bench`: measures the budgets the issues name against the built app running
 * locally in workerd with the stand-in services. Exits non-zero when a budget is missed.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../scripts/free-port.ts";
import { startApp } from "../../scripts/start.ts";
import { measureLandingJs } from "./landing-js.ts";
import { measureScrypt } from "./scrypt.ts";
import { measureStartup } from "./startup.ts";
import type { BenchResult } from "./types.ts";

process.env.WRANGLER_SEND_METRICS = "false";
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";

const root = path.resolve(import.meta.dirname, "../..");
const results: BenchResult[] = [];

// Startup first: it includes a fresh build, which the other benches then use.
results.push(...(await measureStartup()));

const port = await freePort();
const persistTo = path.join(root, `tests/.tmp/bench-${process.pid}`);
const app = await startApp({ port, persistTo, skipBuild: true, quiet: true });
const baseUrl = `http://127.0.0.1:${port}`;
try {
  results.push(await measureLandingJs(baseUrl));
  results.push(...(await measureScrypt(baseUrl)));
} finally {
  await app.stop();
  rmSync(persistTo, { recursive: true, force: true });
}

console.log("\nBenchmarks");
for (const result of results) {
  const budget = result.budget ? `  (budget ${result.budget})` : "";
  console.log(`${result.ok ? "✓" : "✗"} ${result.name}: ${result.value}${budget}`);
}
const missed = results.filter((result) => !result.ok);
if (missed.length > 0) {
  console.log(`\n${missed.length} budget(s) missed`);
  process.exit(1);
}
