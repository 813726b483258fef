/**
 * The project's downloads (issue 13, "Export and import"): the .zip holds a README, bible.md and
 * every conversation as a Markdown file with front matter, each at a safe, unique path; the
 * bible's .docx is a Word document with the sections and entries as headings.
 */
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { markdownFileContent } from "~/history/export";
import type { BundleBible } from "~/projects/bundle/bible-format";
import { bibleDocx } from "~/projects/bundle/bible-docx";
import { bibleToMarkdown } from "~/projects/bundle/bible-markdown";
import { conversationMarkdown, type BundleConversation } from "~/projects/bundle/conversation-file";
import { readFrontMatter } from "~/projects/bundle/front-matter";
import { projectZip } from "~/projects/bundle/project-zip";

const bible: BundleBible = {
  project: {
    title: "The Lock House",
    logline: "A keeper inherits a haunted lock.",
    kind: "novel",
    synopsis: "Agnes returns to the weir.",
    genreTone: "Gothic.",
    setting: "",
    styleNotes: "",
    styleSample: "",
  },
  entries: [
    { kind: "character", name: "Agnes Pell", aliases: ["Aggie"], description: "Retired lock-keeper.\n\n# Her rule", notes: "Secret.", alwaysInclude: true },
  ],
};

const conversation = (title: string, queryType = "prose", createdAt = "2026-03-04T23:30:00.000Z"): BundleConversation => ({
  queryType,
  label: "Story outline",
  title,
  starred: true,
  createdAt,
  turns: [
    { role: "user", content: "Outline the lock.", status: "complete" },
    { role: "assistant", content: "## Act one\n\nAgnes arrives.", status: "stopped" },
  ],
});

describe("a conversation in the bundle", () => {
  it("front matter says what it is; the body is the history page's Markdown download", () => {
    const thread = conversation('Agnes: "the lock" — act one');
    const file = conversationMarkdown(thread, { projectTitle: "The Lock House", timeZone: "Europe/Berlin" });
    const lines = file.split("\n");
    const front = readFrontMatter(lines);
    expect(Object.fromEntries(front.fields)).toEqual({
      title: 'Agnes: "the lock" — act one',
      tool: "Fictional Prose",
      element: "Story outline",
      created: "2026-03-04T23:30:00.000Z",
      starred: true,
      project: "The Lock House",
    });
    const body = lines.slice(front.bodyStart + 1).join("\n");
    expect(body).toBe(markdownFileContent(thread, "en-US", "Europe/Berlin"));
    // The writer's time zone: 23:30 UTC is already the 5th in Berlin.
    expect(body).toContain("March 5, 2026");
  });
});

describe("the project .zip", () => {
  it("holds the README, bible.md and each conversation at a safe, unique path", () => {
    const zip = projectZip({
      bible,
      conversations: [
        conversation("Act one"),
        conversation("Act one"),
        conversation("ACT ONE"),
        conversation("../../etc/passwd"),
        conversation("***"),
        conversation("Dialogue", "stage"),
        conversation("Gone tool", "retired_tool"),
      ],
      exportedAt: new Date("2026-03-05T12:00:00Z"),
    });
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual([
      "README.md",
      "bible.md",
      "conversations/other/2026-03-04-gone-tool.md",
      "conversations/prose/2026-03-04-act-one-2.md",
      "conversations/prose/2026-03-04-act-one-3.md",
      "conversations/prose/2026-03-04-act-one.md",
      "conversations/prose/2026-03-04-etc-passwd.md",
      "conversations/prose/2026-03-04-untitled.md",
      "conversations/stage/2026-03-04-dialogue.md",
    ]);
    expect(strFromU8(files["bible.md"]!)).toBe(bibleToMarkdown(bible));
    const readme = strFromU8(files["README.md"]!);
    expect(readme).toContain("# The Lock House");
    expect(readme).toContain("Exported from The Write Stuff on March 5, 2026");
    expect(readme).toContain("1 entry");
    expect(readme).toContain("7 conversations");
    expect(strFromU8(files["conversations/stage/2026-03-04-dialogue.md"]!)).toMatch(/^---\ntitle: "Dialogue"\ntool: "Stage & Screen"/);
  });
});

const ENTITIES: Record<string, string> = { "&apos;": "'", "&quot;": '"', "&lt;": "<", "&gt;": ">", "&amp;": "&" };

describe("the bible as .docx", () => {
  it("is a Word document: title, sections and entries as headings, the writer's # lines as text", async () => {
    const files = unzipSync(new Uint8Array(await bibleDocx(bible)));
    const xml = strFromU8(files["word/document.xml"]!);
    const paragraphs = [...xml.matchAll(/<w:p>([\s\S]*?)<\/w:p>|<w:p [^>]*>([\s\S]*?)<\/w:p>/g)].map((match) => {
      const inner = match[1] ?? match[2] ?? "";
      const text = [...inner.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]!.replace(/&(?:apos|quot|lt|gt|amp);/g, (e) => ENTITIES[e]!)).join("");
      return [/<w:pStyle w:val="([^"]+)"/.exec(inner)?.[1] ?? null, text];
    });
    expect(paragraphs).toEqual(
      expect.arrayContaining([
        ["Heading1", "The Lock House"],
        ["Heading2", "Synopsis"],
        [null, "Agnes returns to the weir."],
        ["Heading2", "Entries"],
        ["Heading3", "Agnes Pell"],
        [null, "# Her rule"],
        ["Heading4", "Private notes"],
        [null, "Secret."],
      ]),
    );
    expect(strFromU8(files["docProps/core.xml"]!)).toContain("The Lock House");
  });
});
