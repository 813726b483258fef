/**
 * The keyed hash of a writer's normalised address (HMAC-SHA-256 with TRIAL_MEMORY_KEY, hex): all
 * the app keeps of an address once its account is deleted (trial_memory, decision 011). Keyed,
 * so a copy of the database alone cannot tell which addresses once had an account.
 */
import { encodeHexLowerCase } from "@oslojs/encoding";
import { getConfig } from "~/lib/config.server";

let key: { secret: string; key: Promise<CryptoKey> } | undefined;

function hmacKey(secret: string): Promise<CryptoKey> {
  if (key?.secret !== secret) {
    key = { secret, key: crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]) };
  }
  return key.key;
}

/** The hash of `email` (already normalised), or null when TRIAL_MEMORY_KEY is not configured. */
export async function addressHash(email: string): Promise<string | null> {
  const secret = getConfig().TRIAL_MEMORY_KEY;
  if (!secret) return null;
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), new TextEncoder().encode(email));
  return encodeHexLowerCase(new Uint8Array(signature));
}
