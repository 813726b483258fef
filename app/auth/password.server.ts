/**
 * Password hashing with scrypt (@noble/hashes). Parameters follow OWASP's scrypt table in its
 * 16 MiB row (N=2^14, r=8, p=5) — equivalent in cost to the 128 MiB row but safe under the
 * Workers 128 MB isolate limit with several sign-ins in flight. The parameters are stored in
 * each hash, so they can be raised later without invalidating existing passwords.
 */
import { scryptAsync } from "@noble/hashes/scrypt.js";
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";

export const SCRYPT_PARAMS = { N: 2 ** 14, r: 8, p: 5, dkLen: 32 } as const;
const SALT_BYTES = 16;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const key = await scryptAsync(password.normalize("NFKC"), salt, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return `scrypt$${N}$${r}$${p}$${encodeBase64(salt)}$${encodeBase64(key)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, saltText, keyText] = parts as [string, string, string, string, string, string];
  const expected = decodeBase64(keyText);
  const key = await scryptAsync(password.normalize("NFKC"), decodeBase64(saltText), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    dkLen: expected.length,
  });
  return constantTimeEqual(key, expected);
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

let dummyHash: Promise<string> | undefined;

/**
 * Runs a full verification against a throwaway hash so that "no such account" takes as long
 * as "wrong password": response timing must not reveal which e-mails have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("timing-equaliser");
  await verifyPassword(password, await dummyHash);
}
