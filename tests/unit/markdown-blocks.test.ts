import { describe, expect, it } from "vitest";
import { splitMarkdownBlocks } from "~/components/markdown/blocks";

describe("markdown blocks for streaming", () => {
  it("splits at blank lines", () => {
    expect(splitMarkdownBlocks("# Title\n\nFirst para\nstill first\n\n\n- a\n- b")).toEqual([
      "# Title",
      "First para\nstill first",
      "- a\n- b",
    ]);
  });

  it("never splits inside a code fence", () => {
    const text = "Intro\n\n```\ncode line\n\nmore code\n```\n\nAfter";
    expect(splitMarkdownBlocks(text)).toEqual(["Intro", "```\ncode line\n\nmore code\n```", "After"]);
  });

  it("keeps an indented continuation with the list item it belongs to", () => {
    expect(splitMarkdownBlocks("1. First point\n\n    More about it\n\nNext para")).toEqual([
      "1. First point\n\n    More about it",
      "Next para",
    ]);
  });

  it("keeps finished blocks identical as the stream grows, so they stay memoised", () => {
    const full = "## A\n\nalpha beta\n\n## B\n\ngamma delta epsilon";
    let previous: string[] = [];
    for (let i = 1; i <= full.length; i++) {
      const blocks = splitMarkdownBlocks(full.slice(0, i));
      // Every block but the last two (the last may still grow; a blank line may just have ended it).
      for (let b = 0; b < previous.length - 1; b++) expect(blocks[b]).toBe(previous[b]);
      previous = blocks;
    }
  });
});
