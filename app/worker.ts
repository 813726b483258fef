/** The Worker entry: hands every request to React Router and adds security headers. */
import { createRequestHandler, RouterContextProvider } from "react-router";
import { executionContext } from "./lib/execution-context.server";
import { crossSiteRefusal } from "./lib/origin.server";

const handleRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

export default {
  async fetch(request, _env, ctx) {
    const context = new RouterContextProvider();
    context.set(executionContext, ctx);
    let response = crossSiteRefusal(request) ?? (await handleRequest(request, context));
    try {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        if (!response.headers.has(name)) response.headers.set(name, value);
      }
      if (new URL(request.url).protocol === "https:") {
        response.headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
      }
    } catch {
      response = new Response(response.body, response);
    }
    return response;
  },
} satisfies ExportedHandler<Env>;
