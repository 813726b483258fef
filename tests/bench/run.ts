/**
 * `npm run bench`: measures the budgets the issues name against the built app running
 * locally in workerd with the stand-in services. Exits non-zero when a budget is missed.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../scripts/free-port.ts";
import { startApp } from "../../scripts/start.ts";
import { measureLandingJs } from "./landing-js.ts";
import { measureStreamRendering } from "./render-stream.ts";
import { measureScrypt } from "./scrypt.ts";
import { measureStartup } from "./startup.ts";
import { measureTtft } from "./ttft.ts";
import type { BenchResult } from "./types.ts";

process.env.WRANGLER_SEND_METRICS = "false";
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";

const root = path.resolve(import.meta.dirname, "../..");
const results: BenchResult[] = [];

// Startup first: it includes a fresh build, which the other benches then use.
results.push(...(await measureStartup()));

const port = await freePort();
const persistTo = path.join(root, `tests/.tmp/bench-${process.pid}`);
const OWNER = "bench-owner@example.test";
const app = await startApp({ port, persistTo, skipBuild: true, quiet: true, extraVars: { OWNER_EMAIL: OWNER } });
const baseUrl = `http://127.0.0.1:${port}`;
try {
  if (!app.mockUrl) throw new Error("benchmarks need the local stand-in services (unset OPENAI_API_KEY/EMAIL_API_KEY)");
  results.push(await measureLandingJs(baseUrl));
  results.push(...(await measureScrypt(baseUrl)));
  // An admin account: unlimited queries, so sampling is never cut short by the trial.
  const signup = await fetch(`${baseUrl}/signup`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl, "CF-Connecting-IP": "198.51.100.200" },
    body: new URLSearchParams({ email: OWNER, password: "bench-password", confirmPassword: "bench-password" }),
  });
  const cookie = signup.headers.getSetCookie().find((c) => c.startsWith("tws_session="))?.split(";")[0];
  if (!cookie) throw new Error(`could not sign up the bench user (${signup.status})`);
  results.push(...(await measureTtft({ baseUrl, mockUrl: app.mockUrl, cookie })));
  results.push(...(await measureStreamRendering({ baseUrl, mockUrl: app.mockUrl, cookie })));
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
