/**
 * The owner's overview page (issue 14): only a verified admin sees it, with its figures; a
 * generation records its time to the first token. The figures themselves are checked against
 * seeded data on both drivers in the query suite (tests/queries/admin-overview.ts).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signUpVerified, signUp } from "./support/accounts";
import { execute } from "./support/db";
import { generateOk, uniqueMarker } from "./support/generation";
import { eventually } from "./support/wait";

describe("the overview page", () => {
  it("shows a verified admin the figures; a writer is sent to the dashboard", async () => {
    const admin = await signUpVerified();
    await execute("UPDATE user_subscriptions SET is_admin = 1 WHERE user_id = ?", admin.userId);
    const page = await admin.browser.get("/admin");
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ["Overview", "Monthly recurring revenue", "Time to first token", "Failed or cut", "The figures per day"]) {
      expect(html).toContain(text);
    }
    const writer = await signUp();
    const refused = await writer.browser.get("/admin");
    expect(refused.headers.get("Location")).toBe("/dashboard");
  });

  it("a generation records its time to the first token, no more than its whole time", async () => {
    const writer = await signUp();
    await generateOk(writer.browser, { kind: "initial", tool: "prose", element: "world", fields: { genre: uniqueMarker() } });
    const row = await eventually(() =>
      env.DB.prepare("SELECT first_token_ms, latency_ms FROM usage_events WHERE user_id = ?")
        .bind(writer.userId)
        .first<{ first_token_ms: number | null; latency_ms: number }>(),
    );
    expect(row.first_token_ms).not.toBeNull();
    expect(row.first_token_ms!).toBeGreaterThanOrEqual(0);
    expect(row.first_token_ms!).toBeLessThanOrEqual(row.latency_ms);
  });
});
