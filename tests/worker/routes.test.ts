import { beforeAll, describe, expect, it } from "vitest";
import { legacyRedirects, toolPath, tools } from "../../app/catalog/tools";
import { SPEC_OLD_ROUTES, SPEC_TOOLS } from "../spec/tables";
import { type SignedUpUser, signUp } from "./support/accounts";
import { Browser } from "./support/browser";
import { titleOf, visibleText } from "./support/html";

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
    const fromSpec = SPEC_OLD_ROUTES.map((old) => old.path).sort();
    expect(legacyRedirects.map((legacy) => legacy.from).sort()).toEqual(fromSpec);
  });

  for (const old of SPEC_OLD_ROUTES) {
    it(`${old.path} → ${old.tool.path}`, async () => {
      const legacy = legacyRedirects.find((entry) => entry.from === old.path);
      for (const browser of [new Browser(), member.browser]) {
        const response = await browser.get(old.path);
        expect([301, 302, 307, 308]).toContain(response.status);
        const location = response.headers.get("Location")!;
        expect(location).toBe(legacy?.to);
        expect(location).toBe(old.to);
        expect(new URL(location, "http://localhost").pathname).toBe(old.tool.path);
      }
    });
  }

  for (const tool of SPEC_TOOLS) {
    it(`${tool.path} needs sign-in and is titled '${tool.title} | The Write Stuff'`, async () => {
      const visitor = await new Browser().get(tool.path);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("Location")).toBe("/");

      const response = await member.browser.get(tool.path);
      expect(response.status).toBe(200);
      const html = await response.text();
      const title = titleOf(html);
      expect(title).toBe(`${tool.title} | The Write Stuff`);
      expect(title?.endsWith(" | The Write Stuff")).toBe(true);
      const text = visibleText(html);
      expect(text).toContain("Back to Categories");
      expect(text).toContain("View History");
    });
  }

  it("the catalog has the spec's six tools", () => {
    expect(tools.map(toolPath).sort()).toEqual(SPEC_TOOLS.map((tool) => tool.path).sort());
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
