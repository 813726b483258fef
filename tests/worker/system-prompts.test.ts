/**
 * Where a tool's system prompt comes from: its Markdown file in app/catalog/prompts/ by default,
 * an owner's edit (a `system_prompts` row) when there is one.
 *
 * Each test file gets its own Worker isolate and database, so the Worker's per-isolate prompt
 * cache starts empty here. The cache keeps a prompt for minutes once read (by a generation or by
 * the tool's page): a test that adds a row uses a tool nothing earlier in this file has read.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import proseFile from "../../app/catalog/prompts/fictional_prose_unified.md?raw";
import { SPEC_TOOLS } from "../spec/tables";
import { signUp } from "./support/accounts";
import { execute, makeSubscriber, systemPromptText } from "./support/db";
import { generateOk, messagesOf, modelRequest, uniqueMarker } from "./support/generation";
import { routerData } from "./support/html";

async function subscriber() {
  const { browser, userId } = await signUp();
  await makeSubscriber(userId);
  return browser;
}

/** The system message of the one model request carrying `marker`. */
async function systemMessageFor(marker: string): Promise<string | undefined> {
  const [first] = messagesOf(await modelRequest(marker));
  expect(first?.role).toBe("system");
  return first?.text;
}

describe("system prompts", () => {
  it("migrations leave no seeded rows: the defaults live in files", async () => {
    const { results } = await env.DB.prepare("SELECT query_type FROM system_prompts").all();
    expect(results).toEqual([]);
  });

  it("an owner's row overrides the tool's prompt file", async () => {
    // First in this file to use poetry, so the Worker has not cached its prompt yet.
    const edited = `You are the owner's own poetry editor. ${uniqueMarker("EDIT")}`;
    await execute(
      "INSERT INTO system_prompts (query_type, prompt_text, updated_at) VALUES (?, ?, ?)",
      "poetry_unified",
      edited,
      Date.now(),
    );
    try {
      const browser = await subscriber();
      const marker = uniqueMarker();
      await generateOk(browser, { kind: "initial", tool: "poetry", element: "poem", fields: { premise: marker } });
      expect(await systemMessageFor(marker)).toBe(edited);
      expect(await systemPromptText("poetry_unified")).toBe(edited);
    } finally {
      await execute("DELETE FROM system_prompts WHERE query_type = ?", "poetry_unified");
    }
  });

  it("without an owner's row the model receives the tool's prompt file, byte for byte", async () => {
    const browser = await subscriber();
    const marker = uniqueMarker();
    await generateOk(browser, { kind: "initial", tool: "prose", element: "world", fields: { genre: marker } });
    expect(await systemMessageFor(marker)).toBe(proseFile);
    expect(await systemPromptText("fictional_prose_unified")).toBe(proseFile);
  });

  it("every tool page is ready to generate with no rows at all", async () => {
    expect((await env.DB.prepare("SELECT query_type FROM system_prompts").all()).results).toEqual([]);
    const browser = await subscriber();
    for (const tool of SPEC_TOOLS) {
      const html = await (await browser.get(tool.path)).text();
      const data = routerData(html).loaderData[`tool-${tool.slug}`] as { promptReady: boolean };
      expect(data.promptReady, tool.path).toBe(true);
    }
  });
});
