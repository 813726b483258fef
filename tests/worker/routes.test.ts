import { beforeAll, describe, expect, it } from "vitest";
import { legacyRedirects, tools } from "../../app/catalog/tools";
import { Browser, signUp, titleOf, visibleText, type SignedUpUser } from "./support";

/** The spec's list of old per-feature routes, by the merged tool they now live in. */
const SPEC_OLD_ROUTES: Record<string, string[]> = {
  "/prose": ["world-building", "character-development", "style-enhancement", "story-outline"],
  "/poetry": [
    "poetry-form-structure",
    "poetry-language-imagery",
    "poetry-rhyme-rhythm",
    "poetry-style-voice",
    "poetry-revision-clarity",
  ],
  "/nonfiction": ["research-fact-checking", "organization-structure", "voice-tone-development", "clarity-conciseness"],
  "/online-content": [
    "audience-platform-strategy",
    "content-idea-generation",
    "scripting-storyboarding",
    "filming-production-tips",
    "posting-optimization-growth",
  ],
  "/songwriting": [
    "theme-concept-development",
    "lyrics-wordcraft",
    "melody-hook-creation",
    "song-structure-arrangement",
    "style-genre-performance-tips",
  ],
  "/stage-screen": ["scene-structure-pacing", "dialogue-crafting", "character-arcs-dynamics", "visual-staging-suggestions"],
};

const SPEC_TOOL_TITLES: Record<string, string> = {
  "/prose": "Fictional Prose Assistant",
  "/poetry": "Poetry Assistant",
  "/nonfiction": "Nonfiction Assistant",
  "/online-content": "Content Creation Assistant",
  "/songwriting": "Songwriting Assistant",
  "/stage-screen": "Stage & Screen Assistant",
};

let member: SignedUpUser;
beforeAll(async () => {
  member = await signUp();
});

describe("route table", () => {
  it("/signin redirects to the landing page's sign-in dialog", async () => {
    const response = await new Browser().get("/signin");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/#signin");
  });

  it("/ shows the landing page to visitors and sends members to /dashboard", async () => {
    const visitor = await new Browser().get("/");
    expect(visitor.status).toBe(200);
    const text = visibleText(await visitor.text());
    expect(text).toContain("Start Free 30-Day Trial");
    expect(text).not.toContain("Need edits on existing work?");

    const signedIn = await member.browser.get("/");
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/dashboard");
  });

  it("the catalog's old routes are exactly the spec's list", () => {
    const fromSpec = Object.values(SPEC_OLD_ROUTES)
      .flat()
      .map((slug) => `/${slug}`)
      .sort();
    expect(legacyRedirects.map((legacy) => legacy.from).sort()).toEqual(fromSpec);
  });

  for (const [toolPath, slugs] of Object.entries(SPEC_OLD_ROUTES)) {
    for (const slug of slugs) {
      it(`/${slug} → ${toolPath}`, async () => {
        const legacy = legacyRedirects.find((entry) => entry.from === `/${slug}`);
        for (const browser of [new Browser(), member.browser]) {
          const response = await browser.get(`/${slug}`);
          expect([301, 302, 307, 308]).toContain(response.status);
          const location = response.headers.get("Location")!;
          expect(location).toBe(legacy?.to);
          expect(new URL(location, "http://localhost").pathname).toBe(toolPath);
        }
      });
    }
  }

  for (const tool of tools) {
    it(`${tool.path} needs sign-in and is titled '${SPEC_TOOL_TITLES[tool.path]} | The Write Stuff'`, async () => {
      const visitor = await new Browser().get(tool.path);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("Location")).toBe("/");

      const response = await member.browser.get(tool.path);
      expect(response.status).toBe(200);
      const html = await response.text();
      const title = titleOf(html);
      expect(title).toBe(`${SPEC_TOOL_TITLES[tool.path]} | The Write Stuff`);
      expect(title?.endsWith(" | The Write Stuff")).toBe(true);
      const text = visibleText(html);
      expect(text).toContain("Back to Categories");
      expect(text).toContain("View History");
    });
  }

  it("the catalog has the spec's six tools", () => {
    expect(tools.map((tool) => tool.path).sort()).toEqual(Object.keys(SPEC_TOOL_TITLES).sort());
  });

  for (const path of ["/no-such-page", "/a/b/c", "/dashboard/extra", "/prose/extra/deep", "/.env"]) {
    it(`unknown path ${path} → /dashboard`, async () => {
      for (const browser of [new Browser(), member.browser]) {
        const response = await browser.get(path);
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe("/dashboard");
      }
    });
  }

  it("a visitor on an unknown path ends up on / (via /dashboard)", async () => {
    const browser = new Browser();
    const first = await browser.get("/somewhere");
    expect(first.headers.get("Location")).toBe("/dashboard");
    const second = await browser.get("/dashboard");
    expect(second.headers.get("Location")).toBe("/");
  });

  it("the shell: banner and footer on the dashboard, no footer on /signup", async () => {
    const dashboard = visibleText(await (await member.browser.get("/dashboard")).text());
    expect(dashboard).toMatch(/Need edits on existing work\? Visit \S+/);
    expect(dashboard).toContain("Contact Us");

    const signupHtml = await (await new Browser().get("/signup")).text();
    expect(visibleText(signupHtml)).toMatch(/Need edits on existing work\? Visit \S+/);
    expect(visibleText(signupHtml)).not.toContain("Contact Us");
  });
});
