/**
 * Exports (issue 12), tried as a writer would: a Stage & Screen conversation (its first answer a
 * formatted screen scene, as the prompt asks the model for) downloaded from History Details as
 * Markdown, Word (opened: the zip's document read back) and Fountain (parsed by an independent
 * Fountain parser); Print / Save as PDF with the chrome gone; the Word library loaded only when
 * asked for, never on a page's first load. Axe-clean, usable by keyboard.
 */
import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { Fountain } from "fountain-js";
import { exportTexts } from "../../app/messages/exports.ts";
import { historyTexts, historyToasts } from "../../app/messages/history.ts";
import { expect, expectNoA11yViolations, open, signUp, tabTo, test } from "./fixtures.ts";
import {
  cardWith,
  downloadOf,
  entryIdOf,
  expectNewToast,
  historyCard,
  historyPage,
  LOCALE,
  localFileDate,
  markToastsSeen,
  seedConversation,
  threadOf,
  TIME_ZONE,
} from "./history-page.ts";
import { injectFault, toolBySlug, uniqueMarker } from "./tool-page.ts";

test.use({ locale: LOCALE, timezoneId: TIME_ZONE });

const stage = toolBySlug("stage-screen");

/** A scene in the shape the Stage & Screen prompt asks for (screen format), with notes after it. */
const SCENE = `*Open choices: feature film, present day.*

**INT. BUS DEPOT – NIGHT**

Rain hammers the windows. MARA counts coins at the counter.

**MARA**
(not looking up)
You're late.

**JONAH**
Bus was.

CUT TO:

### Subtext notes

- Mara wants **him** to *apologise*.
- Jonah hides the letter.

1. Try a longer silence.
2. Cut the last line.
`;

async function bytesOf(download: Download): Promise<Buffer> {
  expect(await download.failure()).toBeNull();
  return readFile((await download.path())!);
}

/** The text of each paragraph of a .docx, with the style it has. */
function docxParagraphs(bytes: Buffer) {
  const files = unzipSync(new Uint8Array(bytes));
  expect(Object.keys(files)).toContain("word/document.xml");
  const xml = strFromU8(files["word/document.xml"]!);
  const unescape = (text: string) => text.replaceAll("&apos;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
  return [...xml.matchAll(/<w:p(?: [^>]*)?>([\s\S]*?)<\/w:p>/g)].map(([, inner = ""]) => ({
    style: /<w:pStyle w:val="([^"]+)"/.exec(inner)?.[1] ?? null,
    listed: inner.includes("<w:numPr>"),
    bold: inner.includes("<w:b/>"),
    italic: inner.includes("<w:i/>"),
    text: unescape([...inner.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((run) => run[1]).join("")),
  }));
}

/** A conversation of this test's own in the Stage & Screen history, opened in its details. */
async function openStageDetails(page: Page, marker: string) {
  await open(page, "/stage/history");
  const history = historyPage(page);
  const card = cardWith(page, marker);
  await historyCard(card).view.click();
  await expect(history.details.locator("section.history-turn")).toHaveCount(4);
  return { history, card, dialog: history.details };
}

