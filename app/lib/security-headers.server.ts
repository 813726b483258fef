/**
 * Security headers on every response of the Worker; the static files get the same set from
 * `public/_headers` (Workers static assets serve those without running the Worker).
 * HTML documents also get the Content-Security-Policy with their nonce, and are never stored:
 * a cached page would hand out the same nonce twice.
 */
import { isHtml } from "./content-type.server";
import { contentSecurityPolicy, type CspOptions } from "./csp.server";

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/** Sent over https only from the Worker; browsers ignore it on plain http anyway (RFC 6797). */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

export type SecurityOptions = { https: boolean; csp: CspOptions };

function apply(headers: Headers, { https, csp }: SecurityOptions) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  if (https) headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  if (!isHtml(headers)) return;
  headers.set("Content-Security-Policy", contentSecurityPolicy(csp));
  if (!/\bno-store\b/i.test(headers.get("Cache-Control") ?? "")) headers.set("Cache-Control", "private, no-store");
}

export function withSecurityHeaders(response: Response, options: SecurityOptions): Response {
  try {
    apply(response.headers, options);
    return response;
  } catch {
    // Some responses (e.g. fetched ones) have immutable headers: copy once.
    const copy = new Response(response.body, response);
    apply(copy.headers, options);
    return copy;
  }
}
