/**
 * "Try it" on the owner's Prompts page (issue 14): a draft run once against the model with an
 * element and sample details. Only a verified admin; bad input refused before the model is
 * called and nothing audited; the model is sent the draft as its system message and the request
 * text a writer's first turn would send, under the owner's model settings for the tool; no one
 * is charged, nothing lands in any history or usage, the draft is not published; one audit entry.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import poetryFile from "../../app/catalog/prompts/poetry_unified.md?raw";
import { checkTry, tryPrompt } from "~/admin/prompt-try.server";
import { buildRequestText, findElement, findToolBySlug } from "~/catalog/requests";
import { getConfig } from "~/lib/config.server";
import { promptTryTexts } from "~/messages/admin-prompts";
import { Browser } from "./support/browser";
import { signUp, signUpVerified } from "./support/accounts";
import { counters, execute } from "./support/db";
import { configureStandIn, messagesOf, modelRequest, modelRequests, uniqueMarker } from "./support/generation";
import { sendJson } from "./support/projects";

const PATH = "/api/admin/prompts/poetry";
type TryAnswer = { answer: string; ending: string; model: string; inputTokens: number | null; outputTokens: number | null; error?: string };

async function admin() {
  const user = await signUpVerified();
  await execute("UPDATE user_subscriptions SET is_admin = 1 WHERE user_id = ?", user.userId);
  return user;
}

const TABLES = ["query_history", "query_messages", "usage_events", "system_prompts", "system_prompt_versions"] as const;
const rowCount = async (table: (typeof TABLES)[number]) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
/** The prompt actions audited (this file's tests share storage: pass an admin's e-mail for theirs only). */
const audits = (email: string | null = null) =>
  env.DB.prepare("SELECT action, admin_email, target, before, after FROM admin_audit WHERE action LIKE 'prompt.%' AND (?1 IS NULL OR admin_email = ?1) ORDER BY created_at, rowid")
    .bind(email)
    .all<{ action: string; admin_email: string; target: string; before: string | null; after: string | null }>()
    .then((r) => r.results);

/** Nothing of anyone's history, usage or prompts was written. */
async function expectNothingSaved() {
  for (const table of TABLES) expect(await rowCount(table), table).toBe(0);
}

async function tryIt(browser: Browser, body: Record<string, unknown>, path = PATH) {
  const response = await sendJson(browser, "POST", path, { action: "try", ...body });
  return { status: response.status, body: (await response.json()) as TryAnswer };
}

const draftWith = (marker: string) => `You are a terse poetry editor. Answer in one line. ${marker}`;

