/**
 * The owner's model settings (issue 14): only a verified admin reads or changes them; bad values
 * are refused with nothing changed; every change is audited in the same batch; and the next
 * generation's model request carries them (checked on the stand-in's recorded request).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser } from "./support/browser";
import { signUp, signUpVerified } from "./support/accounts";
import { execute, makeSubscriber } from "./support/db";
import { generateOk, modelRequest, uniqueMarker } from "./support/generation";
import { sendJson } from "./support/projects";

const PATH = "/api/admin/settings/model";

async function admin() {
  const user = await signUpVerified();
  await execute("UPDATE user_subscriptions SET is_admin = 1 WHERE user_id = ?", user.userId);
  return user;
}

const storedSettings = () => env.DB.prepare("SELECT value FROM app_settings WHERE key = 'model'").first<{ value: string }>();
const auditRows = () =>
  env.DB.prepare("SELECT admin_email, action, target, before, after FROM admin_audit WHERE action = 'settings.model' ORDER BY created_at")
    .all<{ admin_email: string; action: string; target: string; before: string | null; after: string | null }>()
    .then((r) => r.results);

const valid = {
  model: "gpt-test-owner",
  temperature: 1.3,
  maxOutputTokens: 1_800,
  contextBudgetTokens: 9_000,
  perTool: { poetry: { temperature: 0.2, maxOutputTokens: 1_500 } },
};

describe("model settings", () => {
  it("signed out and non-admin: 404 on read and write, nothing stored", async () => {
    const writer = await signUpVerified();
    for (const browser of [new Browser(), writer.browser]) {
      expect((await sendJson(browser, "GET", PATH)).status).toBe(404);
      expect((await sendJson(browser, "POST", PATH, valid)).status).toBe(404);
    }
    expect(await storedSettings()).toBeNull();
    expect(await auditRows()).toEqual([]);
  });

  it("an unverified admin flag is not enough", async () => {
    const { browser, userId } = await signUp();
    await execute("UPDATE user_subscriptions SET is_admin = 1 WHERE user_id = ?", userId);
    expect((await sendJson(browser, "POST", PATH, valid)).status).toBe(404);
    expect(await storedSettings()).toBeNull();
  });

  it("refuses out-of-range numbers, unknown tools and unknown fields with a clear 400, nothing changed", async () => {
    const { browser } = await admin();
    const bad: [unknown, RegExp][] = [
      [{ ...valid, temperature: 2.1 }, /Temperature/],
      [{ ...valid, temperature: -0.1 }, /Temperature/],
      [{ ...valid, maxOutputTokens: 0 }, /Max output tokens/],
      [{ ...valid, maxOutputTokens: 16_001 }, /Max output tokens/],
      [{ ...valid, maxOutputTokens: 12.5 }, /Max output tokens/],
      [{ ...valid, contextBudgetTokens: 999 }, /context budget/],
      [{ ...valid, model: "" }, /model name/],
      [{ ...valid, model: "a b" }, /model name/],
      [{ ...valid, perTool: { limericks: { temperature: 1 } } }, /no tool called “limericks”/],
      [{ ...valid, perTool: { poetry: { temperature: 3 } } }, /Temperature/],
      [{ ...valid, perTool: { poetry: { topP: 1 } } }, /“topP” is not a model setting/],
      [{ temperature: 1 }, /could not be read/],
      [[1, 2], /could not be read/],
    ];
    for (const [body, error] of bad) {
      const response = await sendJson(browser, "POST", PATH, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(error);
    }
    expect(await storedSettings()).toBeNull();
    expect(await auditRows()).toEqual([]);
  });

  it("saves, audits before → after, shows the connection but never the key, and the next generation uses them", async () => {
    const owner = await admin();
    const before = (await (await sendJson(owner.browser, "GET", PATH)).json()) as { settings: unknown; connection: Record<string, unknown> };
    expect(before.settings).toEqual({ model: null, temperature: 0.7, maxOutputTokens: 2000, contextBudgetTokens: 12000, perTool: {} });
    expect(before.connection.apiKeySet).toBe(true);
    expect(before.connection.baseUrl).toBe(env.OPENAI_BASE_URL);
    expect(JSON.stringify(before)).not.toContain(env.OPENAI_API_KEY);

    const writer = await signUp();
    await makeSubscriber(writer.userId);
    const marker = uniqueMarker();
    await generateOk(writer.browser, { kind: "initial", tool: "poetry", element: "poem", fields: { premise: marker } });
    const shipped = await modelRequest(marker);
    expect([shipped.temperature, shipped.max_tokens]).toEqual([0.7, 2000]);

    const saved = await sendJson(owner.browser, "POST", PATH, valid);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(JSON.parse((await storedSettings())!.value)).toEqual(valid);
    const [entry, ...more] = await auditRows();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ admin_email: owner.email, target: "Model settings" });
    expect(JSON.parse(entry!.before!)).toEqual(before.settings);
    expect(JSON.parse(entry!.after!)).toEqual(valid);

    const poem = uniqueMarker();
    await generateOk(writer.browser, { kind: "initial", tool: "poetry", element: "poem", fields: { premise: poem } });
    const overridden = await modelRequest(poem);
    expect([overridden.model, overridden.temperature, overridden.max_tokens]).toEqual(["gpt-test-owner", 0.2, 1500]);

    const prose = uniqueMarker();
    await generateOk(writer.browser, { kind: "initial", tool: "prose", element: "world", fields: { genre: prose } });
    const general = await modelRequest(prose);
    expect([general.model, general.temperature, general.max_tokens]).toEqual(["gpt-test-owner", 1.3, 1800]);
  });
});
