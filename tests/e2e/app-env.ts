/** What global setup hands to the tests, and the configuration the test app runs with. */
import { statSync } from "node:fs";
import path from "node:path";

export const E2E_ENV = { baseUrl: "E2E_BASE_URL", mockUrl: "E2E_MOCK_URL" } as const;

/** Pinned so a developer's own environment or .dev.vars cannot change what the tests see. */
export const E2E_CONFIG = {
  OWNER_EMAIL: "owner@example.test",
  EDITING_SERVICES_URL: "https://editing.example.test/services",
  SUPPORT_EMAIL: "support@example.test",
  WALLPAPER_URL: "/wallpaper.svg",
} as const;

export function e2eVars(port: number): Record<string, string> {
  // Reset links in e-mails must point at this very server.
  return { ...E2E_CONFIG, APP_URL: `http://localhost:${port}` };
}

export type RunningE2E = { stop(): Promise<void>; persistTo: string; buildStamp: string | null };

/**
 * Identifies the build the server started with. The server reads build/client from disk on
 * every request, so a rebuild during the run (another terminal, `npm run bench`) breaks
 * hydration for every later test; teardown compares stamps to say so.
 */
export function buildStamp(root: string): string | null {
  try {
    return statSync(path.join(root, "build/server/wrangler.json")).mtime.toISOString();
  } catch {
    return null;
  }
}

export function runningApp(): { baseUrl: string; mockUrl: string } {
  const baseUrl = process.env[E2E_ENV.baseUrl];
  const mockUrl = process.env[E2E_ENV.mockUrl];
  if (!baseUrl || !mockUrl) {
    throw new Error(`${E2E_ENV.baseUrl} / ${E2E_ENV.mockUrl} are not set: run the tests with \`npx playwright test\`.`);
  }
  return { baseUrl, mockUrl };
}
