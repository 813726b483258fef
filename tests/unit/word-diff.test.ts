import { describe, expect, it } from "vitest";
import { applyDecisions, changeCount, type Decision } from "../../app/components/revisions/diff-parts";
import { diffParts } from "../../app/components/revisions/word-diff";

describe("word diff", () => {
  const before = "The rain fell down on the the old town, and she was very sad.";
  const after = "Rain fell on the old town, and she grieved.";

  it("splits into unchanged runs and changes (a replacement is one change)", () => {
    const parts = diffParts(before, after);
    expect(parts.map((part) => (part.kind === "same" ? part.text : `[${part.removed}→${part.added}]`)).join("")).toBe(
      "[The→Rain] [rain →]fell [down →]on the [the →]old town, and she [was very sad→grieved].",
    );
    expect(changeCount(parts)).toBe(5);
  });

  it("accepting everything gives the revision, rejecting everything the original", () => {
    const parts = diffParts(before, after);
    const all = (decision: Decision) => new Map(parts.flatMap((part) => (part.kind === "change" ? [[part.id, decision] as const] : [])));
    expect(applyDecisions(parts, new Map())).toBe(after);
    expect(applyDecisions(parts, all("accepted"))).toBe(after);
    expect(applyDecisions(parts, all("rejected"))).toBe(before);
  });

  it("decisions apply change by change", () => {
    const parts = diffParts(before, after);
    const ids = parts.flatMap((part) => (part.kind === "change" ? [part.id] : []));
    const decisions = new Map<number, Decision>([[ids[0]!, "rejected"], [ids[1]!, "rejected"], [ids[4]!, "rejected"]]);
    expect(applyDecisions(parts, decisions)).toBe("The rain fell on the old town, and she was very sad.");
  });

  it("identical texts have no changes", () => {
    expect(changeCount(diffParts(after, after))).toBe(0);
  });
});
