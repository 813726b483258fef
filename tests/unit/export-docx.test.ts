/**
 * Markdown → .docx: the file is a real Word document (a zip with word/document.xml), its
 * headings use Word's Heading styles, its lists Word numbering (bullets and numbers, nested),
 * its emphasis bold/italic runs, and no word of the answer is lost.
 */
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { conversationDocument } from "~/exports/conversation-document";
import { conversationToDocx, docxBytes, markdownToDocx } from "~/exports/markdown-to-docx";
import type { Document } from "docx";

async function partsOf(document: Document) {
  const files = unzipSync(new Uint8Array(await docxBytes(document)));
  const read = (name: string) => (files[name] ? strFromU8(files[name]!) : "");
  return { names: Object.keys(files), body: read("word/document.xml"), numbering: read("word/numbering.xml"), core: read("docProps/core.xml") };
}

const ENTITIES: Record<string, string> = { "&apos;": "'", "&quot;": '"', "&lt;": "<", "&gt;": ">", "&amp;": "&" };
const unescapeXml = (text: string) => text.replace(/&(?:apos|quot|lt|gt|amp);/g, (entity) => ENTITIES[entity]!);

/** The paragraphs of document.xml, each with its style, list level and text. */
function paragraphs(xml: string) {
  return [...xml.matchAll(/<w:p>([\s\S]*?)<\/w:p>|<w:p [^>]*>([\s\S]*?)<\/w:p>/g)].map((match) => {
    const inner = match[1] ?? match[2] ?? "";
    return {
      style: /<w:pStyle w:val="([^"]+)"/.exec(inner)?.[1] ?? null,
      level: /<w:ilvl w:val="(\d+)"/.exec(inner)?.[1] ?? null,
      numId: /<w:numId w:val="(\d+)"/.exec(inner)?.[1] ?? null,
      text: [...inner.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => unescapeXml(t[1]!)).join(""),
      xml: inner,
    };
  });
}

const ANSWER = `# Dialogue Crafting

*Open choices:* a **feature film**, present day.

## Beats

1. Mara waits
2. Jonah arrives
   - late
   - wet

- A bullet with ***both***
- Another with ~~struck~~ and \`code\`

> Say less than you mean.

---

| Cue | Moment |
| --- | --- |
| LX 1 | Lights up |

\`\`\`
MARA
You're late.
\`\`\`

See [the guide](https://example.com/guide).
`;

