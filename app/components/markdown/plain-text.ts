/**
 * Markdown to plain text, for "Copy text": parsed by the same remark stack the page renders
 * with (GitHub-flavoured), then written out without syntax — paragraphs apart by a blank
 * line, list items as "- " or "1. ", line breaks kept (poems and lyrics live on them), table
 * rows as tab-separated cells, links as their text, images as their alt text.
 */
import type { Nodes, Parents, RootContent } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";

const parser = unified().use(remarkParse).use(remarkGfm);

/** The text of inline content (and of any node, flattened). */
function inline(node: Nodes): string {
  switch (node.type) {
    case "text":
    case "inlineCode":
    case "code":
      return node.value;
    case "break":
      return "\n";
    case "image":
    case "imageReference":
      return node.alt ?? "";
    case "html":
      return "";
    default:
      return "children" in node ? (node.children as Nodes[]).map(inline).join("") : "";
  }
}

function listItems(list: Extract<Nodes, { type: "list" }>): string {
  const start = list.start ?? 1;
  return list.children
    .map((item, index) => {
      const marker = list.ordered ? `${start + index}. ` : "- ";
      const body = blocks(item.children).replace(/\n/g, "\n   ");
      return `${marker}${body}`;
    })
    .join("\n");
}

function table(node: Extract<Nodes, { type: "table" }>): string {
  return node.children.map((row) => row.children.map((cell) => inline(cell).trim()).join("\t")).join("\n");
}

function block(node: RootContent): string {
  switch (node.type) {
    case "list":
      return listItems(node);
    case "table":
      return table(node);
    case "blockquote":
      return blocks(node.children);
    case "thematicBreak":
    case "definition":
    case "html":
      return "";
    default:
      return inline(node);
  }
}

function blocks(children: Parents["children"]): string {
  return (children as RootContent[])
    .map(block)
    .filter((text) => text.trim() !== "")
    .join("\n\n");
}

export function markdownToPlainText(markdown: string): string {
  return blocks(parser.parse(markdown).children).trim();
}
