/**
 * `npm run bench`: measures the budgets the issues name against the built app running
 * locally in workerd with the stand-in services. Exits non-zero when a budget is missed.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../scripts/free-port.ts";
import { startApp } from "../../scripts/start.ts";
import { measureAdminConsole } from "./admin-console.ts";
import { measureContextAssembly } from "./context-assembly.ts";
import { measureHistory } from "./history.ts";
import { measureLandingJs } from "./landing-js.ts";
import { measureLighthouse } from "./lighthouse.ts";
import { measureRenderBlockingCss } from "./render-blocking-css.ts";
import { measureStreamRendering } from "./render-stream.ts";
import { measureScrypt } from "./scrypt.ts";
import { measureStartup } from "./startup.ts";
import { measureToolPageJs } from "./tool-page-js.ts";
import { measureThrottled } from "./throttled.ts";
import { measureTtft } from "./ttft.ts";
import type { BenchResult } from "./types.ts";
import { measureWorkerBundle } from "./worker-bundle.ts";

process.env.WRANGLER_SEND_METRICS = "false";
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";

const root = path.resolve(import.meta.dirname, "../..");
const results: BenchResult[] = [];
// `npm run bench -- history ttft` runs only those (against the existing build); none = all.
const BENCHES = [
  "context",
  "startup",
  "worker-bundle",
  "landing",
  "scrypt",
  "throttled",
  "lighthouse",
  "css",
  "tool-js",
  "ttft",
  "render",
  "history",
  "admin",
] as const;
const only = new Set(process.argv.slice(2));
const unknown = [...only].filter((name) => !(BENCHES as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(", ")}; the benches are: ${BENCHES.join(" ")}`);
  process.exit(2);
}
const wants = (name: (typeof BENCHES)[number]) => only.size === 0 || only.has(name);

// Pure code, no app: measured first, before the build and the app load the machine.
if (wants("context")) results.push(...(await measureContextAssembly()));
// Startup next: it includes a fresh build, which the other benches then use.
if (wants("startup")) results.push(...(await measureStartup()));
// The Worker as wrangler would upload it: files of the build, no app needed.
if (wants("worker-bundle")) results.push(measureWorkerBundle());

const port = await freePort();
const persistTo = path.join(root, `tests/.tmp/bench-${process.pid}`);
const OWNER = "bench-owner@example.test";
const app = await startApp({ port, persistTo, skipBuild: true, quiet: true, extraVars: { OWNER_EMAIL: OWNER } });
const baseUrl = `http://127.0.0.1:${port}`;
try {
  if (!app.mockUrl) throw new Error("benchmarks need the local stand-in services (unset OPENAI_API_KEY/EMAIL_API_KEY)");
  if (wants("landing")) results.push(await measureLandingJs(baseUrl));
  if (wants("scrypt")) results.push(...(await measureScrypt(baseUrl)));
  const signUp = async (email: string, ip: string) => {
    const signup = await fetch(`${baseUrl}/signup`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: baseUrl, "CF-Connecting-IP": ip },
      body: new URLSearchParams({ email, password: "bench-password", confirmPassword: "bench-password" }),
    });
    const cookie = signup.headers.getSetCookie().find((c) => c.startsWith("tws_session="))?.split(";")[0];
    if (!cookie) throw new Error(`could not sign up ${email} (${signup.status})`);
    return cookie;
  };
  // An admin account: unlimited queries, so sampling is never cut short by the trial. The owner's
  // address is admin once confirmed (decision 011): open the link the stand-in mailbox received.
  const cookie = await signUp(OWNER, "198.51.100.200");
  await confirmFromMailbox({ baseUrl, mockUrl: app.mockUrl, email: OWNER, cookie });
  // The page benches run while the bench does nothing else, before the benches that load the
  // app or seed thousands of rows: applied throttling first (the budgets), then Lighthouse (a report).
  if (wants("throttled")) results.push(...(await measureThrottled({ baseUrl, cookie })));
  if (wants("lighthouse")) results.push(...(await measureLighthouse({ baseUrl, mockUrl: app.mockUrl, cookie })));
  if (wants("css")) results.push(...(await measureRenderBlockingCss({ baseUrl, cookie })));
  if (wants("tool-js")) results.push(...(await measureToolPageJs({ baseUrl, cookie })));
  if (wants("ttft")) results.push(...(await measureTtft({ baseUrl, mockUrl: app.mockUrl, cookie })));
  if (wants("render")) results.push(...(await measureStreamRendering({ baseUrl, mockUrl: app.mockUrl, cookie })));
  if (wants("history")) {
    const small = "bench-small-writer@example.test";
    results.push(
      ...(await measureHistory({
        baseUrl,
        persistTo,
        bigWriter: { email: OWNER, cookie },
        smallWriter: { email: small, cookie: await signUp(small, "198.51.100.201") },
      })),
    );
  }
  // The owner is a verified admin: the console's overview and writers list at 10,000 writers.
  if (wants("admin")) results.push(...(await measureAdminConsole({ baseUrl, persistTo, cookie })));
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

/** Confirms the link the stand-in mailbox holds for `email` as its signed-in writer would: the page's Confirm (a POST). */
async function confirmFromMailbox({ baseUrl, mockUrl, email, cookie }: { baseUrl: string; mockUrl: string; email: string; cookie: string }) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mails = (await (await fetch(`${mockUrl}/mailbox/messages?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
    const link = mails.map((mail) => /\/verify-email\?token=[A-Za-z0-9]+/.exec(mail.text)?.[0]).find(Boolean);
    if (link) {
      const token = new URL(link, baseUrl).searchParams.get("token") ?? "";
      const confirmed = await fetch(`${baseUrl}${link}`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "confirm", token }),
      });
      if (confirmed.status !== 302) throw new Error(`confirming ${email} failed (${confirmed.status})`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no confirmation e-mail for ${email}`);
}
