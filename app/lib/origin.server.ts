/**
 * Cross-site request forgery guard: every state-changing request must come from our own
 * origin. SameSite=Lax cookies already stop most of it; this closes the rest.
 */
import type { MiddlewareFunction } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const originMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (!SAFE_METHODS.has(request.method)) {
    const origin = request.headers.get("Origin");
    const fetchSite = request.headers.get("Sec-Fetch-Site");
    const ours = new URL(request.url).origin;
    const crossSite = origin ? origin !== ours : fetchSite === "cross-site";
    if (crossSite) {
      return new Response("Cross-site request refused.", {
        status: 403,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
  }
  return next();
};
