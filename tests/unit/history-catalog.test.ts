/**
 * The history vocabulary (spec section 3, "Query types per history section" and "Subcategory
 * display labels"), section titles and Back targets (section 2) and the old section names.
 * The lists below are copied from the spec, not derived from the catalog.
 */
import { describe, expect, it } from "vitest";
import {
  historyEntryLabel,
  historySectionAliases,
  resolveHistorySection,
  toolForQueryType,
} from "~/catalog/history";
import { historyPath, tools } from "~/catalog/tools";

/** Spec section 3, "Query types per history section", in the spec's order. */
const SPEC_SECTION_TYPES: Record<string, string[]> = {
  prose: ["fictional_prose_unified", "world_building", "character_development", "style_enhancement", "story_outline"],
  poetry: ["poetry_unified", "poetry_form_structure", "poetry_language_imagery", "poetry_rhyme_rhythm", "poetry_style_voice"],
  nonfiction: [
    "nonfiction_unified",
    "research_fact_checking",
    "organization_structure",
    "voice_tone_development",
    "clarity_conciseness",
    "engaging_openings_conclusions",
  ],
  content: [
    "content_creation_unified",
    "audience_platform_strategy",
    "content_idea_generation",
    "scripting_storyboarding",
    "filming_production_tips",
    "posting_optimization_growth",
  ],
  songwriting: [
    "songwriting_unified",
    "theme_concept_development",
    "lyrics_wordcraft",
    "melody_hook_creation",
    "song_structure_arrangement",
    "style_genre_performance_tips",
  ],
  stage: [
    "stage_screen_unified",
    "scene_structure_pacing",
    "dialogue_crafting",
    "character_arcs_dynamics",
    "visual_staging_suggestions",
  ],
};

/** Spec section 3, "History records saved by tools": the tool-side query_type of each section. */
const SPEC_TOOL_KEYS: Record<string, string> = {
  prose: "prose",
  poetry: "poetry",
  nonfiction: "nonfiction",
  content: "content",
  songwriting: "songwriting",
  stage: "stage",
};

/** Spec section 3, "Subcategory display labels": the 27 labels, in the spec's order. */
const SPEC_LABELS = [
  "World Building",
  "Character Development",
  "Style Enhancement",
  "Story Outline",
  "Form & Structure",
  "Language & Imagery",
  "Rhyme & Rhythm",
  "Style & Voice",
  "Research & Fact-Checking",
  "Organization & Structure",
  "Voice & Tone",
  "Clarity & Conciseness",
  "Engaging Openings & Conclusions",
  "Audience & Platform Strategy",
  "Content Idea Generation",
  "Scripting & Storyboarding",
  "Filming & Production Tips",
  "Posting, Optimization & Growth",
  "Theme & Concept Development",
  "Lyrics & Wordcraft",
  "Melody & Hook Creation",
  "Song Structure & Arrangement",
  "Style, Genre & Performance Tips",
  "Scene Structure & Pacing",
  "Dialogue Crafting",
  "Character Arcs & Dynamics",
  "Visual & Staging Suggestions",
];

/** Spec section 2, "History screen": title and Back target of each section. */
const SPEC_SECTION_PAGES: Record<string, { title: string; back: string }> = {
  prose: { title: "Fictional Prose History", back: "/prose" },
  poetry: { title: "Poetry History", back: "/poetry" },
  nonfiction: { title: "Nonfiction History", back: "/nonfiction" },
  content: { title: "Content Creation History", back: "/online-content" },
  songwriting: { title: "Songwriting History", back: "/songwriting" },
  stage: { title: "Stage & Screen History", back: "/stage-screen" },
};

