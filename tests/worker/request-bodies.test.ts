/**
 * Issue 31, points 7 and 9: what any request body is held to, in one place
 * (app/lib/request-body.server.ts). Text that is not well-formed Unicode (a lone UTF-16
 * surrogate, which a JSON `\ud800` escape carries) is refused with a clear 400 and nothing is
 * stored; an over-long body is a 413 in every API (the versions route answered 400); the
 * console speaks of itself, not of a project form; an unknown /api/* path is a JSON 404, not a
 * redirect to the dashboard; and the console's settings form posts to a real address.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminRequestTexts } from "../../app/messages/admin";
import { requestTexts } from "../../app/messages/requests";
import { signUp, signUpVerified } from "./support/accounts";
import { ORIGIN } from "./support/browser";
import { execute, subscriptionOf } from "./support/db";
import { postGenerate, uniqueMarker } from "./support/generation";
import { seedEntry } from "./support/history-seed";
import { countOf, createProjectVia, sendJson } from "./support/projects";

const LONE = "\ud800";

async function errorOf(response: Response) {
  return ((await response.json()) as { error: string }).error;
}

describe("text that is not well-formed Unicode is refused in one place", () => {
  it("a project title, a bible entry and a history title: 400 with the same clear words, nothing stored", async () => {
    const writer = await signUp();
    const before = await countOf("SELECT count(*) AS n FROM projects WHERE user_id = ?", writer.userId);
    const project = await sendJson(writer.browser, "POST", "/api/projects", { title: `The Lock${LONE} House` });
    expect(project.status).toBe(400);
    expect(await errorOf(project)).toBe(requestTexts.illFormed);
    expect(await countOf("SELECT count(*) AS n FROM projects WHERE user_id = ?", writer.userId)).toBe(before);

    const real = await createProjectVia(writer.browser, { title: "The Lock House" });
    const entry = await sendJson(writer.browser, "POST", `/api/projects/${real.id}/entries`, {
      entries: [{ kind: "character", name: `${LONE}`.repeat(100), aliases: [], description: "", notes: "", alwaysInclude: false }],
    });
    expect(entry.status).toBe(400);
    expect(await errorOf(entry)).toBe(requestTexts.illFormed);
    expect(await countOf("SELECT count(*) AS n FROM bible_entries WHERE project_id = ?", real.id)).toBe(0);
    // An unpaired low surrogate, in a key this time.
    const key = await sendJson(writer.browser, "PATCH", `/api/projects/${real.id}`, { [`title\udfff`]: "x" });
    expect(key.status).toBe(400);
    expect(await errorOf(key)).toBe(requestTexts.illFormed);

    const seeded = await seedEntry(writer.userId, { queryType: "prose", element: "world" });
    const rename = await sendJson(writer.browser, "PATCH", `/api/history/${seeded.id}`, { title: `Salt${LONE}` });
    expect(rename.status).toBe(400);
    expect(await errorOf(rename)).toBe(requestTexts.illFormed);
    const stored = await env.DB.prepare("SELECT title FROM query_history WHERE id = ?").bind(seeded.id).first<{ title: string | null }>();
    expect(stored?.title).toBeNull();
    // Well-formed text in any script, astral characters included, is kept exactly.
    const fine = await sendJson(writer.browser, "PATCH", `/api/history/${seeded.id}`, { title: "Salt 🜄 marsh — 塩" });
    expect(fine.status).toBe(200);
  });

  it("a generation with such a detail: 400 before anything is charged or sent to the model", async () => {
    const writer = await signUp();
    const marker = uniqueMarker();
    const response = await postGenerate(writer.browser, { kind: "initial", tool: "prose", element: "world", fields: { genre: `${marker} ${LONE}` } });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(requestTexts.illFormed);
    expect((await subscriptionOf(writer.userId))?.queries_remaining).toBe(5);
    expect(await countOf("SELECT count(*) AS n FROM query_history WHERE user_id = ?", writer.userId)).toBe(0);
  });

  it("bytes that are not UTF-8 in a JSON body: the same 400", async () => {
    const writer = await signUp();
    const bytes = new Uint8Array([...new TextEncoder().encode('{"title":"A'), 0xff, 0xfe, ...new TextEncoder().encode('"}')]);
    const response = await writer.browser.request("/api/projects", { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN }, body: bytes });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(requestTexts.illFormed);
  });
});

describe("request limits and unknown addresses", () => {
  it("the versions route answers an oversized body with 413, like every API", async () => {
    const writer = await signUp();
    const seeded = await seedEntry(writer.userId, { queryType: "prose", element: "world" });
    const response = await sendJson(writer.browser, "POST", `/api/conversations/${seeded.conversationId}/versions`, { exchangeId: "x", version: 1, padding: "x".repeat(5_000) });
    expect(response.status).toBe(413);
  });

  it("the console's too-large and unreadable answers speak of the console, not of a project form", async () => {
    const owner = await signUpVerified();
    await execute("UPDATE user_subscriptions SET is_admin = 1 WHERE user_id = ?", owner.userId);
    const huge = await sendJson(owner.browser, "POST", "/api/admin/prompts/poetry", { action: "publish", text: "x".repeat(400_000) });
    expect(huge.status).toBe(413);
    expect(await errorOf(huge)).toBe(adminRequestTexts.tooLarge);
    const notJson = await owner.browser.request("/api/admin/prompts/poetry", { method: "POST", headers: { "Content-Type": "text/plain", Origin: ORIGIN }, body: "publish" });
    expect(notJson.status).toBe(415);
    expect(await errorOf(notJson)).toBe(adminRequestTexts.invalid);
  });

  it("an unknown /api/ path is a JSON 404 for every method, signed in or not", async () => {
    const writer = await signUp();
    for (const [method, path] of [
      ["GET", "/api/nothing-here"],
      ["POST", "/api/nothing-here"],
      ["DELETE", "/api/projects/x/unknown/deeper"],
      ["PUT", "/api/"],
    ] as const) {
      const response = await sendJson(writer.browser, method, path, method === "GET" ? undefined : {});
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await response.json()).toEqual({ error: "Not Found", title: "Error" });
    }
    // Pages keep the spec's behaviour: any other path goes to the dashboard.
    expect((await writer.browser.get("/nothing-here")).headers.get("Location")).toBe("/dashboard");
  });

  it("the console's settings forms post to /admin/settings, never React's javascript: placeholder", async () => {
    const owner = await signUpVerified();
    await execute("UPDATE user_subscriptions SET is_admin = 1 WHERE user_id = ?", owner.userId);
    const html = await (await owner.browser.get("/admin/settings")).text();
    const actions = [...html.matchAll(/<form\b[^>]*\baction="([^"]*)"/g)].map((match) => match[1]);
    // The header's Sign Out, then the model settings and the trial guard.
    expect(actions).toEqual(["/signout", "/admin/settings", "/admin/settings"]);
    expect(html).not.toContain("javascript:");
  });
});
