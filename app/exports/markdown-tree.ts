/**
 * The model's Markdown as a syntax tree (mdast), with the GitHub extensions the answers use
 * (tables, strikethrough): the same reading react-markdown + remark-gfm give the page.
 */
import type { PhrasingContent, Root, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";

export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(markdown.replace(/\r\n?/g, "\n"), { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

/** The plain text of inline content (emphasis, links and code reduced to their words). */
export function phrasingText(nodes: readonly (PhrasingContent | RootContent)[]): string {
  return nodes
    .map((node) => {
      if (node.type === "text" || node.type === "inlineCode") return node.value;
      if (node.type === "break") return "\n";
      if ("children" in node) return phrasingText(node.children as PhrasingContent[]);
      return "";
    })
    .join("");
}
