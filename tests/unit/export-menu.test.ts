/**
 * The answer's Download menu as the server renders it: a menu button named "Download" (the
 * items appear when it opens, in the browser; tests/e2e/exports.spec.ts drives them).
 */
import { Theme } from "@radix-ui/themes";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AnswerExportMenu, ExportMenu } from "~/components/export-menu";
import { exportTexts } from "~/messages/exports";

const render = (element: ReactElement) => renderToStaticMarkup(createElement(Theme, null, element));

describe("the Download menu", () => {
  it("an answer's: a closed menu button named Download", () => {
    const html = render(createElement(AnswerExportMenu, { toolSlug: "stage-screen", title: "Scene", markdown: "**INT. ROOF - DAY**" }));
    expect(html).toMatch(/<button[^>]*aria-haspopup="menu"[^>]*aria-expanded="false"/);
    expect(html).toContain(`${exportTexts.download}<svg`);
    expect(html).not.toContain("disabled");
  });

  it("is disabled while there is nothing to export yet", () => {
    const html = render(createElement(ExportMenu, { source: null, screenplay: false, label: exportTexts.moreFormats }));
    expect(html).toMatch(/<button[^>]*disabled=""/);
    expect(html).toContain(exportTexts.moreFormats);
  });
});
