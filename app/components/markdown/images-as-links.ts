/**
 * A rehype plugin for model output: no `<img>` reaches the page, so an answer can never make
 * the browser fetch from another host (a tracking pixel, the page's address leaking in a
 * Referer). An image becomes a link to its address, labelled with its alt text (the address
 * itself when there is none); inside a link it is only the alt text, since a link may not hold
 * another. An address no link could carry (`javascript:` and the like) leaves the alt text alone.
 */
import type { Element, ElementContent, Root, RootContent } from "hast";
import { defaultUrlTransform } from "react-markdown";

function replaceImage(image: Element, insideLink: boolean): ElementContent[] {
  const alt = typeof image.properties.alt === "string" ? image.properties.alt.trim() : "";
  const src = defaultUrlTransform(String(image.properties.src ?? "").trim());
  const label = alt || src;
  if (!label) return [];
  const text: ElementContent = { type: "text", value: label };
  if (insideLink || !src) return [text];
  return [{ type: "element", tagName: "a", properties: { href: src }, children: [text] }];
}

function rewrite<Child extends RootContent>(children: Child[], insideLink: boolean): Child[] {
  return children.flatMap((child): Child[] => {
    if (child.type !== "element") return [child];
    if (child.tagName === "img") return replaceImage(child, insideLink) as Child[];
    child.children = rewrite(child.children, insideLink || child.tagName === "a");
    return [child];
  });
}

export function rehypeImagesAsLinks() {
  return (tree: Root) => {
    tree.children = rewrite(tree.children, false);
  };
}
