/**
 * The owner's model settings (issue 14): only a verified admin reads or changes them; bad values
 * are refused with nothing changed; every change is audited in the same batch; and the next
 * generation's model request carries them (checked on the stand-in's recorded request). The
 * console's form posts to /admin/settings, with or without scripts (issue 31).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser } from "./support/browser";
import { signUp, signUpVerified } from "./support/accounts";
import { execute, makeSubscriber } from "./support/db";
import { generateOk, modelRequest, uniqueMarker } from "./support/generation";
import { routerData } from "./support/html";

const PATH = "/admin/settings";
const ROUTE = "routes/admin.settings";

type Settings = { model: string | null; temperature: unknown; maxOutputTokens: unknown; contextBudgetTokens: unknown; perTool: unknown };

/** The settings as the console's form posts them: every field as text, the overrides as JSON. */
function post(browser: Browser, settings: Settings, perToolText = JSON.stringify(settings.perTool)) {
  return browser.post(PATH, {
    intent: "model",
    model: settings.model ?? "",
    temperature: String(settings.temperature),
    maxOutputTokens: String(settings.maxOutputTokens),
    contextBudgetTokens: String(settings.contextBudgetTokens),
    perTool: perToolText,
  });
}

async function answerOf(response: Response) {
  return routerData(await response.text()).actionData?.[ROUTE] as { error?: string; saved?: true; values?: Record<string, string> } | undefined;
}

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
  it("signed out and non-admin: sent away from the page and its form, nothing stored", async () => {
    const writer = await signUpVerified();
    for (const browser of [new Browser(), writer.browser]) {
      const page = await browser.get(PATH);
      expect(page.status).toBe(302);
      const posted = await post(browser, valid);
      expect(posted.status).toBe(302);
      expect(posted.headers.get("Location")).toBe(page.headers.get("Location"));
    }
    expect(await storedSettings()).toBeNull();
    expect(await auditRows()).toEqual([]);
  });

  it("an unverified admin flag is not enough", async () => {
    const { browser, userId } = await signUp();
    await execute("UPDATE user_subscriptions SET is_admin = 1 WHERE user_id = ?", userId);
    const posted = await post(browser, valid);
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/dashboard");
    expect(await storedSettings()).toBeNull();
  });

  it("refuses out-of-range numbers, unknown tools and unknown fields with a clear 400, nothing changed", async () => {
    const { browser } = await admin();
    const bad: [Settings, RegExp][] = [
      [{ ...valid, temperature: 2.1 }, /Temperature/],
      [{ ...valid, temperature: -0.1 }, /Temperature/],
      [{ ...valid, maxOutputTokens: 0 }, /Max output tokens/],
      [{ ...valid, maxOutputTokens: 16_001 }, /Max output tokens/],
      [{ ...valid, maxOutputTokens: 12.5 }, /Max output tokens/],
      [{ ...valid, contextBudgetTokens: 999 }, /context budget/],
      [{ ...valid, model: "a b" }, /model name/],
      [{ ...valid, perTool: { limericks: { temperature: 1 } } }, /no tool called “limericks”/],
      [{ ...valid, perTool: { poetry: { temperature: 3 } } }, /Temperature/],
      [{ ...valid, perTool: { poetry: { topP: 1 } } }, /“topP” is not a model setting/],
      [{ ...valid, temperature: "warm" }, /Temperature/],
      [{ ...valid, maxOutputTokens: "" }, /Max output tokens/],
    ];
    for (const [settings, error] of bad) {
      const response = await post(browser, settings as Settings);
      expect(response.status, JSON.stringify(settings)).toBe(400);
      const answer = await answerOf(response);
      expect(answer?.error).toMatch(error);
      // The page comes back with what was typed, so nothing is lost.
      expect(answer?.values?.temperature).toBe(String(settings.temperature));
    }
    const unreadable = await post(browser, valid, "{ not json");
    expect(unreadable.status).toBe(400);
    expect((await answerOf(unreadable))?.error).toBe("The per-tool overrides are not valid JSON.");
    expect(await storedSettings()).toBeNull();
    expect(await auditRows()).toEqual([]);
  });

  it("saves, audits before → after, shows the connection but never the key, and the next generation uses them", async () => {
    const owner = await admin();
    const page = await owner.browser.get(PATH);
    const html = await page.text();
    const before = routerData(html).loaderData[ROUTE] as { settings: unknown; keySet: boolean; baseUrl: string };
    expect(before.settings).toEqual({ model: null, temperature: 0.7, maxOutputTokens: 2000, contextBudgetTokens: 12000, perTool: {} });
    expect(before.keySet).toBe(true);
    expect(before.baseUrl).toBe(env.OPENAI_BASE_URL);
    expect(html).not.toContain(env.OPENAI_API_KEY);

    const writer = await signUp();
    await makeSubscriber(writer.userId);
    const marker = uniqueMarker();
    await generateOk(writer.browser, { kind: "initial", tool: "poetry", element: "poem", fields: { premise: marker } });
    const shipped = await modelRequest(marker);
    expect([shipped.temperature, shipped.max_tokens]).toEqual([0.7, 2000]);

    const saved = await post(owner.browser, valid);
    expect(saved.status).toBe(200);
    expect(await answerOf(saved)).toEqual({ saved: true, intent: "model" });
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
