/**
 * The history vocabulary (spec section 3, "Query types per history section" and "Subcategory
 * display labels"), section titles and Back targets (section 2) and the old section names.
 * The expected values come from the spec's tables (tests/spec/tables.ts), not from the catalog.
 */
import { describe, expect, it } from "vitest";
import {
  historyEntryLabel,
  historySectionAliases,
  resolveHistorySection,
  toolForQueryType,
} from "~/catalog/history";
import { historyPath, toolPath, tools } from "~/catalog/tools";
import { SPEC_HISTORY_FALLBACK, SPEC_HISTORY_SECTIONS, SPEC_TOOLS, SPEC_UNIFIED_LABEL } from "../spec/tables";

const SECTIONS = SPEC_HISTORY_SECTIONS.map(({ section }) => section);
const bySection = new Map(SPEC_HISTORY_SECTIONS.map((spec) => [spec.section, spec]));
const sectionTypes = (section: string) => bySection.get(section)!.types.map(({ type }) => type);
const toolKey = (section: string) => bySection.get(section)!.toolKey;
const longTypes = SPEC_HISTORY_SECTIONS.flatMap(({ types }) => types.filter(({ type }) => !type.endsWith("_unified")));
const nonUnified = longTypes.map(({ type }) => type);
/** Spec section 3, "Subcategory display labels": the 27 labels, in the spec's order. */
const SPEC_LABELS = longTypes.map(({ label }) => label);
const unified = SECTIONS.flatMap((section) => sectionTypes(section).filter((type) => type.endsWith("_unified")));

describe("history sections: query types (spec section 3)", () => {
  it("the spec's lists are what this test thinks they are (27 long types, 6 unified)", () => {
    expect(nonUnified).toHaveLength(27);
    expect(SPEC_LABELS).toHaveLength(27);
    expect(unified).toHaveLength(6);
    expect(new Set([...nonUnified, ...unified]).size).toBe(33);
  });

  for (const section of SECTIONS) {
    it(`${section}: shows exactly its long types and the tool key '${toolKey(section)}'`, () => {
      const resolved = resolveHistorySection(section);
      expect(resolved.section).toBe(section);
      expect([...resolved.queryTypes].sort()).toEqual([...sectionTypes(section), toolKey(section)].sort());
    });

    it(`${section}: every one of its types belongs to the tool whose history is /${section}/history`, () => {
      for (const type of [...sectionTypes(section), toolKey(section)]) {
        const tool = toolForQueryType(type);
        expect(tool, type).toBeDefined();
        expect(tool!.historySection, type).toBe(section);
        expect(historyPath(tool!), type).toBe(`/${section}/history`);
        expect(toolPath(tool!), type).toBe(bySection.get(section)!.back);
      }
    });
  }

  it("each tool's section in the spec's tables leads back to that tool and lists its tool key", () => {
    for (const tool of SPEC_TOOLS) {
      expect(bySection.get(tool.historySection), tool.slug).toMatchObject({ back: tool.path, toolKey: tool.queryType });
    }
    expect(new Set(SPEC_TOOLS.map((tool) => tool.historySection))).toEqual(new Set(SECTIONS));
  });

  it("no type is shown in two sections", () => {
    for (const type of [...nonUnified, ...unified, ...SECTIONS.map(toolKey)]) {
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
      expect(historyEntryLabel(type, null), type).toBe(SPEC_UNIFIED_LABEL);
    }
  });

  it("unknown types show the raw type", () => {
    for (const type of ["memoir", "poetry_revision_clarity", "World Building", "unified", "prose_extra"]) {
      expect(historyEntryLabel(type, null), type).toBe(type);
      expect(historyEntryLabel(type, "world"), type).toBe(type);
    }
  });

  for (const { queryType: key, elements } of SPEC_TOOLS) {
    it(`rows the ${key} tool saved show the chosen element's label (spec section 5)`, () => {
      for (const { value, label } of elements) {
        expect(historyEntryLabel(key, value), `${key}/${value}`).toBe(label);
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
  for (const { section, title, back } of SPEC_HISTORY_SECTIONS) {
    it(`${section}: '${title}', Back to ${back}`, () => {
      const resolved = resolveHistorySection(section);
      expect(resolved.title).toBe(title);
      expect(resolved.backPath).toBe(back);
      expect(resolved.tool?.historySection).toBe(section);
    });
  }

  it("every tool links to one of the six sections (the spec's View History links)", () => {
    expect(tools.map(historyPath).sort()).toEqual(SECTIONS.map((section) => `/${section}/history`).sort());
  });

  it("an unknown section gets title 'History', Back to /dashboard and the types {section} and {section}_unified", () => {
    expect(resolveHistorySection("memoir")).toEqual({
      section: "memoir",
      title: SPEC_HISTORY_FALLBACK.title,
      backPath: SPEC_HISTORY_FALLBACK.back,
      queryTypes: ["memoir", "memoir_unified"],
      tool: null,
    });
    expect(resolveHistorySection("screen_play-2")).toMatchObject({
      title: SPEC_HISTORY_FALLBACK.title,
      backPath: SPEC_HISTORY_FALLBACK.back,
      queryTypes: ["screen_play-2", "screen_play-2_unified"],
    });
  });

  it("a section name that is not a plain name shows nothing (never an arbitrary pattern of types)", () => {
    for (const section of ["", "Prose", "a b", "x%", "a".repeat(41), "prose/../poetry"]) {
      const resolved = resolveHistorySection(section);
      expect(resolved.title, section).toBe(SPEC_HISTORY_FALLBACK.title);
      expect(resolved.backPath, section).toBe(SPEC_HISTORY_FALLBACK.back);
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