/** Spec section 5, "Elements per tool": the element labels the spec names, by tool key. */
const SPEC_ELEMENT_LABELS: Record<string, [string, string][]> = {
  prose: [
    ["world", "World description"],
    ["characters", "Character list / dramatis personae"],
    ["style", "Style guidance"],
    ["outline", "Story outline"],
    ["all", "All of the above"],
  ],
  poetry: [
    ["imagery", "Imagery suggestions"],
    ["rhyme_meter", "Rhyme/Meter guidance"],
    ["style_tone", "Style/Tone suggestions"],
  ],
  nonfiction: [
    ["research", "Fact-checked research summary"],
    ["outline", "Outline/Structure"],
    ["voice_tone", "Voice & Tone guidance"],
    ["clarity", "Clarity & Conciseness"],
    ["openings_conclusions", "Engaging Opening & Conclusion"],
  ],
  content: [
    ["strategy", "Audience/Platform Strategy"],
    ["ideas", "Content Ideas"],
    ["script", "Script/Storyboard"],
    ["production", "Filming & Production Tips"],
    ["growth", "Posting/Optimization & Growth"],
  ],
  songwriting: [
    ["theme", "Theme/Concept"],
    ["lyrics", "Lyrics & Wordcraft"],
    ["melody", "Melody & Hook"],
    ["structure", "Structure/Arrangement"],
    ["style", "Style/Genre & Performance tips"],
  ],
  stage: [
    ["structure", "Scene Structure & Pacing"],
    ["dialogue", "Dialogue Crafting"],
    ["characters", "Character Arcs & Dynamics"],
    ["visuals", "Visual & Staging Suggestions"],
  ],
};

const SECTIONS = Object.keys(SPEC_SECTION_TYPES);
const nonUnified = SECTIONS.flatMap((section) => SPEC_SECTION_TYPES[section]!.filter((type) => !type.endsWith("_unified")));
const unified = SECTIONS.flatMap((section) => SPEC_SECTION_TYPES[section]!.filter((type) => type.endsWith("_unified")));

describe("history sections: query types (spec section 3)", () => {
  it("the spec's lists are what this test thinks they are (27 long types, 6 unified)", () => {
    expect(nonUnified).toHaveLength(27);
    expect(SPEC_LABELS).toHaveLength(27);
    expect(unified).toHaveLength(6);
    expect(new Set([...nonUnified, ...unified]).size).toBe(33);
  });

  for (const section of SECTIONS) {
    it(`${section}: shows exactly its long types and the tool key '${SPEC_TOOL_KEYS[section]}'`, () => {
      const resolved = resolveHistorySection(section);
      expect(resolved.section).toBe(section);
      expect([...resolved.queryTypes].sort()).toEqual([...SPEC_SECTION_TYPES[section]!, SPEC_TOOL_KEYS[section]!].sort());
    });

    it(`${section}: every one of its types belongs to the tool whose history is /${section}/history`, () => {
      for (const type of [...SPEC_SECTION_TYPES[section]!, SPEC_TOOL_KEYS[section]!]) {
        const tool = toolForQueryType(type);
        expect(tool, type).toBeDefined();
        expect(tool!.historySection, type).toBe(section);
        expect(historyPath(tool!), type).toBe(`/${section}/history`);
        expect(tool!.path, type).toBe(SPEC_SECTION_PAGES[section]!.back);
      }
    });
  }

  it("no type is shown in two sections", () => {
    for (const type of [...nonUnified, ...unified, ...Object.values(SPEC_TOOL_KEYS)]) {
      const owners = SECTIONS.filter((section) => resolveHistorySection(section).queryTypes.includes(type));
      expect(owners, type).toHaveLength(1);
    }
  });

  it("types outside the spec's lists belong to no tool", () => {
    for (const type of ["memoir", "memoir_unified", "poetry_revision_clarity", "", "PROSE", "prose ", "world-building"]) {
      expect(toolForQueryType(type), JSON.stringify(type)).toBeUndefined();
    }
  });
});

