/**
 * Renders the brand's raster images from the logo (public/favicon.svg) and the landing page's
 * words, with the system Chromium: the social-preview card public/og-image.png (1200×630, what
 * og:image and twitter:image point to) and public/apple-touch-icon.png (180×180).
 * Run after changing the mark or the headline: `npx tsx --tsconfig tsconfig.cloudflare.json scripts/render-brand-images.ts`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { landingHeroExample, landingTexts } from "../app/messages/landing.ts";
import { PRODUCT_NAME } from "../app/messages/site.ts";
import { CHROMIUM_ARGS, findChromium } from "./chromium.ts";

const root = path.resolve(import.meta.dirname, "..");
// Inlined: a page set from a string may not load file: URLs.
const fontUrl = (file: string) =>
  `data:font/woff2;base64,${readFileSync(path.join(root, "node_modules/@fontsource-variable", file)).toString("base64")}`;
const mark = readFileSync(path.join(root, "public/favicon.svg"), "utf8");
const grain = readFileSync(path.join(root, "public/wallpaper.svg"), "utf8");
const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;

const fonts = `
@font-face { font-family: Literata; font-weight: 200 900; src: url("${fontUrl("literata/files/literata-latin-wght-normal.woff2")}") format("woff2"); }
@font-face { font-family: Inter; font-weight: 100 900; src: url("${fontUrl("inter/files/inter-latin-wght-normal.woff2")}") format("woff2"); }`;

const ogImage = `<!doctype html><html><head><style>${fonts}
html, body { margin: 0; width: 1200px; height: 630px; }
body { background: #16130f url("${dataUrl(grain)}"); color: #f4efe6; font-family: Inter; overflow: hidden; position: relative; }
.glow { position: absolute; inset: 0; background: radial-gradient(ellipse at 10% 0%, rgba(255, 197, 61, 0.26), transparent 60%), rgba(22, 19, 15, 0.55); }
.text { position: absolute; left: 80px; top: 72px; width: 540px; }
.brand { display: flex; align-items: center; gap: 18px; font-family: Literata; font-weight: 650; font-size: 34px; }
.brand img { width: 64px; height: 64px; }
h1 { font-family: Literata; font-weight: 650; font-size: 84px; line-height: 1.02; letter-spacing: -1.5px; margin: 64px 0 28px; }
p { font-size: 25px; line-height: 1.4; color: #d8cfc0; margin: 0; }
.price { margin-top: 30px; color: #ffc53d; font-weight: 600; }
.card { position: absolute; right: 70px; top: 110px; width: 420px; background: #fbf8f2; color: #1c1917; border-radius: 18px;
  box-shadow: 0 40px 80px -30px rgba(0, 0, 0, 0.8); padding: 30px 32px; transform: rotate(2deg); }
.card .tag { display: inline-block; font-size: 14px; font-weight: 700; letter-spacing: 1.5px; color: #8a4f00; border: 1.5px solid #e2b45a; border-radius: 99px; padding: 2px 10px; }
.card h2 { font-family: Literata; font-size: 30px; line-height: 1.2; margin: 16px 0 14px; }
.card p { font-family: Literata; font-size: 19px; line-height: 1.55; color: #3b342c; margin: 0 0 10px; }
</style></head><body><div class="glow"></div>
<div class="text"><div class="brand"><img src="${dataUrl(mark)}" alt="">${PRODUCT_NAME}</div>
<h1>${landingTexts.headline.replace(". ", ".<br>")}</h1>
<p>${landingTexts.audience}</p>
<p class="price">${landingTexts.price}</p></div>
<div class="card"><span class="tag">EXAMPLE</span><h2>${landingHeroExample.heading}</h2>
${landingHeroExample.lines.map((line) => `<p>${line}</p>`).join("")}</div>
</body></html>`;

const touchIcon = `<!doctype html><html><head><style>html, body { margin: 0; width: 180px; height: 180px; background: #1c1917; }
img { display: block; width: 180px; height: 180px; }</style></head><body><img src="${dataUrl(mark)}" alt=""></body></html>`;

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (const [html, size, file] of [
    [ogImage, { width: 1200, height: 630 }, "public/og-image.png"],
    [touchIcon, { width: 180, height: 180 }, "public/apple-touch-icon.png"],
  ] as const) {
    const page = await browser.newPage({ viewport: size });
    await page.setContent(html, { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: path.join(root, file) });
    await page.close();
    console.log(`wrote ${file} (${size.width}×${size.height})`);
  }
} finally {
  await browser.close();
}
