import { describe, expect, it } from "vitest";
import { buildRequestText, fieldLabel, findElement, findToolBySlug } from "~/catalog/requests";
import { tools, type Tool } from "~/catalog/tools";
import { generationToasts } from "~/messages/tools";
import { SPEC_FOLLOW_UP_SUCCESS, SPEC_HISTORY_SECTIONS, SPEC_SUCCESS_TITLE, SPEC_TOOLS } from "../spec/tables";

function tool(slug: string): Tool {
  const found = findToolBySlug(slug);
  if (!found) throw new Error(`no tool ${slug}`);
  return found;
}

describe("catalog against spec section 5", () => {
  for (const expected of SPEC_TOOLS) {
    const slug = expected.slug;
    describe(slug, () => {
      it("has the spec's fields with their labels, each with a placeholder", () => {
        const { fields } = tool(slug);
        expect(Object.keys(fields)).toEqual(Object.keys(expected.fieldLabels));
        for (const [name, label] of Object.entries(expected.fieldLabels)) expect(fieldLabel(tool(slug), name)).toBe(label);
        for (const field of Object.values(fields)) {
          expect(field.label.length).toBeGreaterThan(0);
          expect(field.placeholder.length).toBeGreaterThan(0);
        }
      });

      it("has the spec's elements, labels and field lists, in order", () => {
        expect(tool(slug).elements.map((element) => element.value)).toEqual(expected.elements.map(({ value }) => value));
        for (const { value, label, fields } of expected.elements) {
          const element = findElement(tool(slug), value)!;
          expect(element.label).toBe(label);
          expect([...element.fields]).toEqual(fields);
        }
      });

      it("'all' shows every field of the tool", () => {
        expect([...findElement(tool(slug), "all")!.fields]).toEqual(Object.keys(expected.fieldLabels));
      });

      it("uses the spec's success text", () => {
        expect(tool(slug).successMessage).toBe(expected.successMessage);
      });
    });
  }

  it("the success toasts' title and the follow-up's text are the spec's", () => {
    expect(generationToasts.success.title).toBe(SPEC_SUCCESS_TITLE);
    expect(generationToasts.followUpSuccess).toEqual({ title: SPEC_SUCCESS_TITLE, description: SPEC_FOLLOW_UP_SUCCESS });
  });

  it("maps every history type of spec section 3 to its section with its label", () => {
    const all = tools.flatMap((t) => t.historyTypes.map((entry) => [t.historySection, entry.type, entry.label]));
    const expected = SPEC_HISTORY_SECTIONS.flatMap(({ section, types }) => types.map(({ type, label }) => [section, type, label]));
    expect(all).toHaveLength(5 + 5 + 6 + 6 + 6 + 5);
    expect([...all].sort()).toEqual([...expected].sort());
    for (const [, type, label] of all) if (type!.endsWith("_unified")) expect(label).toBe("Unified Prompt");
  });
});

describe("request text (spec section 4)", () => {
  it("is just 'Generate {label}.' when no field is filled", () => {
    const prose = tool("prose");
    expect(buildRequestText(prose, findElement(prose, "world")!, {})).toBe("Generate World description.");
    expect(buildRequestText(prose, findElement(prose, "world")!, { genre: "   ", setting: "" })).toBe(
      "Generate World description.",
    );
  });

  it("adds a blank line and one trimmed 'Label: value' line per filled field, in the element's order", () => {
    const prose = tool("prose");
    const text = buildRequestText(prose, findElement(prose, "world")!, {
      storyIdea: "  A mapmaker finds a country that is not there. ",
      genre: " noir ",
      tone: "ignored: not a field of this element",
    });
    expect(text).toBe("Generate World description.\n\nGenre: noir\nStory Idea: A mapmaker finds a country that is not there.");
  });

  it("builds a request for every element of every tool, with the spec's labels in the spec's order", () => {
    for (const spec of SPEC_TOOLS) {
      for (const { value, label, fields } of spec.elements) {
        const values = Object.fromEntries(fields.map((field) => [field, `value of ${field}`]));
        const text = buildRequestText(tool(spec.slug), findElement(tool(spec.slug), value)!, values);
        const lines = fields.map((field) => `${spec.fieldLabels[field]}: value of ${field}`);
        expect(text).toBe(`Generate ${label}.\n\n${lines.join("\n")}`);
      }
    }
  });
});
