/**
 * `npm start`: build, apply migrations to the local D1 database, start the local stand-in
 * services for whatever real keys are missing, and serve the built Worker in workerd.
 *
 *   node scripts/start.ts [--port 8787] [--persist-to .wrangler/state] [--skip-build] [--quiet]
 *
 * Configuration comes from the environment and from `.dev.vars` (see README). Data lives in
 * the persist folder, so it survives restarts.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { startMockServer, type MockServer } from "../tests/mocks/server.ts";
import { configureStripe } from "../tests/mocks/stripe-control.ts";
import { serveBuiltWorker, type ServedWorker } from "./serve-worker.ts";

const STANDIN_WEBHOOK_SECRET = "whsec_local_standin";
const STANDIN_PRICE_ID = "price_test_monthly";

const root = path.resolve(import.meta.dirname, "..");
const bin = {
  reactRouter: path.join(root, "node_modules/@react-router/dev/bin.cjs"),
  wrangler: path.join(root, "node_modules/wrangler/bin/wrangler.js"),
};

/** Keys the app reads; forwarded from the environment or `.dev.vars` into the Worker. */
const CONFIG_KEYS = [
  "APP_URL",
  "OWNER_EMAIL",
  "TURSO_DATABASE_URL",
  "TURSO_AUTH_TOKEN",
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "AI_MODEL",
  "AI_TIMEOUT_MS",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_ID",
  "EMAIL_API_KEY",
  "EMAIL_FROM",
  "EDITING_SERVICES_URL",
  "SUPPORT_EMAIL",
  "VIDEO_URL_1",
  "VIDEO_URL_2",
  "WALLPAPER_URL",
  "SIGNUP_LIMIT_PER_IP_HOUR",
  "TRIAL_MEMORY_KEY",
];

/**
 * The key of the deleted accounts' trial memory on this machine (decision 011). Production sets
 * its own secret; this one only has to stay the same across restarts of the local database.
 */
const LOCAL_TRIAL_MEMORY_KEY = "local-development-trial-memory-key";

/** With local stand-ins, a day of testing signs up many writers from 127.0.0.1 (decision 011). */
const STANDIN_SIGNUP_LIMIT_PER_IP_HOUR = "1000";

const toolEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? "warn",
};

function parseDotVars(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const vars: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (!match) continue;
    vars[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, "$2");
  }
  return vars;
}

function run(command: string, args: string[], { quiet }: { quiet: boolean }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [command, ...args], {
      cwd: root,
      env: toolEnv,
      stdio: quiet ? ["ignore", "ignore", "inherit"] : "inherit",
    });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} ${args[0]} exited with ${code}`)),
    );
  });
}

export type StartedApp = { url: string; mockUrl: string | null; stop(): Promise<void> };

export async function startApp(options: {
  port: number;
  persistTo: string;
  skipBuild?: boolean;
  quiet?: boolean;
  extraVars?: Record<string, string>;
}): Promise<StartedApp> {
  const quiet = options.quiet ?? false;
  const persistTo = path.resolve(root, options.persistTo);
  mkdirSync(persistTo, { recursive: true });

  if (!options.skipBuild) await run(bin.reactRouter, ["build"], { quiet });
  await run(
    bin.wrangler,
    ["d1", "migrations", "apply", "DB", "--local", "--config", "wrangler.toml", "--persist-to", persistTo],
    { quiet: true },
  );

  const fromFile = parseDotVars(path.join(root, ".dev.vars"));
  const vars: Record<string, string> = {};
  for (const key of CONFIG_KEYS) {
    const value = process.env[key] ?? fromFile[key];
    if (value) vars[key] = value;
  }

  // Stand-ins only for services whose real keys are absent.
  let mock: MockServer | null = null;
  const standins: string[] = [];
  if (!vars.EMAIL_API_KEY) {
    mock ??= await startMockServer();
    vars.EMAIL_API_KEY = "local-standin";
    vars.EMAIL_FROM = vars.EMAIL_FROM ?? "The Write Stuff <no-reply@thewritestuff.local>";
    vars.EMAIL_API_BASE = mock.url;
    standins.push("email");
  }
  if (!vars.OPENAI_API_KEY && vars.OPENAI_BASE_URL) {
    // A keyless OpenAI-compatible endpoint (e.g. a local Ollama): the SDK still wants a key.
    vars.OPENAI_API_KEY = "not-needed";
  }
  if (!vars.OPENAI_API_KEY) {
    mock ??= await startMockServer();
    vars.OPENAI_API_KEY = "local-standin";
    vars.OPENAI_BASE_URL = `${mock.url}/v1`;
    vars.AI_MODEL = vars.AI_MODEL ?? "stand-in-writer";
    standins.push("ai");
  }
  if (!vars.STRIPE_SECRET_KEY) {
    mock ??= await startMockServer();
    vars.STRIPE_SECRET_KEY = "sk_test_local_standin";
    vars.STRIPE_WEBHOOK_SECRET = STANDIN_WEBHOOK_SECRET;
    vars.STRIPE_PRICE_ID = STANDIN_PRICE_ID;
    vars.STRIPE_API_BASE = mock.url;
    standins.push("stripe");
  }
  if (standins.length > 0) {
    vars.LOCAL_STANDINS = standins.join(",");
    // An explicit value in the environment or .dev.vars always wins.
    vars.SIGNUP_LIMIT_PER_IP_HOUR ??= STANDIN_SIGNUP_LIMIT_PER_IP_HOUR;
  }
  if (!vars.APP_URL) vars.APP_URL = `http://localhost:${options.port}`;
  vars.TRIAL_MEMORY_KEY ??= LOCAL_TRIAL_MEMORY_KEY;
  Object.assign(vars, options.extraVars);

  let worker: ServedWorker;
  try {
    worker = await serveBuiltWorker({ port: options.port, persistTo, vars, quiet });
  } catch (error) {
    await mock?.close();
    throw error;
  }
  const url = `http://localhost:${options.port}`;
  const stop = async () => {
    await worker.dispose().catch((error) => console.error("could not stop the Worker cleanly", error));
    await mock?.close();
  };
  try {
    if (mock && standins.includes("stripe")) {
      // The stand-in signs its webhooks with the app's secret and delivers them like Stripe.
      await configureStripe(mock.url, {
        webhookUrl: `http://127.0.0.1:${options.port}/api/stripe/webhook`,
        webhookSecret: STANDIN_WEBHOOK_SECRET,
        priceId: STANDIN_PRICE_ID,
      });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, mockUrl: mock?.url ?? null, stop };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: process.env.PORT ?? "8787" },
      "persist-to": { type: "string", default: ".wrangler/state" },
      "skip-build": { type: "boolean", default: false },
      quiet: { type: "boolean", default: false },
    },
  });
  const started = Date.now();
  const app = await startApp({
    port: Number(values.port),
    persistTo: values["persist-to"],
    skipBuild: values["skip-build"],
    quiet: values.quiet,
  });
  console.log(`\nThe Write Stuff is running at ${app.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (app.mockUrl) console.log(`Local stand-in services at ${app.mockUrl} — mail sent by the app: ${app.mockUrl}/mailbox`);
  console.log("Press Ctrl+C to stop.");
  const shutdown = () => app.stop().then(() => process.exit(0));
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