test("History Details of a Stage & Screen conversation: Markdown, Word and Fountain downloads; print shows only the conversation", async ({
  page,
  email,
  mockUrl,
}, testInfo) => {
  test.slow();
  const marker = uniqueMarker(testInfo, "scene");
  await injectFault(mockUrl, { kind: "reply", text: SCENE, match: marker, times: 1 });
  await signUp(page, { email });
  await seedConversation(page, {
    tool: stage.slug,
    element: "dialogue",
    fields: { premise: `Two strangers at a depot ${marker}` },
    followUps: ["Let Jonah lie more"],
  });
  const { history, card, dialog } = await openStageDetails(page, marker);
  const thread = await threadOf(page, await entryIdOf(card));
  const base = `stage_${localFileDate(thread.createdAt)}`;

  // The spec's buttons stay; the other formats are in 'More formats' (with Fountain: this is Stage & Screen).
  await expect(dialog.getByRole("button", { name: historyTexts.downloadText })).toBeVisible();
  const more = dialog.getByRole("button", { name: exportTexts.moreFormats });
  await more.click();
  await expect(history.menu.getByRole("menuitem")).toHaveText([exportTexts.docx, exportTexts.fountain, exportTexts.print]);
  await expectNoA11yViolations(page, "the More formats menu in History Details");

  // Word: a real document with the conversation's structure and the scene's words.
  await markToastsSeen(page);
  const docx = await downloadOf(page, () => history.menu.getByRole("menuitem", { name: exportTexts.docx }).click());
  expect(docx.download.suggestedFilename()).toBe(`${base}.docx`);
  await expectNewToast(page, historyToasts.downloaded);
  const paragraphs = docxParagraphs(await bytesOf(docx.download));
  // The conversation's title: the element and its first filled detail (decision 012).
  expect(paragraphs[0]).toMatchObject({ style: "Title", text: `Dialogue Crafting · Two strangers at a depot ${marker}` });
  const styled = (style: string) => paragraphs.filter((p) => p.style === style).map((p) => p.text);
  expect(styled("Heading1")).toEqual(["Prompt", "Response", "Follow-up 1", "Response"]);
  expect(styled("Heading2")).toEqual(expect.arrayContaining(["Revision"]));
  expect(styled("Heading4")).toEqual(["Subtext notes"]);
  expect(paragraphs.find((p) => p.text === "INT. BUS DEPOT – NIGHT")?.bold).toBe(true);
  expect(paragraphs.find((p) => p.text.startsWith("MARA"))?.text).toBe("MARA(not looking up)You're late.");
  expect(paragraphs.find((p) => p.text === "Mara wants him to apologise.")).toMatchObject({ listed: true, bold: true, italic: true });
  expect(paragraphs.find((p) => p.text === "Cut the last line.")?.listed).toBe(true);
  expect(paragraphs.find((p) => p.text === "Let Jonah lie more")?.italic).toBe(true);

  // Fountain: the scene reads as a screenplay to a Fountain parser.
  await more.click();
  const fountain = await downloadOf(page, () => history.menu.getByRole("menuitem", { name: exportTexts.fountain }).click());
  expect(fountain.download.suggestedFilename()).toBe(`${base}.fountain`);
  const parsed = new Fountain().parse(fountain.text, true);
  expect(parsed.title).toBe(`Dialogue Crafting · Two strangers at a depot ${marker}`);
  const tokens = parsed.tokens.filter((token) => !/_(?:begin|end)$/.test(token.type)).map((token) => [token.type, token.text]);
  expect(tokens).toEqual(
    expect.arrayContaining([
      ["section", "Prompt"],
      ["scene_heading", "INT. BUS DEPOT - NIGHT"],
      ["character", "MARA"],
      ["parenthetical", "(not looking up)"],
      ["dialogue", "You're late."],
      ["character", "JONAH"],
      ["dialogue", "Bus was."],
      ["transition", "CUT TO:"],
      ["section", "Follow-up 1"],
      ["synopsis", "Let Jonah lie more"],
    ]),
  );

  // Markdown from the spec's button still comes out as before, the scene in it word for word.
  const markdown = await downloadOf(page, () => dialog.getByRole("button", { name: historyTexts.downloadMarkdown }).click());
  expect(markdown.download.suggestedFilename()).toBe(`${base}.md`);
  expect(markdown.text).toContain(`## Response\n\n${SCENE.trim()}\n\n## Follow-up 1`);

  // Print / Save as PDF: the browser's print, then (as the printer sees it) only the conversation.
  await page.evaluate(() => {
    window.print = () => void (document.documentElement.dataset.printed = "yes");
  });
  await more.click();
  await history.menu.getByRole("menuitem", { name: exportTexts.print }).click();
  await expect(page.locator("html")).toHaveAttribute("data-printed", "yes");
  await expectPrintedAlone(page, dialog);
});

