import { describe, expect, it } from "vitest";
import { findToolByPath, historyPath, legacyRedirects, tools } from "~/catalog/tools";

describe("tool catalog", () => {
  it("has the six tools at the spec's routes with the spec's titles", () => {
    expect(tools.map((tool) => [tool.path, tool.title])).toEqual([
      ["/prose", "Fictional Prose Assistant"],
      ["/poetry", "Poetry Assistant"],
      ["/stage-screen", "Stage & Screen Assistant"],
      ["/nonfiction", "Nonfiction Assistant"],
      ["/online-content", "Content Creation Assistant"],
      ["/songwriting", "Songwriting Assistant"],
    ]);
  });

  it("labels the dashboard cards as the spec does, in its order", () => {
    expect(tools.map((tool) => tool.cardLabel)).toEqual([
      "Fictional Prose",
      "Poetry",
      "Stage & Screen",
      "Nonfiction Writing",
      "Online Content Creation",
      "Songwriting",
    ]);
  });

  it("links each tool to its history section", () => {
    expect(tools.map(historyPath)).toEqual([
      "/prose/history",
      "/poetry/history",
      "/stage/history",
      "/nonfiction/history",
      "/content/history",
      "/songwriting/history",
    ]);
  });

  it("uses the spec's system prompt keys", () => {
    expect(tools.map((tool) => tool.systemPromptKey).sort()).toEqual([
      "content_creation_unified",
      "fictional_prose_unified",
      "nonfiction_unified",
      "poetry_unified",
      "songwriting_unified",
      "stage_screen_unified",
    ]);
  });

  it("redirects every old per-feature route of the spec to its merged tool", () => {
    const expected: Record<string, string[]> = {
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
      "/stage-screen": [
        "scene-structure-pacing",
        "dialogue-crafting",
        "character-arcs-dynamics",
        "visual-staging-suggestions",
      ],
    };
    const total = Object.values(expected).flat().length;
    expect(legacyRedirects).toHaveLength(total);
    for (const [toolPath, slugs] of Object.entries(expected)) {
      for (const slug of slugs) {
        const redirect = legacyRedirects.find((legacy) => legacy.from === `/${slug}`);
        expect(redirect, slug).toBeDefined();
        expect(new URL(redirect!.to, "http://x").pathname).toBe(toolPath);
      }
    }
  });

  it("finds tools by exact path only", () => {
    expect(findToolByPath("/poetry")?.slug).toBe("poetry");
    expect(findToolByPath("/poetry/extra")).toBeUndefined();
  });
});
