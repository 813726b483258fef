/**
 * Markdown for model output: GitHub-flavoured, no raw HTML (react-markdown escapes it), no
 * images (they become links: nothing loads from another host), and links open safely in a new
 * tab. Finished blocks are memoised, so rendering a long stream costs the new text only, not
 * the whole answer again on every token.
 */
import { memo, useMemo } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import { splitMarkdownBlocks } from "./blocks";
import { rehypeImagesAsLinks } from "./images-as-links";

// Single line breaks are kept: poems, lyrics and script dialogue live on them.
const remarkPlugins = [remarkGfm, remarkBreaks];
const rehypePlugins = [rehypeImagesAsLinks];
const components: Components = {
  a: ({ children, href }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
};

const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return (
    <div className="md-block">
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
});

/**
 * Runs a short sample through the whole pipeline once, off screen, so the parser's code is
 * compiled and warm before the first real answer arrives: the first tokens then render within
 * a frame instead of paying for the compilation in the middle of the stream.
 */
export function warmMarkdown() {
  ReactMarkdown({ children: WARM_UP_SAMPLE, remarkPlugins, rehypePlugins, components });
}

const WARM_UP_SAMPLE = [
  "# Heading",
  "Some *emphasis*, **strong** text, `code` and a [link](https://example.com).",
  "Line one\nline two",
  "## List",
  "- one\n- two\n  1. nested",
  "> A quote",
  "| a | b |\n| - | - |\n| 1 | 2 |",
  "---",
].join("\n\n");

export function Markdown({ text }: { text: string }) {
  const blocks = useMemo(() => splitMarkdownBlocks(text), [text]);
  return (
    <div className="markdown">
      {blocks.map((block, index) => (
        <MarkdownBlock key={index} text={block} />
      ))}
    </div>
  );
}
