/** The policy text and its nonce (app/lib/csp.server.ts); the Worker's use of it is in tests/worker/security.test.ts. */
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createCspNonce, externalOrigins } from "~/lib/csp.server";

describe("Content-Security-Policy", () => {
  it("nonces are 128 random bits in base64, never repeated", () => {
    const nonces = new Set(Array.from({ length: 200 }, createCspNonce));
    expect(nonces.size).toBe(200);
    for (const nonce of nonces) expect(atob(nonce)).toHaveLength(16);
  });

  it("images: this host and data: only, unless the operator put the wallpaper on another host", () => {
    expect(contentSecurityPolicy({ nonce: "n" })).toContain("img-src 'self' data:;");
    const withWallpaper = contentSecurityPolicy({
      nonce: "n",
      imageOrigins: externalOrigins(["https://cdn.example.net/walls/dark.jpg?v=2"]),
    });
    expect(withWallpaper).toContain("img-src 'self' data: https://cdn.example.net;");
  });

  it("only absolute http(s) addresses add an origin", () => {
    expect(externalOrigins(["/wallpaper.svg", undefined, "data:image/png;base64,AAAA", "javascript:alert(1)"])).toEqual([]);
    expect(externalOrigins(["http://img.example:8080/a.png", "http://img.example:8080/b.png"])).toEqual([
      "http://img.example:8080",
    ]);
  });
});
