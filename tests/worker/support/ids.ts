/** Names and addresses no other test in this run uses (test files run in parallel). */
let counter = 0;
/** Distinguishes this run's data from any other run's in the shared stand-in. */
export const runId = Math.random().toString(36).slice(2, 8);

/** A fresh e-mail address nobody else in this run uses. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${runId}-${counter}@example.com`;
}

let ipCounter = 0;

/** A fresh client IP (10.x.y.z), so per-IP rate limits never leak between tests. */
export function uniqueIp(): string {
  ipCounter += 1;
  const n = ipCounter + Math.floor(Math.random() * 1000) * 1000;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** SHA-256 hex, as the app stores session and reset token ids. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
