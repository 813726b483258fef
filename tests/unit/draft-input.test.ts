/** The draft form's checks and summary, a saved draft's source, and "Accept all". */
import { describe, expect, it } from "vitest";
import { DRAFT_PASSAGE_DETAIL, draftSourceOf, MAX_DRAFT_CHARS } from "../../app/catalog/draft-actions";
import { draftProblem, overLimit, passageStart, passageStorageKey } from "../../app/components/tool/draft-input";
import { draftTexts } from "../../app/messages/tools";
import { acceptOpen, applyDecisions, type DiffPart } from "../../app/components/revisions/diff-parts";

describe("the passage's checks", () => {
  it("asks for a passage when there is none", () => {
    expect(draftProblem("")).toBe(draftTexts.empty);
    expect(draftProblem(" \n\t ")).toBe(draftTexts.empty);
    expect(overLimit("   ")).toBe(false);
  });

  it("refuses more than 20,000 characters or 3,000 words, and accepts up to both", () => {
    expect(draftProblem("x".repeat(MAX_DRAFT_CHARS))).toBeNull();
    expect(draftProblem("x".repeat(MAX_DRAFT_CHARS + 1))).toBe(draftTexts.tooLong);
    expect(draftProblem("word ".repeat(3_000))).toBeNull();
    expect(draftProblem("word ".repeat(3_001))).toBe(draftTexts.tooLong);
    expect(overLimit("word ".repeat(3_001))).toBe(true);
    expect(overLimit("A short passage.")).toBe(false);
  });
});

describe("the folded summary", () => {
  it("shows the first eight words on one line, with an ellipsis only when there are more", () => {
    expect(passageStart("  The rain fell\n\ndown on the the old town. She walked.")).toBe("The rain fell down on the the old…");
    expect(passageStart("Just four words here")).toBe("Just four words here");
    expect(passageStart("one two three", 2)).toBe("one two…");
  });

  it("keeps each tool's unsent passage apart", () => {
    expect(passageStorageKey("prose")).not.toBe(passageStorageKey("poetry"));
  });
});

describe("a saved draft's source", () => {
  it("is the action and the passage kept in the details", () => {
    expect(draftSourceOf("poetry", "draft:scansion", { [DRAFT_PASSAGE_DETAIL]: "Shall I compare thee" })).toEqual({
      action: "scansion",
      passage: "Shall I compare thee",
    });
    // Rows saved before the passage was kept: the action is known, the passage is not.
    expect(draftSourceOf("prose", "draft:line-edit", {})).toEqual({ action: "line-edit", passage: "" });
  });

  it("is null for a Generate conversation, an unknown action or another tool's own action", () => {
    expect(draftSourceOf("prose", "outline", { genre: "noir" })).toBeNull();
    expect(draftSourceOf("prose", null, {})).toBeNull();
    expect(draftSourceOf("prose", "draft:rewrite-everything", {})).toBeNull();
    expect(draftSourceOf("prose", "draft:scansion", {})).toBeNull();
  });
});

describe("Accept all", () => {
  const parts: DiffPart[] = [
    { kind: "same", text: "She " },
    { kind: "change", id: 1, removed: "walked", added: "strode" },
    { kind: "same", text: " to the " },
    { kind: "change", id: 2, removed: "big ", added: "" },
    { kind: "change", id: 3, removed: "", added: "old " },
    { kind: "same", text: "clock." },
  ];

  it("accepts every open change and leaves a rejected one rejected", () => {
    const decisions = acceptOpen(parts, new Map([[1, "rejected"]]));
    expect([...decisions.entries()].sort()).toEqual([
      [1, "rejected"],
      [2, "accepted"],
      [3, "accepted"],
    ]);
    expect(applyDecisions(parts, decisions)).toBe("She walked to the old clock.");
  });
});
