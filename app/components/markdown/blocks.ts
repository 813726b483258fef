/**
 * Splits Markdown into top-level blocks at blank lines outside code fences. While a stream
 * grows only the last block changes, so the finished ones can be rendered once and kept.
 */
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s/m;

export function splitMarkdownBlocks(text: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  for (const line of text.split("\n")) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker[0]!.repeat(marker.length);
      else if (marker.startsWith(fence)) fence = null;
    }
    if (fence === null && line.trim() === "" && current.length > 0) {
      blocks.push(current.join("\n"));
      current = [];
      continue;
    }
    if (line.trim() === "" && current.length === 0) continue;
    // An indented line after a blank line continues the list above it (a loose list item);
    // rendered on its own it would turn into a code block.
    const previous = blocks[blocks.length - 1];
    if (fence === null && current.length === 0 && /^\s{2,}\S/.test(line) && previous && LIST_ITEM.test(previous)) {
      current = [blocks.pop()!, "", line];
      continue;
    }
    current.push(line);
  }
  if (current.length > 0) blocks.push(current.join("\n"));
  return blocks;
}
