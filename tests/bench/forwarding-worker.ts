/**
 * The floors under the time-to-first-token overhead on this machine, each a Worker served by
 * Miniflare with the app's own settings (the static-assets router in front, as for the app):
 * - `startForwardingWorker`: does nothing but forward the request to the stand-in model and
 *   stream its body back. Whatever the app does, its overhead cannot go below this locally.
 * - `startModelReaderWorker`: checks nothing and reads no database, but reads the model the way
 *   the app must, through the AI SDK (the app's own model reader), and streams the app's delta
 *   events (model-reader-floor.worker.ts, bundled here with Vite).
 */
import path from "node:path";
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from "miniflare";
import { build, type Rolldown } from "vite";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { freePort } from "../../scripts/free-port.ts";

const serverDir = path.resolve(import.meta.dirname, "../../build/server");

const FORWARD = `export default {
  async fetch(request, env) {
    const upstream = await fetch(env.TARGET_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer bench" },
      body: await request.text(),
    });
    return new Response(upstream.body, { headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store" } });
  },
};`;

export type FloorWorker = { url: string; dispose: () => Promise<void> };

/** `targetUrl`: the stand-in's chat completions endpoint. */
export function startForwardingWorker(targetUrl: string): Promise<FloorWorker> {
  return serveWorker("forwarding-floor", FORWARD, targetUrl);
}

/** `baseUrl`: the stand-in's OpenAI base URL (…/v1). */
export async function startModelReaderWorker(baseUrl: string): Promise<FloorWorker> {
  const entry = path.resolve(import.meta.dirname, "model-reader-floor.worker.ts");
  const built = await build({
    configFile: false,
    logLevel: "silent",
    root: path.resolve(import.meta.dirname, "../.."),
    resolve: { conditions: ["workerd", "worker", "module", "browser"] },
    ssr: { noExternal: true, target: "webworker" },
    build: { ssr: entry, write: false, minify: true, rolldownOptions: { output: { format: "es", codeSplitting: false } } },
  });
  const [output] = (Array.isArray(built) ? built : [built]) as Rolldown.RolldownOutput[];
  const chunk = output?.output.find((file) => file.type === "chunk");
  if (!chunk || chunk.type !== "chunk") throw new Error("the model-reader floor Worker did not bundle");
  return serveWorker("model-reader-floor", chunk.code, baseUrl);
}

async function serveWorker(name: string, script: string, targetUrl: string): Promise<FloorWorker> {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(serverDir, "wrangler.json"));
  const { modulesRules: _rules, rootPath: _root, bindings: _bindings, ...settings } = workerOptions as typeof workerOptions & {
    modulesRules?: unknown;
    rootPath?: unknown;
    bindings?: unknown;
  };
  const port = await freePort();
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port,
      log: new Log(LogLevel.ERROR),
      cf: false,
      telemetry: { enabled: false },
      workers: [{ ...settings, name, modules: true, script, bindings: { TARGET_URL: targetUrl } }],
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  await miniflare.ready;
  return { url: `http://127.0.0.1:${port}`, dispose: () => miniflare.dispose() };
}
