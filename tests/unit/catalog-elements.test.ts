import { describe, expect, it } from "vitest";
import { buildRequestText, findElement, findToolBySlug } from "~/catalog/requests";
import { tools, type Tool } from "~/catalog/tools";

/** Spec section 5, "Elements per tool and the fields each shows", and section 3's form state. */
const spec: Record<string, { fields: string[]; elements: [string, string | null, string[] | "all"][] }> = {
  prose: {
    fields: ["genre", "setting", "character", "tone", "length", "storyIdea"],
    elements: [
      ["world", "World description", ["genre", "setting", "storyIdea"]],
      ["characters", "Character list / dramatis personae", ["genre", "setting", "character", "storyIdea"]],
      ["style", "Style guidance", ["genre", "tone", "storyIdea"]],
      ["outline", "Story outline", ["genre", "setting", "character", "tone", "length", "storyIdea"]],
      ["all", "All of the above", "all"],
    ],
  },
  poetry: {
    fields: ["premise", "theme", "tone", "length", "rhymeScheme", "poetryStyle", "meter"],
    elements: [
      ["poem", null, ["premise", "theme", "tone", "length", "rhymeScheme", "poetryStyle", "meter"]],
      ["imagery", "Imagery suggestions", ["premise", "theme", "tone"]],
      ["rhyme_meter", "Rhyme/Meter guidance", ["rhymeScheme", "meter", "poetryStyle", "premise"]],
      ["style_tone", "Style/Tone suggestions", ["tone", "poetryStyle", "premise"]],
      ["all", null, "all"],
    ],
  },
  nonfiction: {
    fields: ["topic", "researchQuestion", "premise", "audience", "toneStyle", "lengthFormat", "keyPoints"],
    elements: [
      ["research", "Fact-checked research summary", ["topic", "researchQuestion"]],
      ["outline", "Outline/Structure", ["topic", "premise", "audience", "keyPoints", "lengthFormat"]],
      ["voice_tone", "Voice & Tone guidance", ["topic", "audience", "toneStyle"]],
      ["clarity", "Clarity & Conciseness", ["topic", "premise", "audience"]],
      ["openings_conclusions", "Engaging Opening & Conclusion", ["topic", "premise", "audience", "toneStyle"]],
      ["all", null, "all"],
    ],
  },
  "online-content": {
    fields: ["audience", "platform", "theme", "format", "tone", "length", "budget", "schedule", "growthObjectives"],
    elements: [
      ["strategy", "Audience/Platform Strategy", ["audience", "platform", "theme", "growthObjectives"]],
      ["ideas", "Content Ideas", ["audience", "platform", "theme", "format", "tone"]],
      ["script", "Script/Storyboard", ["theme", "format", "tone", "length", "audience"]],
      ["production", "Filming & Production Tips", ["format", "budget", "platform"]],
      ["growth", "Posting/Optimization & Growth", ["platform", "audience", "schedule", "growthObjectives"]],
      ["all", null, "all"],
    ],
  },
  songwriting: {
    fields: ["genre", "theme", "mood", "length", "structure", "melody", "performanceContext"],
    elements: [
      ["theme", "Theme/Concept", ["genre", "theme", "mood"]],
      ["lyrics", "Lyrics & Wordcraft", ["genre", "theme", "mood", "structure", "length"]],
      ["melody", "Melody & Hook", ["genre", "theme", "mood", "melody"]],
      ["structure", "Structure/Arrangement", ["genre", "theme", "structure", "length"]],
      ["style", "Style/Genre & Performance tips", ["genre", "mood", "performanceContext"]],
      ["all", null, "all"],
    ],
  },
  "stage-screen": {
    fields: ["premise", "medium", "genre", "tone", "characters", "structure", "dialogueStyle", "visuals"],
    elements: [
      ["structure", "Scene Structure & Pacing", ["premise", "medium", "genre", "structure", "characters"]],
      ["dialogue", "Dialogue Crafting", ["premise", "genre", "tone", "characters", "dialogueStyle"]],
      ["characters", "Character Arcs & Dynamics", ["premise", "genre", "characters"]],
      ["visuals", "Visual & Staging Suggestions", ["premise", "medium", "genre", "tone", "visuals"]],
      ["all", null, "all"],
    ],
  },
};

const successTexts: Record<string, string> = {
  prose: "Your content has been generated.",
  "online-content": "Your content has been generated.",
  poetry: "Your poetry has been generated.",
  nonfiction: "Your nonfiction content has been generated.",
  songwriting: "Your song elements have been generated.",
  "stage-screen": "Your script elements have been generated.",
};

function tool(slug: string): Tool {
  const found = findToolBySlug(slug);
  if (!found) throw new Error(`no tool ${slug}`);
  return found;
}

describe("catalog against spec section 5", () => {
  for (const [slug, expected] of Object.entries(spec)) {
    describe(slug, () => {
      it("has the spec's fields, each with a label and a placeholder", () => {
        const fields = tool(slug).fields as Record<string, { label: string; placeholder: string }>;
        expect(Object.keys(fields)).toEqual(expected.fields);
        for (const field of Object.values(fields)) {
          expect(field.label.length).toBeGreaterThan(0);
          expect(field.placeholder.length).toBeGreaterThan(0);
        }
      });

      it("has the spec's elements, labels and field lists, in order", () => {
        const elements = tool(slug).elements.map((element) => [element.value, element.label, [...element.fields]]);
        expect(elements.map(([value]) => value)).toEqual(expected.elements.map(([value]) => value));
        for (const [value, label, fields] of expected.elements) {
          const element = findElement(tool(slug), value)!;
          if (label) expect(element.label).toBe(label);
          expect([...element.fields]).toEqual(fields === "all" ? expected.fields : fields);
        }
      });

      it("uses the spec's success text", () => {
        expect(tool(slug).successMessage).toBe(successTexts[slug]);
      });
    });
  }

  it("maps every history type of spec section 3 to its section with its label", () => {
    const all = tools.flatMap((t) => t.historyTypes.map((entry) => [t.historySection, entry.type, entry.label]));
    expect(all).toContainEqual(["prose", "world_building", "World Building"]);
    expect(all).toContainEqual(["nonfiction", "engaging_openings_conclusions", "Engaging Openings & Conclusions"]);
    expect(all).toContainEqual(["content", "posting_optimization_growth", "Posting, Optimization & Growth"]);
    expect(all).toContainEqual(["songwriting", "style_genre_performance_tips", "Style, Genre & Performance Tips"]);
    expect(all).toContainEqual(["stage", "visual_staging_suggestions", "Visual & Staging Suggestions"]);
    for (const [, type, label] of all) if (type!.endsWith("_unified")) expect(label).toBe("Unified Prompt");
    expect(all).toHaveLength(5 + 5 + 6 + 6 + 6 + 5);
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

  it("builds a request for every element of every tool", () => {
    for (const t of tools) {
      for (const element of t.elements) {
        const values = Object.fromEntries(element.fields.map((field) => [field, `value of ${field}`]));
        const text = buildRequestText(t, element, values);
        const lines = text.split("\n");
        expect(lines[0]).toBe(`Generate ${element.label}.`);
        expect(lines[1]).toBe("");
        expect(lines.slice(2)).toHaveLength(element.fields.length);
        element.fields.forEach((field, index) => {
          const label = (t.fields as Record<string, { label: string }>)[field]!.label;
          expect(lines[2 + index]).toBe(`${label}: value of ${field}`);
        });
      }
    }
  });
});
