/**
 * The Worker entry: serves /api/generate itself (decision 009), hands every other request to
 * React Router, and adds security headers (a Content-Security-Policy with a fresh nonce on HTML).
 */
import { createRequestHandler, RouterContextProvider } from "react-router";
import { GENERATE_PATH, handleGenerateEndpoint } from "./generation/endpoint.server";
import { getConfig } from "./lib/config.server";
import { createCspNonce, cspNonceContext, externalOrigins } from "./lib/csp.server";
import { afterResponseContext, executionContext, runAfterResponse, type AfterResponse } from "./lib/execution-context.server";
import { reportMissingSettingsOnce } from "./lib/missing-secrets.server";
import { crossSiteRefusal } from "./lib/origin.server";
import { drainUnreadBody } from "./lib/request-body.server";
import { withSecurityHeaders } from "./lib/security-headers.server";

const loadBuild = () => import("virtual:react-router/server-build");

/**
 * Given a function, React Router re-derives its route tree and static handler on every request
 * (so a dev server picks up edits). A built Worker never changes: derive once per isolate, which
 * takes about a millisecond of CPU off every request. Dev keeps the per-request form.
 */
let builtHandler: ReturnType<typeof createRequestHandler> | undefined;
async function handleRequest(request: Request, context: RouterContextProvider) {
  if (import.meta.env.DEV) return createRequestHandler(loadBuild, import.meta.env.MODE)(request, context);
  builtHandler ??= createRequestHandler(await loadBuild(), import.meta.env.MODE);
  return builtHandler(request, context);
}

/** Images the operator configured on another host (an absolute WALLPAPER_URL) stay allowed. */
function configuredImageOrigins(): string[] {
  try {
    return externalOrigins([getConfig().WALLPAPER_URL]);
  } catch {
    return []; // Invalid configuration fails the page itself, with its own message.
  }
}

async function route(request: Request, url: URL, ctx: ExecutionContext, nonce: string): Promise<Response> {
  if (url.pathname === GENERATE_PATH) return handleGenerateEndpoint(request, ctx);
  const context = new RouterContextProvider();
  const after: AfterResponse = { tasks: [] };
  context.set(executionContext, ctx);
  context.set(afterResponseContext, after);
  context.set(cspNonceContext, nonce);
  return runAfterResponse(await handleRequest(request, context), after, ctx);
}

export default {
  async fetch(request, _env, ctx) {
    reportMissingSettingsOnce();
    const url = new URL(request.url);
    const nonce = createCspNonce();
    const response = crossSiteRefusal(request) ?? (await route(request, url, ctx, nonce));
    await drainUnreadBody(request);
    return withSecurityHeaders(response, {
      https: url.protocol === "https:",
      csp: { nonce, imageOrigins: configuredImageOrigins() },
    });
  },
} satisfies ExportedHandler<Env>;
