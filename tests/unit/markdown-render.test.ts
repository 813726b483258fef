/**
 * Model output may not make the browser load anything from another host: Markdown images
 * become links with their alt text, and every link opens in a new tab without an opener or
 * referrer (the tool page and the history details both render through this component).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "~/components/markdown/markdown";

const render = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

const SAFE_LINK = 'target="_blank" rel="noopener noreferrer nofollow"';

/** Every `<a …>` opening tag of the markup. */
const anchors = (html: string) => html.match(/<a\b[^>]*>/g) ?? [];

describe("Markdown from the model", () => {
  it("an image becomes a link with its alt text, never an <img>", () => {
    const html = render("Look: ![A lighthouse at dusk](https://evil.example/x.png)");
    expect(html).not.toMatch(/<img\b/i);
    expect(html).toContain(`<a href="https://evil.example/x.png" ${SAFE_LINK}>A lighthouse at dusk</a>`);
  });

  it("an image without alt text shows its address as the link text", () => {
    const html = render("![](https://evil.example/blank.png)");
    expect(html).not.toMatch(/<img\b/i);
    expect(html).toContain(`<a href="https://evil.example/blank.png" ${SAFE_LINK}>https://evil.example/blank.png</a>`);
  });

  it("a reference-style image and an image in a table cell or list are links too", () => {
    const html = render(
      "[c]: https://evil.example/ref.png\n![cover][c]\n\n| a | b |\n|---|---|\n| ![cell](https://evil.example/cell.png) | x |\n\n- ![item](https://evil.example/item.png)",
    );
    expect(html).not.toMatch(/<img\b/i);
    expect(html).toContain(`<a href="https://evil.example/ref.png" ${SAFE_LINK}>cover</a>`);
    expect(html).toContain(`<a href="https://evil.example/cell.png" ${SAFE_LINK}>cell</a>`);
    expect(html).toContain(`<a href="https://evil.example/item.png" ${SAFE_LINK}>item</a>`);
  });

  it("an image inside a link is just its alt text in that link (never a link in a link)", () => {
    const html = render("[![badge](https://evil.example/badge.png)](https://example.com/project)");
    expect(html).not.toMatch(/<img\b/i);
    expect(anchors(html)).toEqual([`<a href="https://example.com/project" ${SAFE_LINK}>`]);
    expect(html).toContain(">badge</a>");
  });

  it("raw HTML images stay text", () => {
    const html = render('<img src="https://evil.example/raw.png" onerror="alert(1)">');
    expect(html).not.toMatch(/<img\b/i);
    expect(html).toContain("&lt;img");
  });

  it("links open in a new tab with rel=noopener noreferrer nofollow (written and bare ones)", () => {
    const html = render("See [the guide](https://example.com/guide) or https://example.org/page.");
    expect(anchors(html)).toEqual([
      `<a href="https://example.com/guide" ${SAFE_LINK}>`,
      `<a href="https://example.org/page" ${SAFE_LINK}>`,
    ]);
  });

  it("script addresses are dropped from links and images", () => {
    const html = render("[click](javascript:alert(1)) ![x](javascript:alert(2))");
    expect(html).not.toContain("javascript:");
    expect(html).not.toMatch(/<img\b/i);
  });
});
