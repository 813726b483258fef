/**
 * Cross-site request forgery guard: every state-changing request must come from our own
 * origin. SameSite=Lax cookies already stop most of it; this closes the rest.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

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
  return new Response("Cross-site request refused.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