describe("Markdown → Word (.docx)", () => {
  it("is a Word package whose document has the headings, lists, emphasis and text", async () => {
    const { names, body, numbering, core } = await partsOf(markdownToDocx(ANSWER, { title: "Dialogue Crafting" }));
    expect(names).toEqual(expect.arrayContaining(["[Content_Types].xml", "word/document.xml", "word/styles.xml", "word/numbering.xml"]));
    expect(core).toContain("<dc:title>Dialogue Crafting</dc:title>");
    const all = paragraphs(body);
    const byText = (text: string) => all.find((p) => p.text === text);

    expect(byText("Dialogue Crafting")?.style).toBe("Heading1");
    expect(byText("Beats")?.style).toBe("Heading2");

    // Numbered items share a list of the "numbered" definition (decimal); nested bullets sit a level deeper.
    const first = byText("Mara waits")!;
    const second = byText("Jonah arrives")!;
    expect(first.numId).not.toBeNull();
    expect(second.numId).toBe(first.numId);
    expect(first.level).toBe("0");
    expect(byText("late")?.level).toBe("1");
    expect(byText("late")?.numId).not.toBe(first.numId);
    expect(numbering).toContain('w:val="decimal"');
    expect(numbering).toContain('w:val="bullet"');

    // Emphasis becomes run properties.
    const open = byText("Open choices: a feature film, present day.")!;
    expect(open.xml).toMatch(/<w:r><w:rPr><w:i\/>(?:<w:iCs\/>)?<\/w:rPr><w:t[^>]*>Open choices:<\/w:t>/);
    expect(open.xml).toMatch(/<w:b\/>(?:<w:bCs\/>)?<\/w:rPr><w:t[^>]*>feature film<\/w:t>/);
    const both = byText("A bullet with both")!;
    expect(both.xml).toMatch(/<w:b\/>(?:<w:bCs\/>)?<w:i\/>(?:<w:iCs\/>)?<\/w:rPr><w:t[^>]*>both/);
    expect(byText("Another with struck and code")!.xml).toContain("<w:strike/>");
    expect(byText("Another with struck and code")!.xml).toContain('w:ascii="Courier New"');

    // Quote, rule, table, code lines and the link's words are all there.
    expect(byText("Say less than you mean.")!.xml).toContain("<w:ind w:left=\"720\"");
    expect(all.some((p) => /<w:pBdr><w:bottom /.test(p.xml))).toBe(true);
    expect(body).toContain("<w:tbl>");
    expect(byText("LX 1")).toBeTruthy();
    expect(byText("Lights up")).toBeTruthy();
    expect(byText("You're late.")!.xml).toContain('w:ascii="Courier New"');
    expect(body).toContain("<w:hyperlink");
    expect(byText("See the guide.")).toBeTruthy();
  });

  it("a numbered list after another starts again at 1 (its own list instance)", async () => {
    const { body } = await partsOf(markdownToDocx("1. one\n2. two\n\nBetween.\n\n1. again\n", { title: "Lists" }));
    const all = paragraphs(body);
    const one = all.find((p) => p.text === "one")!;
    const again = all.find((p) => p.text === "again")!;
    expect(one.numId).not.toBeNull();
    expect(again.numId).not.toBeNull();
    expect(again.numId).not.toBe(one.numId);
  });

  it("keeps line breaks inside a paragraph (verse, script lines)", async () => {
    const { body } = await partsOf(markdownToDocx("Roses\nare red", { title: "Verse" }));
    const verse = paragraphs(body).find((p) => p.text === "Rosesare red")!;
    expect(verse.xml).toMatch(/Roses<\/w:t><\/w:r><w:r><w:br\/><w:t[^>]*>are red/);
  });

  it("a conversation: title, date, each writer turn quoted and each answer under its heading", async () => {
    const conversation = conversationDocument(
      {
        label: "World description",
        createdAt: "2026-03-04T10:00:00.000Z",
        turns: [
          { role: "user", content: "Generate World description.\n\nGenre: dark fantasy", status: "complete" },
          { role: "assistant", content: "# World description\n\nA drowned city.", status: "complete" },
          { role: "user", content: "Make it colder", status: "complete" },
          { role: "assistant", content: "# Revision\n\nIce on the canals.", status: "stopped" },
        ],
      },
      { locale: "en-US", timeZone: "UTC" },
    );
    const { body } = await partsOf(conversationToDocx(conversation));
    const all = paragraphs(body);
    expect(all[0]).toMatchObject({ style: "Title", text: "World description" });
    expect(all[1]!.text).toBe("March 4, 2026 at 10:00 AM");
    const headings = all.filter((p) => p.style?.startsWith("Heading")).map((p) => [p.style, p.text]);
    expect(headings).toEqual([
      ["Heading1", "Prompt"],
      ["Heading1", "Response"],
      ["Heading2", "World description"],
      ["Heading1", "Follow-up 1"],
      ["Heading1", "Response"],
      ["Heading2", "Revision"],
    ]);
    const ask = all.find((p) => p.text.startsWith("Generate World description."))!;
    expect(ask.xml).toContain("<w:i/>");
    expect(ask.xml).toContain('<w:ind w:left="720"');
    expect(all.find((p) => p.text === "Make it colder")!.xml).toContain('<w:ind w:left="720"');
    expect(all.some((p) => p.text === "Ice on the canals.")).toBe(true);
    expect(all.some((p) => p.text === "Stopped before the end.")).toBe(true);
  });
});