describe("admin prompt try", () => {
  it("signed out, a writer and an unverified admin flag: 404, the model is sent nothing", async () => {
    const writer = await signUpVerified();
    const unverified = await signUp();
    await execute("UPDATE user_subscriptions SET is_admin = 1 WHERE user_id = ?", unverified.userId);
    const marker = uniqueMarker("TRY");
    for (const browser of [new Browser(), writer.browser, unverified.browser]) {
      const answer = await tryIt(browser, { text: draftWith(marker), element: "imagery", fields: { premise: marker } });
      expect(answer.status).toBe(404);
    }
    expect(await modelRequests(marker)).toEqual([]);
    expect(await audits()).toEqual([]);
    await expectNothingSaved();
  });

  it("refuses an empty or too long draft, an unknown element, a detail not of the element, a bad or too long detail: 400, nothing sent or audited", async () => {
    const { browser } = await admin();
    const marker = uniqueMarker("TRY");
    const ok = { text: draftWith(marker), element: "imagery", fields: { premise: marker } };
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ ...ok, text: "  \n\t " }, /empty/],
      [{ ...ok, text: undefined }, /empty/],
      [{ ...ok, text: `${marker}${"x".repeat(40_000)}` }, /too long: at most 40,000/],
      [{ ...ok, element: "sonnet" }, /“sonnet” is not an element of this tool\. Choose one of: poem, imagery/],
      [{ ...ok, element: undefined }, /is not an element of this tool/],
      [{ ...ok, fields: { premise: marker, meter: "iambic" } }, /“meter” is not a detail of Imagery suggestions/],
      [{ ...ok, fields: { premise: marker, ["__proto__"]: "x" } }, /“__proto__” is not a detail/],
      [{ ...ok, fields: { premise: 5 } }, /JSON object of texts/],
      [{ ...ok, fields: [marker] }, /JSON object of texts/],
      [{ ...ok, fields: { premise: `${marker}${"x".repeat(2_000)}` } }, /Premise is too long: at most 2,000 characters/],
    ];
    for (const [body, error] of bad) {
      const answer = await tryIt(browser, body);
      expect(answer.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(answer.body.error).toMatch(error);
    }
    expect((await tryIt(browser, ok, "/api/admin/prompts/limericks")).status).toBe(404);
    expect(await modelRequests(marker)).toEqual([]);
    expect(await audits()).toEqual([]);
    await expectNothingSaved();
  });

  it("sends the draft and the request text, answers in full, charges no one, saves and publishes nothing, audits once", async () => {
    const owner = await admin();
    const before = await counters(owner.userId);
    const marker = uniqueMarker("TRY");
    const draft = draftWith(marker);
    const reply = "A gull **folds** the light\ninto the harbour's pocket.";
    await configureStandIn({ faults: [{ kind: "reply", text: reply, match: marker, times: 1 }] });
    const fields = { premise: `A lighthouse keeper's last night ${marker}`, theme: "grief", meter: "" };

    const answer = await tryIt(owner.browser, { text: draft, element: "poem", fields });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ answer: reply, ending: "finished", model: "test-model", inputTokens: expect.any(Number), outputTokens: expect.any(Number) });

    const request = await modelRequest(marker);
    const poetry = findToolBySlug("poetry")!;
    const userText = buildRequestText(poetry, findElement(poetry, "poem")!, fields);
    expect(userText).toBe(`Generate Poem.\n\nPremise: A lighthouse keeper's last night ${marker}\nTheme: grief`);
    expect(messagesOf(request)).toEqual([
      { role: "system", text: draft },
      { role: "user", text: userText },
    ]);
    expect([request.model, request.temperature, request.max_tokens]).toEqual(["test-model", 0.7, 2000]);

    expect(await counters(owner.userId)).toEqual(before);
    await expectNothingSaved();
    const state = (await (await sendJson(owner.browser, "GET", PATH)).json()) as { current: string; isDefault: boolean; versions: unknown[] };
    expect(state).toMatchObject({ current: poetryFile, isDefault: true, versions: [] });
    const log = await audits(owner.email);
    expect(log).toEqual([{ action: "prompt.try", admin_email: owner.email, target: "Poetry Assistant", before: null, after: JSON.stringify({ element: "poem" }) }]);
  });

  it("a model that refuses: a clear 502, nothing saved", async () => {
    const owner = await admin();
    const marker = uniqueMarker("TRY");
    await configureStandIn({ faults: [{ kind: "status", status: 400, match: marker, times: 1 }] });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = await tryIt(owner.browser, { text: draftWith(marker), element: "imagery", fields: { premise: marker } });
    logged.mockRestore();
    expect(answer.status).toBe(502);
    expect(answer.body.error).toMatch(/The model did not answer/);
    await expectNothingSaved();
    expect((await audits(owner.email)).map((entry) => entry.action)).toEqual(["prompt.try"]);
  });

  it("without OPENAI_API_KEY: 503 with a clear message, the model is sent nothing, nothing audited", async () => {
    // The module itself, in this test's isolate, with the key taken out of its read configuration.
    const poetry = findToolBySlug("poetry")!;
    const marker = uniqueMarker("TRY");
    const checked = checkTry(poetry, { text: draftWith(marker), element: "imagery", fields: { premise: marker } });
    if (!checked.ok) throw new Error(checked.error);
    const config = getConfig();
    const key = config.OPENAI_API_KEY;
    config.OPENAI_API_KEY = undefined;
    try {
      const owner = { id: "admin-without-key", email: "owner-without-key@example.com" };
      await expect(tryPrompt(owner, poetry, checked.value, new AbortController().signal)).rejects.toMatchObject({ status: 503, error: promptTryTexts.notConfigured });
      expect(await audits(owner.email)).toEqual([]);
    } finally {
      config.OPENAI_API_KEY = key;
    }
    expect(promptTryTexts.notConfigured).toMatch(/OPENAI_API_KEY is not set/);
    expect(await modelRequests(marker)).toEqual([]);
  });

  // Last: saving model settings leaves them in this isolate's cache for up to 30 seconds.
  it("uses the owner's model settings for the tool", async () => {
    const owner = await admin();
    const settings = { model: null, temperature: 1.2, maxOutputTokens: 1_800, contextBudgetTokens: 12_000, perTool: { poetry: { model: "try-owner-model", temperature: 0.25, maxOutputTokens: 640 } } };
    const saved = await owner.browser.post("/admin/settings", {
      intent: "model",
      model: "",
      temperature: String(settings.temperature),
      maxOutputTokens: String(settings.maxOutputTokens),
      contextBudgetTokens: String(settings.contextBudgetTokens),
      perTool: JSON.stringify(settings.perTool),
    });
    expect(saved.status).toBe(200);
    const marker = uniqueMarker("TRY");
    const answer = await tryIt(owner.browser, { text: draftWith(marker), element: "style_tone", fields: { tone: marker } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.model).toBe("try-owner-model");
    const request = await modelRequest(marker);
    expect([request.model, request.temperature, request.max_tokens]).toEqual(["try-owner-model", 0.25, 640]);
    expect(messagesOf(request)[1]).toEqual({ role: "user", text: `Generate Style/Tone suggestions.\n\nTone: ${marker}` });
  });
});
