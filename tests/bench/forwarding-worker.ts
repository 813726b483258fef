/**
 * The floor under the time-to-first-token overhead on this machine: a Worker that does nothing
 * but forward the request to the stand-in model and stream its body back, served by Miniflare
 * with the app's own settings (the static-assets router in front, as for the app). Whatever the
 * app does, its overhead cannot go below what this Worker measures locally.
 */
import path from "node:path";
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from "miniflare";
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

export async function startForwardingWorker(targetUrl: string): Promise<{ url: string; dispose: () => Promise<void> }> {
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
      workers: [{ ...settings, name: "forwarding-floor", modules: true, script: FORWARD, bindings: { TARGET_URL: targetUrl } }],
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  await miniflare.ready;
  return { url: `http://127.0.0.1:${port}`, dispose: () => miniflare.dispose() };
}
