/**
 * `npm test`: the whole suite, in the order a failure is cheapest to find.
 *   0. typecheck (strict TypeScript over the app, the Worker and the tests; about 40 s) and lint
 *      (the layer rules among them; about 20 s), one test each
 *   1. build the Worker (worker and end-to-end tests run exactly what ships)
 *   2. vitest: unit (node), the query suite on libSQL (node), worker tests in workerd on D1
 *   3. Playwright end-to-end in Chromium against the built app
 * Ends with one line "N passed, N failed" over all of them.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const tmp = path.join(root, "tests/.tmp");
mkdirSync(tmp, { recursive: true });
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
};

function run(script: string, args: string[], extraEnv: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, script), ...args], {
      cwd: root,
      env: { ...env, ...extraEnv },
      stdio: "inherit",
    });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

function readJson(file: string): unknown {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

const started = Date.now();
let passed = 0;
let failed = 0;

console.log("\n▶ typecheck");
const typesOk =
  (await run("node_modules/@react-router/dev/bin.cjs", ["typegen"])) === 0 &&
  (await run("node_modules/typescript/bin/tsc", ["-p", "tsconfig.cloudflare.json"])) === 0 &&
  (await run("node_modules/typescript/bin/tsc", ["-p", "tsconfig.node.json"])) === 0;
if (typesOk) passed += 1;
else failed += 1;

console.log("\n▶ lint");
if ((await run("node_modules/eslint/bin/eslint.js", [".", "--max-warnings", "0"])) === 0) passed += 1;
else failed += 1;

console.log("\n▶ build");
if ((await run("node_modules/@react-router/dev/bin.cjs", ["build"])) !== 0) {
  console.log(`\nbuild failed\n${passed} passed, ${failed + 1} failed`);
  process.exit(1);
}

console.log("\n▶ unit, query suite (libSQL) and worker tests (workerd, D1)");
const vitestJson = path.join(tmp, "vitest-results.json");
rmSync(vitestJson, { force: true });
const vitestCode = await run("node_modules/vitest/vitest.mjs", [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestJson}`,
]);
const vitest = readJson(vitestJson) as { numPassedTests: number; numFailedTests: number } | null;
passed += vitest?.numPassedTests ?? 0;
failed += vitest?.numFailedTests ?? 0;
if (vitestCode !== 0 && !vitest?.numFailedTests) failed += 1;

console.log("\n▶ end-to-end (Playwright, Chromium)");
const playwrightJson = path.join(tmp, "playwright-results.json");
rmSync(playwrightJson, { force: true });
const e2eCode = await run("node_modules/@playwright/test/cli.js", ["test", "--reporter=list,json"], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
});
const e2e = readJson(playwrightJson) as { stats: { expected: number; unexpected: number; flaky: number } } | null;
passed += (e2e?.stats.expected ?? 0) + (e2e?.stats.flaky ?? 0);
failed += e2e?.stats.unexpected ?? 0;
if (e2eCode !== 0 && !e2e?.stats.unexpected) failed += 1;

console.log(`\nWhole suite in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(!typesOk || vitestCode !== 0 || e2eCode !== 0 ? 1 : 0);
