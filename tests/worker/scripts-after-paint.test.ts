/**
 * Every page's scripts wait for its first paint (issue 15, decision 015): the Worker hands
 * out the document with React Router's module preloads and module script held (inert rel and
 * type), followed by the script that starts them after the paint, with the response's nonce.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL } from "~/lib/held-script-tags";
import { type SignedUpUser, signUp } from "./support/accounts";
import { Browser } from "./support/browser";
import { attribute, cspDirectives, openingTags, policyNonce } from "./support/csp";
import { uniqueEmail } from "./support/ids";

/** The inline scripts of a document: opening tag and text. */
function inlineScripts(html: string) {
  return [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)].map(([, tag, text]) => ({ tag: tag!, text: text! }));
}

async function expectScriptsHeld(response: Response) {
  expect(response.status).toBe(200);
  const nonce = policyNonce(cspDirectives(response));
  const html = await response.text();
  const links = openingTags(html, "link");
  expect(links.filter((tag) => attribute(tag, "rel") === "modulepreload"), "no module is fetched before the paint").toEqual([]);
  const held = links.filter((tag) => attribute(tag, "rel") === HELD_PRELOAD_REL);
  expect(held.length, "the page's modules are listed, held").toBeGreaterThan(5);
  for (const tag of held) expect(attribute(tag, "href"), tag).toMatch(/^\/assets\/[\w.-]+\.js$/);

  const scripts = inlineScripts(html);
  expect(scripts.filter(({ tag }) => attribute(tag, "type") === "module"), "no module script runs before the paint").toEqual([]);
  const index = scripts.findIndex(({ tag }) => attribute(tag, "type") === HELD_MODULE_TYPE);
  expect(index, "React Router's module script is in the page, held").toBeGreaterThanOrEqual(0);
  expect(scripts[index]!.text, "it still starts the app").toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/);
  const starter = scripts[index + 1];
  expect(starter, "a script follows it").toBeDefined();
  expect(attribute(starter!.tag, "nonce"), "the starter runs under the policy").toBe(nonce);
  expect(starter!.text).toContain("requestAnimationFrame");
  expect(starter!.text).toContain(`script[type="${HELD_MODULE_TYPE}"]`);
  expect(starter!.text).toContain(`link[rel="${HELD_PRELOAD_REL}"]`);
  expect(scripts.filter(({ text }) => text.includes(HELD_MODULE_TYPE)), "one starter per page").toHaveLength(1);
}

describe("pages paint before their scripts load", () => {
  let writer: SignedUpUser;
  beforeAll(async () => {
    writer = await signUp({ email: uniqueEmail("paint-first") });
  });

  for (const path of ["/", "/signup", "/password-reset"]) {
    it(`${path} for a visitor`, async () => {
      await expectScriptsHeld(await new Browser().get(path));
    });
  }

  for (const path of ["/dashboard", "/prose", "/prose/history"]) {
    it(`${path} for a writer`, async () => {
      await expectScriptsHeld(await writer.browser.get(path));
    });
  }

  it("leaves everything that is not a page as it was", async () => {
    const response = await writer.browser.get("/api/history?section=prose");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const body = await response.text();
    expect(() => JSON.parse(body)).not.toThrow();
    expect(body).not.toContain(HELD_MODULE_TYPE);
  });
});