describe("history entry labels (spec section 3, 'Subcategory display labels')", () => {
  it("the 27 long types get the spec's labels, in the spec's order", () => {
    expect(nonUnified.map((type) => historyEntryLabel(type, null))).toEqual(SPEC_LABELS);
  });

  it("the label does not depend on a stored element for long types", () => {
    for (const [index, type] of nonUnified.entries()) {
      expect(historyEntryLabel(type, "world"), type).toBe(SPEC_LABELS[index]);
      expect(historyEntryLabel(type, "all"), type).toBe(SPEC_LABELS[index]);
    }
  });

  it("every *_unified type is 'Unified Prompt', known or not", () => {
    for (const type of [...unified, "memoir_unified", "stage_unified", "x_unified"]) {
      expect(historyEntryLabel(type, null), type).toBe("Unified Prompt");
    }
  });

  it("unknown types show the raw type", () => {
    for (const type of ["memoir", "poetry_revision_clarity", "World Building", "unified", "prose_extra"]) {
      expect(historyEntryLabel(type, null), type).toBe(type);
      expect(historyEntryLabel(type, "world"), type).toBe(type);
    }
  });

  for (const [key, elements] of Object.entries(SPEC_ELEMENT_LABELS)) {
    it(`rows the ${key} tool saved show the chosen element's label (spec section 5)`, () => {
      for (const [element, label] of elements) {
        expect(historyEntryLabel(key, element), `${key}/${element}`).toBe(label);
      }
    });
  }

  it("every element of every tool labels its tool-key rows with that element's label", () => {
    for (const tool of tools) {
      for (const element of tool.elements) {
        expect(historyEntryLabel(tool.queryType, element.value)).toBe(element.label);
      }
    }
  });

  it("a tool-key row whose element is missing or unknown falls back to the raw type", () => {
    expect(historyEntryLabel("prose", null)).toBe("prose");
    expect(historyEntryLabel("prose", "sonnet")).toBe("prose");
    // An element of another tool is not this tool's element.
    expect(historyEntryLabel("poetry", "world")).toBe("poetry");
  });
});

describe("history pages: titles and Back targets (spec section 2)", () => {
  for (const [section, { title, back }] of Object.entries(SPEC_SECTION_PAGES)) {
    it(`${section}: '${title}', Back to ${back}`, () => {
      const resolved = resolveHistorySection(section);
      expect(resolved.title).toBe(title);
      expect(resolved.backPath).toBe(back);
      expect(resolved.tool?.historySection).toBe(section);
    });
  }

  it("every tool links to one of the six sections (the spec's View History links)", () => {
    expect(tools.map(historyPath).sort()).toEqual(
      ["/prose/history", "/poetry/history", "/nonfiction/history", "/content/history", "/songwriting/history", "/stage/history"].sort(),
    );
  });

  it("an unknown section gets title 'History', Back to /dashboard and the types {section} and {section}_unified", () => {
    expect(resolveHistorySection("memoir")).toEqual({
      section: "memoir",
      title: "History",
      backPath: "/dashboard",
      queryTypes: ["memoir", "memoir_unified"],
      tool: null,
    });
    expect(resolveHistorySection("screen_play-2")).toMatchObject({
      title: "History",
      backPath: "/dashboard",
      queryTypes: ["screen_play-2", "screen_play-2_unified"],
    });
  });

  it("a section name that is not a plain name shows nothing (never an arbitrary pattern of types)", () => {
    for (const section of ["", "Prose", "a b", "x%", "a".repeat(41), "prose/../poetry"]) {
      const resolved = resolveHistorySection(section);
      expect(resolved.title, section).toBe("History");
      expect(resolved.backPath, section).toBe("/dashboard");
      expect(resolved.queryTypes, section).toEqual([]);
    }
  });
});

describe("old section names", () => {
  it("online-content → content, stage-screen and stage_screen → stage", () => {
    expect({ ...historySectionAliases }).toEqual({
      "online-content": "content",
      "stage-screen": "stage",
      stage_screen: "stage",
    });
  });

  it("every alias points at one of the six sections", () => {
    for (const target of Object.values(historySectionAliases)) {
      expect(SECTIONS).toContain(target);
    }
  });
});
