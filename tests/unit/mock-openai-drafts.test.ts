/** The stand-in's answers to "Work on my draft" (tests/mocks/openai-drafts.ts). */
import { describe, expect, it } from "vitest";
import { buildDraftRequestText, commonDraftActions, toolDraftActions } from "../../app/catalog/draft-actions.ts";
import { diffParts } from "../../app/components/revisions/word-diff.ts";
import { composeAnswer } from "../mocks/openai.ts";
import { draftAnswer, parseDraftRequest, reviseDraft } from "../mocks/openai-drafts.ts";

const PASSAGE = "The rain fell down on the the old town.\n\nShe walked very slowly to the station and looked at the big clock. It was really late.";
const action = (value: string) => [...commonDraftActions, ...Object.values(toolDraftActions)].find((candidate) => candidate.value === value)!;

describe("draft requests", () => {
  it("reads the instruction and the passage back from the app's request text", () => {
    const request = parseDraftRequest(buildDraftRequestText(action("line-edit"), `  ${PASSAGE}\n`));
    expect(request).toEqual({ instruction: action("line-edit").instruction, passage: PASSAGE, revisedOnly: true });
    expect(parseDraftRequest(buildDraftRequestText(action("critique"), PASSAGE))?.revisedOnly).toBe(false);
    expect(parseDraftRequest("Generate Poem.\n\nMood: calm")).toBeNull();
  });

  it("line-edits deterministically: doubled words, weak words and filler, capitals kept", () => {
    expect(reviseDraft(PASSAGE)).toBe(
      "The rain fell on the old town.\n\nShe strode slowly to the station and studied the vast clock. It was late.",
    );
    expect(reviseDraft("Very good work.")).toBe("Fine work.");
    expect(reviseDraft(PASSAGE)).toBe(reviseDraft(PASSAGE));
  });

  it("tightens harder than a line edit, and never returns the passage unchanged", () => {
    expect(reviseDraft("It was quite a rather long day.", { tighten: true })).toBe("It was a long day.");
    expect(reviseDraft("Nothing to fix here.")).toBe("Nothing to fix here. Nothing else moved.");
  });

  it("a tracked action's answer is the revision alone, with several insertions and deletions", () => {
    const answer = composeAnswer([
      { role: "system", text: "You are an editor." },
      { role: "user", text: buildDraftRequestText(action("line-edit"), PASSAGE) },
    ]);
    expect(answer).toEqual({ body: reviseDraft(PASSAGE), footer: "" });
    const changes = diffParts(PASSAGE, answer.body).filter((part) => part.kind === "change");
    expect(changes.length).toBeGreaterThanOrEqual(5);
    expect(changes.some((part) => part.added && part.removed)).toBe(true);
    expect(changes.some((part) => !part.added && part.removed)).toBe(true);
  });

  it("other actions get notes that quote the passage, with the usual footer", () => {
    const answer = composeAnswer([{ role: "user", text: buildDraftRequestText(action("scansion"), PASSAGE) }]);
    expect(answer.body.startsWith("# Notes on your passage\n\n> The rain fell down on the the old town.\n\n")).toBe(true);
    expect(answer.body).toContain("You asked me to scan the poem line by line. The passage runs to 26 words in 2 paragraphs.");
    expect(answer.footer).toContain("Demo response from the local stand-in model.");
    expect(draftAnswer(buildDraftRequestText(action("critique"), PASSAGE))?.revisionOnly).toBe(false);
  });
});
