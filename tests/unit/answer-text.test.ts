/** What "Copy text" puts on the clipboard, and how an answer's length is stated. */
import { describe, expect, it } from "vitest";
import { markdownToPlainText } from "~/components/markdown/plain-text";
import { countWords, readingMinutes } from "~/components/tool/answer-stats";
import { answerTexts } from "~/messages/tools";

describe("an answer as plain text", () => {
  it("drops the syntax and keeps the shape: paragraphs, lists, line breaks", () => {
    const markdown = "# The Tide Clock\n\nSome **bold** and _soft_ words.\n\n- one\n- two\n\n1. first\n2. second\n\nSee [the map](https://example.com/map).";
    expect(markdownToPlainText(markdown)).toBe(
      "The Tide Clock\n\nSome bold and soft words.\n\n- one\n- two\n\n1. first\n2. second\n\nSee the map.",
    );
  });

  it("keeps a poem's single line breaks and a quote's words", () => {
    expect(markdownToPlainText("> Salt in the *hinges*,  \n> rust on the bell\n\n---\n\nEnd")).toBe(
      "Salt in the hinges,\nrust on the bell\n\nEnd",
    );
  });

  it("writes a table as tab-separated rows and code as it is", () => {
    expect(markdownToPlainText("| Act | Beat |\n| --- | --- |\n| I | *Flood* |\n\n```\nINT. TOWER\n```")).toBe(
      "Act\tBeat\nI\tFlood\n\nINT. TOWER",
    );
  });

  it("keeps the words of inline HTML but not its tags, and gives an image its alt text", () => {
    expect(markdownToPlainText("<b>x</b>\n\n<div>\n\n![A lighthouse](https://example.com/a.png)")).toBe("x\n\nA lighthouse");
  });
});

describe("word count and reading time", () => {
  it("counts words, not Markdown syntax or link targets", () => {
    expect(countWords("# The Tide Clock\n\n- **one** two\n\nSee [the map](https://example.com/map).")).toBe(8);
    expect(countWords("don't stop — it’s twenty-one")).toBe(4);
    expect(countWords("### ---")).toBe(0);
  });

  it("reads at 238 words a minute, never less than a minute for any text", () => {
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(12)).toBe(1);
    expect(readingMinutes(412)).toBe(2);
    expect(answerTexts.stats(412, readingMinutes(412))).toBe("412 words · 2 min read");
    expect(answerTexts.stats(1, 1)).toBe("1 word · 1 min read");
  });
});
