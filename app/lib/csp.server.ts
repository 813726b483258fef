/**
 * The Content-Security-Policy of every HTML response (decision 011). An inline script runs
 * only with this response's nonce (React Router and React put it on every script they write);
 * script files come from this origin only, which serves no JavaScript anyone else controls
 * (the API answers JSON with nosniff). Not 'strict-dynamic': Chrome then runs any script a
 * page script creates, inline or from any host. Nothing is fetched, framed or posted to
 * another host. Styles allow inline `style` attributes: React and Radix Themes set them all
 * the time and a nonce cannot cover an attribute (an accepted risk: CSS injection without
 * script; model output never carries raw HTML anyway).
 *
 * No form posts to Stripe: Checkout and the Billing Portal are reached by a location change
 * after a fetch (subscription-card.tsx), which form-action does not govern.
 */
import { createContext } from "react-router";

/** The nonce of the response being rendered: set by the Worker entry, read by entry.server.tsx. */
export const cspNonceContext = createContext<string>();

/** 128 random bits, base64: a new one for every response. */
export function createCspNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export type CspOptions = {
  nonce: string;
  /** Other hosts images may come from: only what the operator configured (WALLPAPER_URL). */
  imageOrigins?: readonly string[];
};

export function contentSecurityPolicy({ nonce, imageOrigins = [] }: CspOptions): string {
  const directives: string[][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", `'nonce-${nonce}'`],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", ...imageOrigins],
    ["font-src", "'self'", "data:"],
    ["connect-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["frame-ancestors", "'none'"],
    ["form-action", "'self'"],
  ];
  return directives.map((directive) => directive.join(" ")).join("; ");
}

/** The origins of configured absolute http(s) URLs (relative ones are 'self' already). */
export function externalOrigins(urls: readonly (string | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url || !/^https?:\/\//i.test(url)) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // Not a URL: the page cannot load it either.
    }
  }
  return [...origins];
}
