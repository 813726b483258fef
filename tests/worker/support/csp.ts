/** Reading a response's Content-Security-Policy and the nonces its document carries. */
import { expect } from "vitest";

/** The policy's directives by name, each with its source list (empty for e.g. `upgrade-insecure-requests`). */
export function cspDirectives(response: Response): Map<string, string[]> {
  const header = response.headers.get("Content-Security-Policy");
  expect(header, "a Content-Security-Policy header").toBeTruthy();
  const directives = new Map<string, string[]>();
  for (const part of header!.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(directives.has(name), `directive ${name} appears once`).toBe(false);
    directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** The nonce of the policy's script-src (`'nonce-…'`). */
export function policyNonce(directives: Map<string, string[]>): string {
  const nonces = (directives.get("script-src") ?? []).filter((source) => source.startsWith("'nonce-"));
  expect(nonces, "script-src has exactly one nonce").toHaveLength(1);
  return /^'nonce-(.+)'$/.exec(nonces[0]!)![1]!;
}

/** Every opening tag of this element in the document, e.g. `<script …>`. */
export function openingTags(html: string, element: string): string[] {
  return [...html.matchAll(new RegExp(`<${element}\\b[^>]*>`, "gi"))].map((match) => match[0]);
}

/** A tag's attribute value (undefined when absent). */
export function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}(?:="([^"]*)")?(?=[\\s/>])`, "i").exec(tag);
  if (!match) return undefined;
  return match[1] ?? "";
}
