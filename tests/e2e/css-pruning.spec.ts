/**
 * The pruned stylesheets style every main page exactly as the ones Vite wrote (issue 32): the
 * build prunes the Radix Themes rules its JavaScript cannot use (scripts/prune-css.ts) and keeps
 * the originals, unserved, in build/unpruned-css/. Each page is loaded as shipped and again with
 * every pruned stylesheet answered by its original, at a desktop's and a phone's size, in the
 * light and the dark theme, with the overlays that mount on demand open too; the computed style
 * of every element (and its ::before and ::after) must be the same. A rule wrongly pruned fails.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { THEME_COOKIE } from "../../app/theme/theme.ts";
import { expect, open, settleAnimations, signUp, test, toastItems, welcomeDialog } from "./fixtures.ts";
import { seedConversation } from "./history-page.ts";
import { toolPage } from "./tool-page.ts";

const unprunedDir = path.resolve(import.meta.dirname, "../../build/unpruned-css");
/** Pruned file name → the original's contents. */
function originals(): Map<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(unprunedDir, "manifest.json"), "utf8")) as Record<string, string>;
  return new Map(Object.entries(manifest).map(([pruned, original]) => [pruned, readFileSync(path.join(unprunedDir, original), "utf8")]));
}

/** Every element's computed style (and its ::before and ::after), in document order, as one list of lines. */
function computedStyles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lines: string[] = [];
    const properties = [...getComputedStyle(document.documentElement)].filter((name) => !name.startsWith("--"));
    const describe = (element: Element) => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && node !== document.documentElement; node = node.parentElement) {
        const index = node.parentElement ? [...node.parentElement.children].indexOf(node) : 0;
        parts.unshift(`${node.tagName.toLowerCase()}:${index}`);
      }
      return parts.join(">");
    };
    for (const element of [document.documentElement, ...document.querySelectorAll("body *")]) {
      if (element.closest("script, style, noscript, template")) continue;
      for (const pseudo of [null, "::before", "::after"]) {
        const style = getComputedStyle(element, pseudo);
        if (pseudo && style.content === "none") continue;
        lines.push(`${describe(element)}${pseudo ?? ""} ${properties.map((name) => `${name}:${style.getPropertyValue(name)}`).join(";")}`);
      }
    }
    return lines;
  });
}

/** The lines that differ, each with the properties that differ in it (for a readable failure). */
function differences(shipped: string[], original: string[]): string[] {
  const found: string[] = [];
  if (shipped.length !== original.length) {
    const where = (lines: string[]) => new Set(lines.map((line) => line.split(" ", 1)[0]!));
    const [a, b] = [where(shipped), where(original)];
    const onlyShipped = [...a].filter((key) => !b.has(key)).slice(0, 5);
    const onlyOriginal = [...b].filter((key) => !a.has(key)).slice(0, 5);
    return [`${shipped.length} styled elements against ${original.length}; only shipped: ${onlyShipped.join(", ")}; only original: ${onlyOriginal.join(", ")}`];
  }
  for (let index = 0; index < Math.min(shipped.length, original.length) && found.length < 20; index += 1) {
    if (shipped[index] === original[index]) continue;
    const split = (line: string) => [line.slice(0, line.indexOf(" ")), line.slice(line.indexOf(" ") + 1)] as const;
    const [where, a] = split(shipped[index]!);
    const b = split(original[index]!)[1];
    const left = new Map(a.split(";").map((pair) => [pair.slice(0, pair.indexOf(":")), pair]));
    const changed = b.split(";").filter((pair) => left.get(pair.slice(0, pair.indexOf(":"))) !== pair);
    found.push(`${where}: ${changed.slice(0, 6).join("; ")} (shipped: ${changed.slice(0, 6).map((pair) => left.get(pair.slice(0, pair.indexOf(":")))).join("; ")})`);
  }
  return found;
}

type State = { name: string; path: string; prepare?: (page: Page) => Promise<void> };

const STATES: State[] = [
  { name: "landing", path: "/" },
  {
    name: "landing, Welcome dialog",
    path: "/",
    prepare: async (page) => {
      await page.getByRole("button", { name: "Start Free 30-Day Trial" }).click();
      await expect(welcomeDialog(page)).toBeVisible();
    },
  },
  { name: "sign-up", path: "/signup" },
  { name: "dashboard", path: "/dashboard" },
  { name: "tool page", path: "/prose" },
  {
    name: "tool page, Step 1 open",
    path: "/prose",
    prepare: async (page) => {
      await toolPage(page).elementSelect.click();
      await expect(page.getByRole("listbox")).toBeVisible();
    },
  },
  { name: "history", path: "/prose/history" },
  {
    name: "history, details open",
    path: "/prose/history",
    prepare: async (page) => {
      await page.getByRole("button", { name: "View details" }).first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
    },
  },
];

for (const viewport of [
  { label: "desktop", width: 1280, height: 900 },
  { label: "phone", width: 390, height: 844 },
]) {
  test(`pruned CSS styles every main page as the original does (${viewport.label}, light and dark)`, async ({ page, email }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signUp(page, { email });
    await seedConversation(page, { tool: "prose", element: "world", fields: { genre: "tidal gothic" }, followUps: ["Colder."] });
    const unpruned = originals();
    expect(unpruned.size, "the build pruned at least one stylesheet").toBeGreaterThan(0);
    const origin = new URL(page.url()).origin;
    for (const theme of ["light", "dark"] as const) {
      await page.context().addCookies([{ name: THEME_COOKIE, value: theme, url: origin }]);
      for (const state of STATES) {
        const load = async () => {
          // Signed out for the visitor's pages (the same browser: the cookie comes back after).
          await open(page, state.path);
          // A toast comes and goes, and the wallpaper draws its layers once its image is in: compare
          // without a toast, with the wallpaper settled.
          await expect(toastItems(page)).toHaveCount(0, { timeout: 10_000 });
          await expect(page.locator('.wallpaper[data-state="loading"]')).toHaveCount(0);
          await state.prepare?.(page);
          await settleAnimations(page);
          return computedStyles(page);
        };
        const session = (await page.context().cookies()).filter((cookie) => cookie.name.endsWith("tws_session"));
        if (state.path === "/" || state.path === "/signup") await page.context().clearCookies({ name: session[0]?.name });
        // Loaded both ways until the two have the same elements: the page's own timing (a toast,
        // an image) may add one; a stylesheet that adds or drops a ::before does so every time.
        let shipped: string[] = [];
        let original: string[] = [];
        for (let attempt = 0; attempt < 3 && (attempt === 0 || shipped.length !== original.length); attempt += 1) {
          shipped = await load();
          await page.route(/\/assets\/[^/]+\.css$/, async (route) => {
            const unprunedCss = unpruned.get(path.basename(new URL(route.request().url()).pathname));
            if (unprunedCss === undefined) return route.continue();
            await route.fulfill({ status: 200, contentType: "text/css", body: unprunedCss });
          });
          original = await load();
          await page.unroute(/\/assets\/[^/]+\.css$/);
        }
        if (session.length > 0) await page.context().addCookies(session);
        expect(differences(shipped, original), `${state.name}, ${viewport.label}, ${theme}`).toEqual([]);
      }
    }
  });
}
