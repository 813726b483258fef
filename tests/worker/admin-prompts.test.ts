/**
 * The owner's prompts (issue 14): publish, versions, revert to a version and to the shipped
 * default, each audited; only a verified admin; bad input refused with nothing changed; and the
 * writer's next generation uses what was published (publishing clears this isolate's cache).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import poetryFile from "../../app/catalog/prompts/poetry_unified.md?raw";
import { Browser } from "./support/browser";
import { signUp, signUpVerified } from "./support/accounts";
import { execute, makeSubscriber } from "./support/db";
import { generateOk, messagesOf, modelRequest, uniqueMarker } from "./support/generation";
import { sendJson } from "./support/projects";

const PATH = "/api/admin/prompts/poetry";
type Version = { id: string; promptText: string | null; createdByEmail: string };
type State = { current: string; isDefault: boolean; shipped: string; versions: Version[] };

async function admin() {
  const user = await signUpVerified();
  await execute("UPDATE user_subscriptions SET is_admin = 1 WHERE user_id = ?", user.userId);
  return user;
}

const promptRow = () => env.DB.prepare("SELECT prompt_text FROM system_prompts WHERE query_type = 'poetry_unified'").first<{ prompt_text: string }>();
const versionCount = async () =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM system_prompt_versions").first<{ n: number }>())!.n;
const audits = () =>
  env.DB.prepare("SELECT action, admin_email, target, before, after FROM admin_audit WHERE action LIKE 'prompt.%' ORDER BY created_at, rowid")
    .all<{ action: string; admin_email: string; target: string; before: string; after: string }>()
    .then((r) => r.results);

async function post(browser: Browser, body: unknown) {
  const response = await sendJson(browser, "POST", PATH, body);
  return { status: response.status, body: (await response.json()) as State & { error?: string } };
}

async function poetrySystemMessage(browser: Browser): Promise<string | undefined> {
  const marker = uniqueMarker();
  await generateOk(browser, { kind: "initial", tool: "poetry", element: "poem", fields: { premise: marker } });
  return messagesOf(await modelRequest(marker))[0]?.text;
}

describe("admin prompts", () => {
  it("signed out and non-admin: 404 on read and every action, nothing changed", async () => {
    const writer = await signUpVerified();
    for (const browser of [new Browser(), writer.browser]) {
      expect((await sendJson(browser, "GET", PATH)).status).toBe(404);
      for (const body of [{ action: "publish", text: "Hijacked." }, { action: "default" }]) {
        expect((await sendJson(browser, "POST", PATH, body)).status).toBe(404);
      }
    }
    expect(await promptRow()).toBeNull();
    expect(await versionCount()).toBe(0);
    expect(await audits()).toEqual([]);
  });

  it("refuses an empty prompt, a too long one, an unknown tool, version or action: nothing changed", async () => {
    const { browser } = await admin();
    for (const [body, status, error] of [
      [{ action: "publish", text: "  \n\t " }, 400, /empty/],
      [{ action: "publish" }, 400, /empty/],
      [{ action: "publish", text: "x".repeat(40_001) }, 400, /too long: at most 40,000/],
      [{ action: "revert", versionId: "nope" }, 404, /no such version/],
      [{ action: "rewrite" }, 400, /Unknown action/],
    ] as const) {
      const answer = await post(browser, body);
      expect(answer.status).toBe(status);
      expect(answer.body.error).toMatch(error);
    }
    const unknown = await sendJson(browser, "POST", "/api/admin/prompts/limericks", { action: "publish", text: "Hi" });
    expect(unknown.status).toBe(404);
    expect(await promptRow()).toBeNull();
    expect(await versionCount()).toBe(0);
    expect(await audits()).toEqual([]);
  });

  it("publishes, keeps versions, reverts to a version and to the default, audits each, and generation follows", async () => {
    const owner = await admin();
    const writer = await signUp();
    await makeSubscriber(writer.userId);
    expect(await poetrySystemMessage(writer.browser)).toBe(poetryFile);

    const first = `You are a terse poetry editor. ${uniqueMarker("V1")}`;
    const second = `You are a florid poetry editor. ${uniqueMarker("V2")}`;
    expect((await post(owner.browser, { action: "publish", text: first })).status).toBe(200);
    expect(await poetrySystemMessage(writer.browser)).toBe(first);
    const published = await post(owner.browser, { action: "publish", text: second });
    expect(published.body).toMatchObject({ current: second, isDefault: false });
    expect(published.body.versions.map((v) => v.promptText)).toEqual([second, first]);
    expect(published.body.versions.every((v) => v.createdByEmail === owner.email)).toBe(true);
    expect(await poetrySystemMessage(writer.browser)).toBe(second);

    const firstId = published.body.versions[1]!.id;
    const reverted = await post(owner.browser, { action: "revert", versionId: firstId });
    expect(reverted.body.current).toBe(first);
    expect(reverted.body.versions.map((v) => v.promptText)).toEqual([first, second, first]);
    expect(await poetrySystemMessage(writer.browser)).toBe(first);

    const shipped = await post(owner.browser, { action: "default" });
    expect(shipped.body).toMatchObject({ current: poetryFile, isDefault: true });
    expect(shipped.body.versions[0]!.promptText).toBeNull();
    expect(await promptRow()).toBeNull();
    expect(await poetrySystemMessage(writer.browser)).toBe(poetryFile);

    const log = await audits();
    expect(log.map((entry) => entry.action)).toEqual(["prompt.publish", "prompt.publish", "prompt.revert", "prompt.default"]);
    expect(log.every((entry) => entry.admin_email === owner.email && entry.target === "Poetry Assistant")).toBe(true);
    expect(log.map((entry) => [JSON.parse(entry.before).promptText, JSON.parse(entry.after).promptText])).toEqual([
      [null, first],
      [first, second],
      [second, first],
      [first, null],
    ]);
  });
});
