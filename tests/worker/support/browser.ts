/**
 * A simulated browser for worker tests: requests against the built Worker (`exports.default`)
 * with its own cookie jar and client IP (the auth rate limiters key on `CF-Connecting-IP`).
 */
import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { uniqueIp } from "./ids";

export const ORIGIN = "http://localhost";

export type ParsedCookie = { name: string; value: string; attributes: Map<string, string> };

export function parseSetCookie(header: string): ParsedCookie {
  const [pair = "", ...rest] = header.split(";");
  const index = pair.indexOf("=");
  const attributes = new Map<string, string>();
  for (const part of rest) {
    const eq = part.indexOf("=");
    const key = (eq === -1 ? part : part.slice(0, eq)).trim().toLowerCase();
    attributes.set(key, eq === -1 ? "" : part.slice(eq + 1).trim());
  }
  return {
    name: pair.slice(0, index).trim(),
    value: decodeURIComponent(pair.slice(index + 1).trim()),
    attributes,
  };
}

/** Every Set-Cookie of a response, by cookie name (the last one wins). */
export function setCookies(response: Response): Map<string, ParsedCookie> {
  const cookies = new Map<string, ParsedCookie>();
  for (const header of response.headers.getSetCookie()) {
    const cookie = parseSetCookie(header);
    cookies.set(cookie.name, cookie);
  }
  return cookies;
}

/** The flash toast a response sets (`tws_toast` cookie), if any. */
export type FlashToast = { title: string; description?: string; variant?: "default" | "destructive" };

export function flashToast(response: Response): FlashToast | null {
  const cookie = setCookies(response).get("tws_toast");
  if (!cookie || !cookie.value || cookie.attributes.get("max-age") === "0") return null;
  return JSON.parse(cookie.value) as FlashToast;
}

export const SESSION_EXPIRED: FlashToast = {
  title: "Session Expired",
  description: "Your session has expired. Please sign in again.",
  variant: "destructive",
};

/** The response sends the browser to `/` with the "Session Expired" toast and clears the cookie. */
export function expectSessionExpired(response: Response) {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/");
  expect(flashToast(response)).toEqual(SESSION_EXPIRED);
  expect(setCookies(response).get("tws_session")?.attributes.get("max-age")).toBe("0");
}

export class CookieJar {
  readonly cookies = new Map<string, string>();

  store(response: Response) {
    for (const cookie of setCookies(response).values()) {
      if (cookie.attributes.get("max-age") === "0" || cookie.value === "") this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
  }

  get(name: string) {
    return this.cookies.get(name);
  }
}

export type FormFields = Record<string, string>;

type RequestOptions = {
  headers?: Record<string, string>;
  /** Keep cookies from the response (default true). */
  remember?: boolean;
};

/** One simulated browser: its own cookie jar and client IP. Redirects are never followed. */
export class Browser {
  readonly jar: CookieJar;
  readonly ip: string;

  constructor({ jar = new CookieJar(), ip = uniqueIp() }: { jar?: CookieJar; ip?: string } = {}) {
    this.jar = jar;
    this.ip = ip;
  }

  async request(path: string, init: RequestInit = {}, options: RequestOptions = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("CF-Connecting-IP", this.ip);
    const cookie = this.jar.header();
    if (cookie && !headers.has("Cookie")) headers.set("Cookie", cookie);
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    const response = await exports.default.fetch(new URL(path, ORIGIN), {
      ...init,
      headers,
      redirect: "manual",
    });
    if (options.remember !== false) this.jar.store(response);
    return response;
  }

  get(path: string, options: RequestOptions = {}): Promise<Response> {
    return this.request(path, { method: "GET", headers: { Accept: "text/html" } }, options);
  }

  /** A classic HTML form post (document request) from our own origin. */
  post(path: string, fields: FormFields, options: RequestOptions = {}): Promise<Response> {
    return this.request(
      path,
      {
        method: "POST",
        headers: {
          Accept: "text/html",
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: ORIGIN,
        },
        body: new URLSearchParams(fields).toString(),
      },
      options,
    );
  }

  /** A raw POST with any body and headers (for wrong-type and oversize cases). */
  postRaw(path: string, body: BodyInit | null, headers: Record<string, string>, options: RequestOptions = {}) {
    return this.request(path, { method: "POST", headers: { Origin: ORIGIN, ...headers }, body }, options);
  }

  sessionToken(): string | undefined {
    return this.jar.get("tws_session");
  }
}

/**
 * The rate limiters count in fixed one-minute windows aligned to the clock. A test that must
 * see a limit hit waits, if needed, so its burst cannot straddle a window boundary.
 */
export async function startOfQuietRateLimitWindow(burstMs: number) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < burstMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
