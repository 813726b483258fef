/**
 * The downloads as built in the browser: an answer's files (named from its title) and a
 * conversation's (the spec's .txt and the history page's .md unchanged, .docx and .fountain
 * named the same way); plain text without Markdown; .fountain only for Stage & Screen.
 */
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { answerFileName, buildExport } from "~/exports/build-export";
import { markdownToText } from "~/exports/markdown-to-text";
import { isScreenplayTool } from "~/exports/screenplay";
import { markdownFileContent, textFileContent } from "~/history/export";
import type { HistoryThread } from "~/history/types";

const thread: HistoryThread = {
  id: "c1",
  queryType: "stage",
  label: "Dialogue Crafting",
  title: "Dialogue Crafting",
  starred: false,
  element: "dialogue",
  details: {},
  mode: "generate",
  createdAt: "2026-03-04T10:00:00.000Z",
  continuePath: "/stage-screen",
  turns: [
    { role: "user", content: "Generate Dialogue Crafting.", status: "complete" },
    { role: "assistant", content: "**INT. FLAT – DAY**\n\n**ANNA**\nIt's yours.", status: "complete" },
  ],
};

describe("building a download", () => {
  it("names an answer's file from its title", () => {
    expect(answerFileName("Dialogue Crafting", "docx")).toBe("dialogue-crafting.docx");
    expect(answerFileName("Café · Scène 2!", "md")).toBe("cafe-scene-2.md");
    expect(answerFileName("***", "txt")).toBe("answer.txt");
    expect(answerFileName("x".repeat(100), "md")).toBe(`${"x".repeat(60)}.md`);
  });

  it("an answer: Markdown as written, plain text without syntax, Word and Fountain", async () => {
    const source = { kind: "answer", title: "Scene", markdown: "## Beats\n\n- **One** *two*\n\n1. three" } as const;
    const md = await buildExport(source, "md");
    expect(md.name).toBe("scene.md");
    expect(md.blob.type).toBe("text/markdown;charset=utf-8");
    expect(await md.blob.text()).toBe("## Beats\n\n- **One** *two*\n\n1. three\n");
    expect(await (await buildExport(source, "txt")).blob.text()).toBe("Beats\n\n- One two\n\n1. three\n");
    const docx = await buildExport(source, "docx");
    expect(docx.name).toBe("scene.docx");
    const files = unzipSync(new Uint8Array(await docx.blob.arrayBuffer()));
    expect(strFromU8(files["word/document.xml"]!)).toContain("Beats");
    expect(await (await buildExport(source, "fountain")).blob.text()).toBe("Title: Scene\n\n## Beats\n\n- **One** *two*\n\n1. three\n");
  });

  it("a conversation: the history page's .txt and .md unchanged; .docx and .fountain named alike", async () => {
    const source = { kind: "conversation", thread } as const;
    const txt = await buildExport(source, "txt");
    expect(txt.name).toMatch(/^stage_\d{1,2}-\d{1,2}-\d{4}\.txt$/);
    expect(await txt.blob.text()).toBe(textFileContent(thread));
    const md = await buildExport(source, "md");
    expect(await md.blob.text()).toBe(markdownFileContent(thread));
    const base = txt.name.replace(/\.txt$/, "");
    expect((await buildExport(source, "docx")).name).toBe(`${base}.docx`);
    const fountain = await buildExport(source, "fountain");
    expect(fountain.name).toBe(`${base}.fountain`);
    expect(await fountain.blob.text()).toContain("INT. FLAT - DAY\n\nANNA\nIt's yours.");
  });

  it("plain text keeps the shape: headings, nested lists, quotes, tables, code", () => {
    const text = markdownToText("# Title\n\n- a\n  - b\n\n> quoted *line*\n\n| A | B |\n| - | - |\n| 1 | 2 |\n\n```\ncode\n```\n\n---\n");
    expect(text).toBe("Title\n\n- a\n  - b\n\n> quoted line\n\nA\tB\n1\t2\n\ncode\n\n* * *\n");
  });

  it("Fountain is offered for Stage & Screen only, however the tool is named", () => {
    for (const key of ["stage-screen", "stage", "stage_screen_unified", "dialogue_crafting"]) expect(isScreenplayTool(key), key).toBe(true);
    for (const key of ["prose", "poetry", "poetry_unified", "unknown"]) expect(isScreenplayTool(key), key).toBe(false);
  });
});
