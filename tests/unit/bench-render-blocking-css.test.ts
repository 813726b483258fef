/**
 * The render-blocking CSS bench counts what a browser must load before its first paint: these
 * cases pin down which stylesheet links block and which do not (the tricks a page uses to load
 * CSS without blocking must not be counted, and nothing that blocks may be missed).
 */
import { describe, expect, it } from "vitest";
import { blockingStylesheets, inlineStyles } from "../bench/render-blocking-css.ts";

const page = "http://127.0.0.1:8787/prose";

describe("blockingStylesheets", () => {
  it("counts screen stylesheets, resolved against the page", () => {
    const html = `<head><link rel="stylesheet" href="/assets/a.css"/><link href='b.css' rel='stylesheet' media="all">
      <link rel="stylesheet" href="/assets/c.css" media="screen and (min-width: 40em)" precedence="default"></head>`;
    expect(blockingStylesheets(html, page)).toEqual([
      "http://127.0.0.1:8787/assets/a.css",
      "http://127.0.0.1:8787/b.css",
      "http://127.0.0.1:8787/assets/c.css",
    ]);
  });

  it("leaves out print, preloaded, alternate and disabled sheets, and links in noscript or comments", () => {
    const html = `<link rel="stylesheet" href="/print.css" media="print">
      <link rel="stylesheet" href="/later.css" media="print" onload="this.media='all'">
      <noscript><link rel="stylesheet" href="/later.css"></noscript>
      <!-- <link rel="stylesheet" href="/old.css"> -->
      <link rel="preload" as="style" href="/font.css">
      <link rel="alternate stylesheet" href="/dark.css" title="dark">
      <link rel="stylesheet" href="/off.css" disabled>
      <link rel="icon" href="/favicon.svg">`;
    expect(blockingStylesheets(html, page)).toEqual([]);
  });

  it("counts a sheet whose media list has one query for screens", () => {
    expect(blockingStylesheets(`<link rel=stylesheet href=/x.css media="print, screen">`, page)).toEqual([
      "http://127.0.0.1:8787/x.css",
    ]);
  });
});

describe("inlineStyles", () => {
  it("returns every inline style's text, outside noscript", () => {
    const html = `<style>:root{--a:1}</style><body><style data-x>.b{}</style><noscript><style>.c{}</style></noscript>`;
    expect(inlineStyles(html)).toEqual([":root{--a:1}", ".b{}"]);
  });
});
