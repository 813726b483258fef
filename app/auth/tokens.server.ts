/** Random bearer tokens (sessions, reset links) and the hashes we store instead of them. */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

export function generateToken(): string {
  // 20 random bytes = 160 bits of entropy, base32 so it is URL- and cookie-safe.
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}
