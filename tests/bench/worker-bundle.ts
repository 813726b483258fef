/**
 * The Worker's size as Cloudflare receives it, gzipped (budget: 1 MB, issue 15), measured on the
 * existing build.
 *
 * What is measured: `react-router build` writes the Worker to build/server/ together with the
 * wrangler.json that `wrangler deploy` reads (no_bundle: wrangler uploads the files as they are).
 * The upload is the entry module (`main`) plus every file under build/server/ that matches a
 * module rule — the rules in that wrangler.json (`**\/*.js`, `**\/*.mjs` as ES modules) and
 * wrangler's default ones (text, data and wasm modules). Source maps (`*.map`), the CSS files
 * the server build keeps for its manifest and wrangler.json itself are not modules, and the
 * client assets (build/client/) are uploaded as static assets, outside the Worker. The size is
 * computed as wrangler's "Total Upload: … / gzip: …" line does: the modules concatenated, then
 * gzipped at the default level — so this figure matches what `wrangler deploy --dry-run` prints.
 */
import { existsSync, globSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { BenchResult } from "./types.ts";

export const WORKER_BUNDLE_BUDGET_KB = 1024;
const serverDir = path.resolve(import.meta.dirname, "../../build/server");
/** Wrangler's DEFAULT_MODULE_RULES, added after a configuration's own rules. */
const DEFAULT_MODULE_GLOBS = ["**/*.txt", "**/*.html", "**/*.sql", "**/*.bin", "**/*.wasm"];

/** The files `wrangler deploy` would upload as the Worker's modules, in its order (the entry last). */
export function workerModules(): string[] {
  const configFile = path.join(serverDir, "wrangler.json");
  if (!existsSync(configFile)) throw new Error("no build/server/wrangler.json: run `npx react-router build` first");
  const config = JSON.parse(readFileSync(configFile, "utf8")) as { main: string; rules?: { globs: string[] }[] };
  const globs = [...(config.rules ?? []).flatMap((rule) => rule.globs), ...DEFAULT_MODULE_GLOBS];
  const main = path.normalize(config.main);
  const others = new Set(globs.flatMap((glob) => globSync(glob, { cwd: serverDir })).map((file) => path.normalize(file)));
  others.delete(main);
  return [...[...others].sort(), main];
}

export function measureWorkerBundle(): BenchResult {
  const modules = workerModules();
  const contents = modules.map((file) => readFileSync(path.join(serverDir, file)));
  const raw = contents.reduce((sum, content) => sum + content.length, 0);
  const gzipped = gzipSync(Buffer.concat(contents)).length;
  return {
    name: "Worker bundle (gzip, as wrangler uploads it)",
    value: `${(gzipped / 1024).toFixed(1)} KB gzipped (${(raw / 1024).toFixed(1)} KB raw, ${modules.length} modules)`,
    budget: `≤ ${WORKER_BUNDLE_BUDGET_KB} KB (1 MB)`,
    ok: gzipped / 1024 <= WORKER_BUNDLE_BUDGET_KB,
  };
}
