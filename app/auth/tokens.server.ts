/** Random bearer tokens (sessions, reset links) and the hashes we store instead of them. */
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

export function generateToken(): string {
  // 20 random bytes = 160 bits of entropy, base32 so it is URL- and cookie-safe.
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

/**
 * SHA-256 through WebCrypto: native in workerd, where a JavaScript SHA-256 cost about 2 ms of
 * CPU on every signed-in request (measured).
 */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return encodeHexLowerCase(new Uint8Array(digest));
}
