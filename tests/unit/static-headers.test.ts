/**
 * `public/_headers`: the static files Workers static assets serve (without the Worker) carry
 * the same security headers as the Worker's own responses, plus HSTS. Parsed and matched the
 * way Cloudflare documents it: a URL pattern line, then indented `Name: value` lines; `*` is a
 * splat, `:name` one path segment; every matching rule applies.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from "~/lib/security-headers.server";

type Rule = { pattern: string; headers: [string, string][] };

function parseHeadersFile(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const rule = rules.at(-1);
    const colon = line.indexOf(":");
    if (!rule || colon === -1) throw new Error(`_headers line ${index + 1} is neither a rule nor a header: ${line}`);
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

function matches(pattern: string, pathname: string): boolean {
  const source = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`).test(pathname);
}

/** The headers a static response for this path gets (rules combined; repeated names joined). */
function headersFor(rules: Rule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules.filter((candidate) => matches(candidate.pattern, pathname))) {
    for (const [name, value] of rule.headers) {
      const key = Object.keys(headers).find((existing) => existing.toLowerCase() === name.toLowerCase()) ?? name;
      headers[key] = headers[key] ? `${headers[key]}, ${value}` : value;
    }
  }
  return headers;
}

const file = path.resolve(import.meta.dirname, "../../public/_headers");
const rules = parseHeadersFile(readFileSync(file, "utf8"));

describe("public/_headers", () => {
  it("is within Cloudflare's limits (100 rules, 2,000 characters a line)", () => {
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.length).toBeLessThanOrEqual(100);
    for (const line of readFileSync(file, "utf8").split("\n")) expect(line.length).toBeLessThanOrEqual(2_000);
  });

  for (const pathname of ["/assets/entry.client-AbC123.js", "/assets/styles-XyZ.css", "/wallpaper.svg", "/robots.txt", "/favicon.svg"]) {
    it(`${pathname} gets the Worker's security headers and HSTS`, () => {
      const headers = headersFor(rules, pathname);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], name).toBe(value);
      expect(headers["Strict-Transport-Security"]).toBe(STRICT_TRANSPORT_SECURITY);
    });
  }

  it("a static file opened on its own (an SVG) can run no script and cannot be framed", () => {
    const policy = headersFor(rules, "/wallpaper.svg")["Content-Security-Policy"] ?? "";
    expect(policy).toMatch(/(^|;\s*)default-src 'none'(;|$)/);
    expect(policy).not.toMatch(/script-src/);
    expect(policy).toMatch(/(^|;\s*)frame-ancestors 'none'(;|$)/);
  });

  it("the matcher itself: splats, placeholders and literal paths", () => {
    expect(matches("/*", "/robots.txt")).toBe(true);
    expect(matches("/assets/*", "/assets/a/b.js")).toBe(true);
    expect(matches("/assets/*", "/wallpaper.svg")).toBe(false);
    expect(matches("/:file.svg", "/wallpaper.svg")).toBe(true);
    expect(matches("/robots.txt", "/robotsXtxt")).toBe(false);
  });
});
