/**
 * The request text the model receives for every element of every tool (spec sections 4 and 5):
 * 'Generate {element label}.' then, when any of the element's fields is non-empty after
 * trimming, a blank line and one 'Label: value' line per filled field in the element's field
 * order. Read back from the stand-in model (`lastRequest`), matched by a marker in a field value.
 */
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { type Browser } from "./support/browser";
import { conversationRow, makeSubscriber, systemPromptText } from "./support/db";
import { generateOk, messagesOf, modelRequest, uniqueMarker } from "./support/generation";
import { eventually } from "./support/wait";
import { SPEC_TOOLS, type SpecElement, type SpecTool } from "../spec/tables";

/**
 * Generates once and checks everything the model received: model and sampling settings, the
 * tool's system prompt first, then exactly the expected request text. Returns the saved row.
 */
async function expectRequestText(
  browser: Browser,
  tool: SpecTool,
  element: SpecElement,
  fields: Record<string, string>,
  expected: string,
  marker: string | null,
) {
  const generation = await generateOk(browser, { kind: "initial", tool: tool.slug, element: element.value, fields });
  // The exchange is saved with the same request text, under the start event's conversation id.
  const row = await eventually(() => conversationRow(generation.conversationId));
  expect(row).toMatchObject({ query_type: tool.queryType, element: element.value, query_text: expected });
  if (marker === null) return;

  const sent = await modelRequest(marker);
  expect(sent).toMatchObject({ model: "test-model", temperature: 0.7, max_tokens: 2000, stream: true });
  expect(messagesOf(sent)).toEqual([
    { role: "system", text: await systemPromptText(tool.systemPromptKey) },
    { role: "user", text: expected },
  ]);
}

// The spec's tables, not the catalog: the test states what the spec requires.
describe.concurrent.each(SPEC_TOOLS)("request text for $slug", (tool) => {
  // One subscriber per tool (never charged; the per-account generation limit is 30 a minute).
  let browserPromise: Promise<Browser> | undefined;
  const subscriber = () =>
    (browserPromise ??= signUp().then(async ({ browser, userId }) => {
      await makeSubscriber(userId);
      return browser;
    }));

  it.each(tool.elements)("$value ($label): every field filled, trimmed, in the element's order", async (element) => {
    const browser = await subscriber();
    const marker = uniqueMarker();
    // Sent in reverse order, padded with whitespace, with a non-ASCII character and an inner newline.
    const values = element.fields.map((field, index) => [field, `  \t${marker} ${field} “café” ${index}\nline two \n `]);
    const fields = Object.fromEntries([...values].reverse());
    const lines = values.map(([field, value]) => `${tool.fieldLabels[field!]}: ${value!.trim()}`);
    const expected = `Generate ${element.label}.\n\n${lines.join("\n")}`;
    await expectRequestText(browser, tool, element, fields, expected, marker);
  });

  it.each(tool.elements)("$value: empty and whitespace-only fields are left out", async (element) => {
    const browser = await subscriber();
    const marker = uniqueMarker();
    const fields: Record<string, string> = {};
    const lines: string[] = [];
    element.fields.forEach((field, index) => {
      if (index % 2 === 0) {
        fields[field] = ` ${marker}-${field} `;
        lines.push(`${tool.fieldLabels[field]}: ${marker}-${field}`);
      } else {
        fields[field] = index % 4 === 1 ? "" : " \n\t ";
      }
    });
    const expected = `Generate ${element.label}.\n\n${lines.join("\n")}`;
    await expectRequestText(browser, tool, element, fields, expected, marker);
  });

  it.each(tool.elements)("$value: no details at all is just the 'Generate' line", async (element) => {
    const browser = await subscriber();
    // Nothing unique reaches the model here, so the saved request text stands in for it.
    const blanks = Object.fromEntries(element.fields.map((field) => [field, "   "]));
    await expectRequestText(browser, tool, element, blanks, `Generate ${element.label}.`, null);
  });
});
