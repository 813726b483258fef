/**
 * The Worker entry: serves /api/generate itself (decision 009), hands every other request to
 * React Router, and adds security headers.
 */
import { createRequestHandler, RouterContextProvider } from "react-router";
import { GENERATE_PATH, handleGenerateEndpoint } from "./generation/endpoint.server";
import { executionContext } from "./lib/execution-context.server";
import { reportMissingSettingsOnce } from "./lib/missing-secrets.server";
import { crossSiteRefusal } from "./lib/origin.server";

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

const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

function route(request: Request, url: URL, ctx: ExecutionContext): Promise<Response> {
  if (url.pathname === GENERATE_PATH) return handleGenerateEndpoint(request, ctx);
  const context = new RouterContextProvider();
  context.set(executionContext, ctx);
  return handleRequest(request, context);
}

export default {
  async fetch(request, _env, ctx) {
    reportMissingSettingsOnce();
    const url = new URL(request.url);
    let response = crossSiteRefusal(request) ?? (await route(request, url, ctx));
    try {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        if (!response.headers.has(name)) response.headers.set(name, value);
      }
      if (url.protocol === "https:") {
        response.headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
      }
    } catch {
      response = new Response(response.body, response);
    }
    return response;
  },
} satisfies ExportedHandler<Env>;
