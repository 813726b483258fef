/**
 * The browser side of trust (issue 11): the Content-Security-Policy watch every test runs
 * under (fixtures.ts) really catches violations; model output loads nothing from other hosts,
 * on the tool page and in the history details; static files carry the security headers.
 */
import type { Locator, Page } from "@playwright/test";
import { toolTexts } from "../../app/messages/tools.ts";
import { expect, open, signUp, test, type CspViolation } from "./fixtures.ts";
import { cardWith, historyCard, historyPage } from "./history-page.ts";
import { chooseElement, fillField, generateAndWait, injectFault, openToolFromDashboard, toolBySlug, uniqueMarker } from "./tool-page.ts";

const prose = toolBySlug("prose");

/** What an injected script (an XSS) would look like: inline, without the response's nonce. */
async function injectInlineScript(page: Page) {
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__e2eInjectedRan = true";
    document.body.append(script);
  });
}

async function injectedScriptRan(page: Page) {
  return page.evaluate(() => (window as unknown as { __e2eInjectedRan?: boolean }).__e2eInjectedRan === true);
}

/** The watch saw exactly this blocked inline script; then it is forgotten, having been checked. */
async function expectCaughtAndForget(violations: CspViolation[], page: Page) {
  await expect.poll(() => violations.length, { message: "the violation reached the test" }).toBe(1);
  expect(violations[0]).toMatchObject({ directive: "script-src-elem", blockedURI: "inline", disposition: "enforce" });
  expect(await injectedScriptRan(page), "the script without the nonce did not run").toBe(false);
  violations.length = 0;
}

test.describe("the Content-Security-Policy watch of every test (fixtures.ts)", () => {
  test("sees an inline script without the nonce, which the policy blocks", async ({ page, cspViolations }) => {
    await open(page, "/");
    await injectInlineScript(page);
    await expectCaughtAndForget(cspViolations, page);
  });

  test("sees it in a browser context the test opened itself", async ({ browser, cspViolations }) => {
    const other = await browser.newContext();
    try {
      const page = await other.newPage();
      await open(page, "/signup");
      await injectInlineScript(page);
      await expectCaughtAndForget(cspViolations, page);
    } finally {
      await other.close();
    }
  });

  test("fails the test in which a violation happened", async ({ page }) => {
    test.fail(true, "expected: the fixture's check after the test finds the violation and fails the test");
    await open(page, "/");
    // Nothing else here may fail: without a policy (or without the watch) this test passes,
    // and Playwright reports that as a failure.
    await injectInlineScript(page);
  });
});

const MODEL_MARKDOWN = [
  "## The lighthouse",
  "",
  "![A lighthouse at dusk](https://images.evil.example/lighthouse.png)",
  "",
  "Read [the keeper's guide](https://guide.example.test/keepers) before you start.",
].join("\n");

/** Rendered model Markdown: the image is a safe link with its alt text, and nothing is an <img>. */
async function expectNoRemoteImage(markdown: Locator) {
  await expect(markdown.getByRole("heading", { name: "The lighthouse" })).toBeVisible();
  await expect(markdown.locator("img")).toHaveCount(0);
  const links: [name: string, href: string][] = [
    ["A lighthouse at dusk", "https://images.evil.example/lighthouse.png"],
    ["the keeper's guide", "https://guide.example.test/keepers"],
  ];
  for (const [name, href] of links) {
    const link = markdown.getByRole("link", { name, exact: true });
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
  }
}

test("model Markdown with an image and a link: no image loads, links open safely, on the tool page and in history", async ({
  page,
  email,
  mockUrl,
}, testInfo) => {
  const foreignRequests: string[] = [];
  page.on("request", (request) => {
    if (!/^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(request.url())) foreignRequests.push(request.url());
  });
  const marker = uniqueMarker(testInfo, "md");
  await injectFault(mockUrl, { kind: "reply", text: MODEL_MARKDOWN, match: marker, times: 1 });

  await signUp(page, { email });
  await openToolFromDashboard(page, prose);
  await chooseElement(page, "World description");
  await fillField(page, prose, "genre", marker);
  const answer = await generateAndWait(page, prose);
  await expectNoRemoteImage(answer.locator(".markdown"));

  await page.getByRole("link", { name: toolTexts.viewHistory, exact: true }).click();
  await expect(historyPage(page).heading).toBeVisible();
  await historyCard(cardWith(page, marker)).view.click();
  const details = historyPage(page).details;
  await expect(details).toBeVisible();
  await expectNoRemoteImage(details.locator(".markdown").last());

  expect(foreignRequests, "requests to other hosts").toEqual([]);
});

test("static files carry the security headers (public/_headers, applied by the local asset server too)", async ({
  page,
  request,
}) => {
  await open(page, "/");
  const script = await page.locator('script[type="module"]').first().textContent();
  const asset = /\/assets\/[\w.-]+\.js/.exec(script ?? "")?.[0];
  expect(asset, "a built asset the landing page loads").toBeTruthy();
  for (const path of [asset!, "/wallpaper.svg", "/robots.txt"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], path).toBe("camera=(), microphone=(), geolocation=()");
    expect(headers["strict-transport-security"], path).toBe("max-age=31536000; includeSubDomains");
    expect(headers["content-security-policy"], path).toMatch(/default-src 'none'/);
  }
});
