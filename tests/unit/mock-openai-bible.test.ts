import { describe, expect, it } from "vitest";
import { buildDraftRequestText, commonDraftActions } from "~/catalog/draft-actions";
import type { BibleEntry } from "~/projects/bible";
import { assembleContext } from "~/projects/context";
import { receivedBible } from "../mocks/openai-bible.ts";
import { composeAnswer } from "../mocks/openai.ts";

const SECRET = "NOTES-ONLY-5b1e";
const entries: BibleEntry[] = [
  { id: "1", kind: "character", name: "Agnes Pell", aliases: ["Aggie"], description: "Lock-keeper.", notes: SECRET, alwaysInclude: false },
  { id: "2", kind: "place", name: "The Lock House", aliases: [], description: "By the weir.", notes: SECRET, alwaysInclude: true },
  { id: "3", kind: "character", name: "Tom", aliases: [], description: "Ferryman.", notes: SECRET, alwaysInclude: false },
];
const ask = "Generate Scene.\n\nCharacters: Aggie at dusk";
const { block } = assembleContext({ project: { title: "Canal Days", styleNotes: "Plain words." }, entries, texts: [ask] });
const system = { role: "system", text: "You are a fiction editor." };
const answer = (messages: { role: string; text: string }[]) => {
  const { body, footer } = composeAnswer(messages);
  return body + footer;
};

describe("the stand-in model and the project context block", () => {
  it("lists the sections and entries it received, in the answer", () => {
    const text = answer([system, { role: "system", text: block! }, { role: "user", text: ask }]);
    expect(text).toContain(
      "## From your story bible\n\nProject: Canal Days\n\n- Style notes\n- Character: Agnes Pell\n- Place: The Lock House\n\n",
    );
    expect(text).not.toContain("Tom");
    expect(text).not.toContain(SECRET);
    // Still the system prompt's echo: the block comes after it.
    expect(text).toContain('_System prompt: "You are a fiction editor."_');
  });

  it("finds the block appended to the system prompt too, and in follow-ups", () => {
    const joined = { role: "system", text: `${system.text}\n\n${block}` };
    expect(receivedBible([joined, { role: "user", text: ask }])?.items).toEqual([
      "Style notes",
      "Character: Agnes Pell",
      "Place: The Lock House",
    ]);
    const followUp = answer([joined, { role: "user", text: ask }, { role: "assistant", text: "A scene." }, { role: "user", text: "Shorter" }]);
    expect(followUp).toContain("## From your story bible");
  });

  it("answers exactly as before without a block", () => {
    const text = answer([system, { role: "user", text: ask }]);
    expect(text).not.toContain("story bible");
    expect(receivedBible([system, { role: "user", text: ask }])).toBeNull();
  });

  it("keeps a tracked-changes revision to the revised passage alone", () => {
    const lineEdit = commonDraftActions.find((action) => action.value === "line-edit")!;
    const request = buildDraftRequestText(lineEdit, "The the rain fell.");
    const { body, footer } = composeAnswer([system, { role: "system", text: block! }, { role: "user", text: request }]);
    expect(body).not.toContain("story bible");
    expect(footer).toBe("");
  });
});