/** In print media: the dialog's conversation in full, black on white; the page and every control gone. */
async function expectPrintedAlone(page: Page, dialog: ReturnType<typeof historyPage>["details"]) {
  const chrome = [page.locator(".editing-banner"), page.locator(".site-footer"), page.locator("ul.history-grid > li").first()];
  for (const part of chrome) await expect(part).toBeVisible();
  await page.emulateMedia({ media: "print" });
  for (const part of chrome) await expect(part).toBeHidden();
  await expect(page.locator(".toast-region")).toBeHidden();
  // CSS locators: role locators skip hidden elements, so they could not tell hidden from missing.
  const controls = dialog.locator("button, a.rt-Button");
  expect(await controls.count()).toBeGreaterThanOrEqual(5);
  for (const control of await controls.all()) await expect(control).toBeHidden();
  const turns = dialog.locator("section.history-turn");
  for (const turn of await turns.all()) await expect(turn).toBeVisible();
  const body = dialog.locator(".history-details-body");
  expect(await body.evaluate((element) => [getComputedStyle(element).maxHeight, getComputedStyle(element).overflowY])).toEqual([
    "none",
    "visible",
  ]);
  expect(await turns.first().evaluate((element) => getComputedStyle(element).color)).toBe("rgb(0, 0, 0)");
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(255, 255, 255)");
  await page.emulateMedia({ media: "screen" });
  await expect(dialog.getByRole("button", { name: historyTexts.close })).toBeVisible();
}

test("by keyboard: More formats opens with Enter, Word downloads; a Fountain item only for Stage & Screen", async ({ page, email }) => {
  await signUp(page, { email });
  const marker = uniqueMarker(test.info(), "prose");
  await seedConversation(page, { tool: "prose", element: "world", fields: { genre: marker } });
  await open(page, "/prose/history");
  const history = historyPage(page);
  await historyCard(cardWith(page, marker)).view.click();
  const more = history.details.getByRole("button", { name: exportTexts.moreFormats });
  await expect(more).toBeEnabled();
  await tabTo(page, more);
  await page.keyboard.press("Enter");
  await expect(history.menu.getByRole("menuitem")).toHaveText([exportTexts.docx, exportTexts.print]);
  await expect(history.menu.getByRole("menuitem", { name: exportTexts.docx })).toBeFocused();
  const { download } = await downloadOf(page, () => page.keyboard.press("Enter"));
  expect(download.suggestedFilename()).toMatch(/^prose_\d{1,2}-\d{1,2}-\d{4}\.docx$/);
  expect(docxParagraphs(await bytesOf(download))[0]).toMatchObject({ style: "Title", text: `World description · ${marker}` });
  await expect(history.menu).toHaveCount(0);
  await expect(more).toBeFocused();
});

/** The JavaScript a page loads, as it arrives: a script whose text has the Word library's namespace. */
function watchScripts(page: Page) {
  const loaded: { url: string; hasDocx: Promise<boolean> }[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    loaded.push({ url: response.url(), hasDocx: response.text().then((text) => text.includes("wordprocessingml"), () => false) });
  });
  return async () => (await Promise.all(loaded.map(async (script) => ((await script.hasDocx) ? script.url : null)))).filter(Boolean);
}

test("the Word library is never in a page's first load: only the Word download brings it", async ({ page, email }) => {
  const docxScripts = watchScripts(page);
  await signUp(page, { email });
  await open(page, stage.path);
  await expect(page.getByRole("heading", { level: 1, name: stage.title })).toBeVisible();
  expect(await docxScripts(), "no Word code on the tool page's first load").toEqual([]);

  // The tool page in print: the form and the chrome go, the page's title stays.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("form", { name: "Generate" })).toBeHidden();
  await expect(page.locator(".editing-banner")).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: stage.title })).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  const marker = uniqueMarker(test.info(), "lazy");
  await seedConversation(page, { tool: stage.slug, element: "dialogue", fields: { premise: marker } });
  await open(page, "/stage/history");
  const history = historyPage(page);
  await historyCard(cardWith(page, marker)).view.click();
  await history.details.getByRole("button", { name: exportTexts.moreFormats }).click();
  expect(await docxScripts(), "no Word code before Word is chosen").toEqual([]);
  await downloadOf(page, () => history.menu.getByRole("menuitem", { name: exportTexts.docx }).click());
  const loaded = await docxScripts();
  expect(loaded, "one lazily loaded chunk with the Word code").toHaveLength(1);
  expect(loaded[0]).toMatch(/\/assets\/markdown-to-docx-[\w-]+\.js$/);
});
