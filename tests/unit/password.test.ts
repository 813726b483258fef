import { describe, expect, it, vi } from "vitest";
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from "~/auth/password.server";
import { generateToken, hashToken } from "~/auth/tokens.server";

// Each hash costs 100-300 ms at OWASP cost, several times that on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

describe("password hashing", () => {
  it("stores scrypt parameters and a random salt in the hash", async () => {
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    expect(a).toMatch(new RegExp(`^scrypt\\$${SCRYPT_PARAMS.N}\\$${SCRYPT_PARAMS.r}\\$${SCRYPT_PARAMS.p}\\$`));
    expect(a).not.toBe(b);
    expect(a).not.toContain("correct horse");
  });

  it("verifies the right password and rejects others", async () => {
    const hash = await hashPassword("correct horse");
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct horsE", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("rejects malformed stored hashes instead of throwing", async () => {
    expect(await verifyPassword("x", "plaintext")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$1$2$3$4$5")).toBe(false);
  });

  it("meets OWASP's scrypt cost (N·r·p ≥ 2^14·8·5)", () => {
    expect(SCRYPT_PARAMS.N * SCRYPT_PARAMS.r * SCRYPT_PARAMS.p).toBeGreaterThanOrEqual(2 ** 14 * 8 * 5);
  });
});

describe("tokens", () => {
  it("are 160-bit random base32 and stored only as their SHA-256", async () => {
    const token = generateToken();
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(generateToken()).not.toBe(token);
    expect(await hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashToken(token)).toBe(await hashToken(token));
    // The FIPS 180-2 test vector: the stored hash is plain SHA-256, hex, lower case.
    expect(await hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
