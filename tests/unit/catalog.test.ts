import { describe, expect, it } from "vitest";
import { findToolByPath, historyPath, legacyRedirects, toolPath, tools } from "~/catalog/tools";
import { SPEC_OLD_ROUTES, SPEC_TOOLS } from "../spec/tables";

describe("tool catalog", () => {
  it("has the six tools at the spec's routes with the spec's titles", () => {
    expect(tools.map((tool) => [toolPath(tool), tool.title])).toEqual(SPEC_TOOLS.map((tool) => [tool.path, tool.title]));
  });

  it("names each tool by its route", () => {
    expect(tools.map((tool) => tool.slug)).toEqual(SPEC_TOOLS.map((tool) => tool.slug));
    for (const tool of tools) expect(toolPath(tool)).toBe(`/${tool.slug}`);
  });

  it("labels the dashboard cards as the spec does, in its order", () => {
    expect(tools.map((tool) => tool.cardLabel)).toEqual(SPEC_TOOLS.map((tool) => tool.cardLabel));
  });

  it("links each tool to its history section", () => {
    expect(tools.map(historyPath)).toEqual(SPEC_TOOLS.map((tool) => `/${tool.historySection}/history`));
  });

  it("saves each tool's history under the spec's tool key", () => {
    expect(tools.map((tool) => tool.queryType)).toEqual(SPEC_TOOLS.map((tool) => tool.queryType));
  });

  it("uses the spec's system prompt keys", () => {
    expect(tools.map((tool) => tool.systemPromptKey)).toEqual(SPEC_TOOLS.map((tool) => tool.systemPromptKey));
  });

  it("redirects every old per-feature route of the spec to its merged tool", () => {
    expect(legacyRedirects).toHaveLength(SPEC_OLD_ROUTES.length);
    for (const old of SPEC_OLD_ROUTES) {
      const redirect = legacyRedirects.find((legacy) => legacy.from === old.path);
      expect(redirect, old.path).toBeDefined();
      expect(new URL(redirect!.to, "http://x").pathname, old.path).toBe(old.tool.path);
      expect(redirect!.to, old.path).toBe(old.to);
    }
  });

  it("finds tools by exact path only", () => {
    expect(findToolByPath("/poetry")?.slug).toBe("poetry");
    expect(findToolByPath("/poetry/extra")).toBeUndefined();
  });
});
