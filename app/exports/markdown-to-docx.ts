/**
 * Markdown → a real Word document (the `docx` library): headings with Word's Heading styles,
 * paragraphs, bold/italic/strikethrough runs, bullet and numbered lists (nested), block quotes,
 * code in a monospaced font, thematic breaks, tables and links. Line breaks inside a paragraph
 * are kept, as the page shows them (remark-breaks), so scripts and verse keep their lines.
 *
 * This module and `docx` are loaded only when a writer asks for a .docx (dynamic import).
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from "docx";
import type { List, PhrasingContent, RootContent, Table as MdTable } from "mdast";
import type { ConversationDocument } from "./conversation-document";
import { parseMarkdown, phrasingText } from "./markdown-tree";

export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const NUMBERED = "numbered";
const MONO = "Courier New";
const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

type Block = Paragraph | Table;
type Marks = { bold?: boolean; italics?: boolean; strike?: boolean; code?: boolean };
/** Where a block sits: heading shift (a conversation's answers sit under its own headings), quote depth, list instances. */
type Context = { headingOffset: number; quote: number; lists: { next: number } };

function textRuns(value: string, marks: Marks): TextRun[] {
  return value.split("\n").map(
    (line, index) =>
      new TextRun({
        text: line,
        break: index > 0 ? 1 : undefined,
        // Only marks that are on: `false` would write explicit "off" properties into every run.
        bold: marks.bold || undefined,
        italics: marks.italics || undefined,
        strike: marks.strike || undefined,
        font: marks.code ? MONO : undefined,
      }),
  );
}

const SAFE_LINK = /^(?:https?:|mailto:)/i;

function inlineRuns(nodes: readonly PhrasingContent[], marks: Marks = {}): ParagraphChild[] {
  return nodes.flatMap((node): ParagraphChild[] => {
    switch (node.type) {
      case "text":
        return textRuns(node.value, marks);
      case "strong":
        return inlineRuns(node.children, { ...marks, bold: true });
      case "emphasis":
        return inlineRuns(node.children, { ...marks, italics: true });
      case "delete":
        return inlineRuns(node.children, { ...marks, strike: true });
      case "inlineCode":
        return textRuns(node.value, { ...marks, code: true });
      case "break":
        return [new TextRun({ break: 1 })];
      case "link":
        return SAFE_LINK.test(node.url)
          ? [new ExternalHyperlink({ link: node.url, children: [new TextRun({ text: phrasingText(node.children), style: "Hyperlink" })] })]
          : inlineRuns(node.children, marks);
      case "image":
        return textRuns(node.alt ?? "", marks);
      case "html":
        return textRuns(node.value, marks);
      default:
        return "children" in node ? inlineRuns(node.children as PhrasingContent[], marks) : [];
    }
  });
}

const quoteIndent = (context: Context) => (context.quote > 0 ? { indent: { left: 720 * context.quote } } : {});
const quoteBorder = (context: Context) =>
  context.quote > 0 ? { border: { left: { style: BorderStyle.SINGLE, size: 12, space: 12, color: "999999" } } } : {};

function listBlocks(list: List, context: Context, level: number): Block[] {
  const instance = context.lists.next++;
  return list.children.flatMap((item) =>
    item.children.flatMap((child, index): Block[] => {
      if (child.type === "list") return listBlocks(child, context, level + 1);
      if (child.type !== "paragraph" || index > 0) return blocksOf([child], context);
      const check = item.checked === true ? "☑ " : item.checked === false ? "☐ " : "";
      const children = [...(check ? [new TextRun(check)] : []), ...inlineRuns(child.children, { italics: context.quote > 0 })];
      return [
        new Paragraph({
          children,
          ...(list.ordered ? { numbering: { reference: NUMBERED, level, instance } } : { bullet: { level } }),
        }),
      ];
    }),
  );
}

