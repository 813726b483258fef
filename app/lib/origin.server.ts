/**
 * Cross-site request forgery guard: every state-changing request must come from our own
 * origin. SameSite=Lax cookies already stop most of it; this closes the rest.
 */
import { fail, failureResponse } from "./api-failure";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const REFUSED = "Cross-site request refused.";

/**
 * The 403 for a cross-site mutation, or null. The Worker entry calls this for every request,
 * before React Router, whose own document-request origin check would answer with a bare 400.
 */
export function crossSiteRefusal(request: Request): Response | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const origin = request.headers.get("Origin");
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  const ours = new URL(request.url).origin;
  const crossSite = origin ? origin !== ours : fetchSite === "cross-site";
  if (!crossSite) return null;
  // API routes answer in their one JSON error shape; pages in plain words.
  if (new URL(request.url).pathname.startsWith("/api/")) return failureResponse(fail("forbidden", REFUSED));
  return new Response(REFUSED, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
