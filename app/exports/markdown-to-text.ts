/**
 * Markdown → plain text for an answer's .txt: the words and the shape (headings on their own
 * lines, list markers, quotes with "> ", table cells separated by tabs), no Markdown syntax.
 */
import type { List, RootContent } from "mdast";
import { parseMarkdown, phrasingText } from "./markdown-tree";

function listText(list: List, depth: number): string {
  return list.children
    .map((item, index) => {
      const marker = list.ordered ? `${(list.start ?? 1) + index}.` : "-";
      const indent = "  ".repeat(depth);
      return item.children
        .map((child, childIndex) => {
          if (child.type === "list") return listText(child, depth + 1);
          const text = blockText(child, depth);
          return childIndex === 0 ? `${indent}${marker} ${text}` : `${indent}  ${text}`;
        })
        .join("\n");
    })
    .join("\n");
}

function blockText(node: RootContent, depth = 0): string {
  switch (node.type) {
    case "heading":
    case "paragraph":
      return phrasingText(node.children);
    case "list":
      return listText(node, depth);
    case "blockquote":
      return node.children.map((child) => blockText(child).replace(/^/gm, "> ")).join("\n>\n");
    case "code":
    case "html":
      return node.value;
    case "thematicBreak":
      return "* * *";
    case "table":
      return node.children.map((row) => row.children.map((cell) => phrasingText(cell.children)).join("\t")).join("\n");
    default:
      return "";
  }
}

export function markdownToText(markdown: string): string {
  const blocks = parseMarkdown(markdown).children.map((node) => blockText(node)).filter((text) => text !== "");
  return `${blocks.join("\n\n")}\n`;
}