function tableBlock(table: MdTable): Table {
  const rows = table.children.map(
    (row, rowIndex) =>
      new TableRow({
        tableHeader: rowIndex === 0,
        children: row.children.map(
          (cell) =>
            new TableCell({ children: [new Paragraph({ children: inlineRuns(cell.children, { bold: rowIndex === 0 }) })] }),
        ),
      }),
  );
  return new Table({ rows, width: { size: 100, type: WidthType.PERCENTAGE } });
}

function codeBlocks(value: string, context: Context): Paragraph[] {
  return value.split("\n").map(
    (line) =>
      new Paragraph({
        children: [new TextRun({ text: line, font: MONO })],
        shading: { type: "clear", fill: "F2F2F2", color: "auto" },
        spacing: { after: 0 },
        ...quoteIndent(context),
      }),
  );
}

function blocksOf(nodes: readonly RootContent[], context: Context): Block[] {
  return nodes.flatMap((node): Block[] => {
    switch (node.type) {
      case "heading":
        return [new Paragraph({ heading: HEADINGS[Math.min(node.depth + context.headingOffset, 6) - 1], children: inlineRuns(node.children) })];
      case "paragraph":
        return [new Paragraph({ children: inlineRuns(node.children, { italics: context.quote > 0 }), ...quoteIndent(context), ...quoteBorder(context) })];
      case "list":
        return listBlocks(node, context, 0);
      case "blockquote":
        return blocksOf(node.children, { ...context, quote: context.quote + 1 });
      case "code":
        return codeBlocks(node.value, context);
      case "thematicBreak":
        return [new Paragraph({ thematicBreak: true })];
      case "table":
        return [tableBlock(node)];
      case "html":
        return [new Paragraph({ children: textRuns(node.value, {}) })];
      default:
        return [];
    }
  });
}

/** The blocks of one Markdown text; `headingOffset` moves its headings down (# → Heading 2 with 1). */
export function markdownBlocks(markdown: string, options: { headingOffset?: number; lists?: { next: number } } = {}): Block[] {
  const context: Context = { headingOffset: options.headingOffset ?? 0, quote: 0, lists: options.lists ?? { next: 1 } };
  return blocksOf(parseMarkdown(markdown).children, context);
}

const numbering = {
  config: [
    {
      reference: NUMBERED,
      levels: Array.from({ length: 9 }, (_, level) => ({
        level,
        format: LevelFormat.DECIMAL,
        text: `%${level + 1}.`,
        alignment: AlignmentType.START,
        style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
      })),
    },
  ],
};

function wordDocument(title: string, children: Block[]): Document {
  return new Document({
    creator: "The Write Stuff",
    title,
    styles: { default: { document: { run: { font: "Calibri", size: 22 } } } },
    numbering,
    sections: [{ children }],
  });
}

/** One answer as a Word document, its Markdown headings as Word headings. */
export function markdownToDocx(markdown: string, { title }: { title: string }): Document {
  return wordDocument(title, markdownBlocks(markdown));
}

/** A whole conversation: its title and date, each writer turn (quoted) and each answer. */
export function conversationToDocx(conversation: ConversationDocument): Document {
  const lists = { next: 1 };
  const children: Block[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(conversation.title)] }),
    new Paragraph({ children: [new TextRun({ text: conversation.date, italics: true })] }),
  ];
  for (const section of conversation.sections) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(section.heading)] }));
    if (section.kind === "ask") {
      children.push(...markdownBlocks(section.markdown.replace(/^/gm, "> "), { lists }));
    } else {
      children.push(...markdownBlocks(section.markdown, { headingOffset: 1, lists }));
      if (section.note) children.push(new Paragraph({ children: [new TextRun({ text: section.note, italics: true })] }));
    }
  }
  return wordDocument(conversation.title, children);
}

/** The .docx file's bytes, as a Blob for the browser or a Buffer-free ArrayBuffer in tests. */
export function docxBlob(document: Document): Promise<Blob> {
  return Packer.toBlob(document);
}

export function docxBytes(document: Document): Promise<ArrayBuffer> {
  return Packer.toArrayBuffer(document);
}
