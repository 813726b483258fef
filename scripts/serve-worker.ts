/**
 * Serves the built Worker (`build/server`) in workerd through Miniflare, in this process.
 *
 * The bindings, compatibility settings and static assets come from the same
 * `build/server/wrangler.json` that deploys (read by wrangler's own config loader), and the data
 * lives where `wrangler d1 migrations apply --local --persist-to` put it. Unlike `wrangler dev`,
 * requests reach the Worker without a second workerd process proxying them (decision 009).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

const root = path.resolve(import.meta.dirname, "..");
const serverDir = path.join(root, "build/server");

export type ServedWorker = { url: string; dispose(): Promise<void> };

/** The bundle's modules: the entry first, then the chunks it imports. */
function builtModules() {
  const chunks = readdirSync(path.join(serverDir, "assets")).filter((file) => file.endsWith(".js"));
  return [
    { type: "ESModule" as const, path: path.join(serverDir, "index.js") },
    ...chunks.map((file) => ({ type: "ESModule" as const, path: path.join(serverDir, "assets", file) })),
  ];
}

export async function serveBuiltWorker(options: {
  port: number;
  persistTo: string;
  vars: Record<string, string>;
  quiet: boolean;
}): Promise<ServedWorker> {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(serverDir, "wrangler.json"));
  // Module rules describe how wrangler would collect modules; the modules are listed here.
  const { modulesRules: _rules, rootPath: _root, ...settings } = workerOptions as typeof workerOptions & {
    modulesRules?: unknown;
    rootPath?: unknown;
  };
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: options.port,
      log: new Log(options.quiet ? LogLevel.ERROR : LogLevel.WARN),
      logRequests: false,
      // Nothing leaves the machine: no request.cf download, no telemetry.
      cf: false,
      telemetry: { enabled: false },
      // The same layout `wrangler --persist-to` uses, so migrations and data are shared with it.
      resourcePersistencePath: path.join(options.persistTo, "v3"),
      workers: [
        {
          ...settings,
          name: "the-write-stuff",
          modules: builtModules(),
          modulesRoot: serverDir,
          bindings: { ...(settings.bindings as Record<string, string>), ...options.vars },
          // The rate limiters key on the client address the caller reports, as at Cloudflare.
          stripCfConnectingIp: false,
        },
      ],
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  try {
    await miniflare.ready;
  } catch (error) {
    await miniflare.dispose().catch(() => {});
    throw error;
  }
  return { url: `http://127.0.0.1:${options.port}`, dispose: () => miniflare.dispose() };
}
