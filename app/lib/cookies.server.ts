/** Cookie reading and writing shared by the session (auth) and flash-toast (lib) modules. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/**
 * Over https a cookie's name gets the `__Host-` prefix: the browser then keeps it only when it
 * is Secure, for Path=/ and without a Domain, so no subdomain can plant or overwrite it. Plain
 * http (local runs) cannot have it. Reading uses the same name, so the two never mix.
 */
export function hostCookieName(request: Request, name: string): string {
  return isHttps(request) ? `__Host-${name}` : name;
}

export function serializeCookie(
  request: Request,
  name: string,
  value: string,
  { maxAgeSeconds }: { maxAgeSeconds: number },
): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
  ];
  if (isHttps(request)) parts.push("Secure");
  return parts.join("; ");
}

/** Does this response already set the named cookie (then middleware must not override it)? */
export function responseSetsCookie(response: Response, name: string): boolean {
  return response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${name}=`));
}

export function appendHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.append(name, value);
    return response;
  } catch {
    // Some responses (e.g. fetched ones) have immutable headers: copy once.
    const copy = new Response(response.body, response);
    copy.headers.append(name, value);
    return copy;
  }
}
