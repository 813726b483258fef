/**
 * Starts the local OpenAI stand-in (tests/mocks/server.ts) for the worker project on the port
 * vitest.config.ts chose and passed to the Worker as OPENAI_BASE_URL, and stops it when the run
 * ends. Runs in the Vitest main process (Node), not in workerd.
 */

/** What tests/mocks/server.ts exports (`startMockServer`), as far as this file needs it. */
type StandInModule = {
  startMockServer(options: { port?: number }): Promise<{ url: string; close(): Promise<void> }>;
};

// Imported through a variable: tsconfig.cloudflare.json type-checks tests/worker/ for workerd and
// must not follow into the Node-only stand-in (tsconfig.node.json checks tests/mocks/).
const standInModule = "../mocks/server.ts";

export default async function setup(): Promise<() => Promise<void>> {
  const port = Number(process.env.TWS_TEST_OPENAI_PORT);
  if (!Number.isInteger(port) || port <= 0) {
    throw new Error("TWS_TEST_OPENAI_PORT is not set: vitest.config.ts chooses the stand-in's port");
  }
  const { startMockServer } = (await import(/* @vite-ignore */ standInModule)) as StandInModule;
  const standIn = await startMockServer({ port });
  // Fast streams for the whole run. Tests that need a paused stream use a `stall` fault aimed at
  // their own marker rather than a global setting, since test files run in parallel.
  const response = await fetch(`${standIn.url}/__control/openai`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ tokenDelayMs: 1 }),
  });
  if (!response.ok) {
    await standIn.close();
    throw new Error(`could not configure the OpenAI stand-in: ${response.status} ${await response.text()}`);
  }
  return () => standIn.close();
}
