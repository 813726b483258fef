import { describe, expect, it } from "vitest";
import { answerSections, characterEntries, entryFromSection, entryFromText, looksLikeName, nameFromHeading, suggestKind } from "~/projects/answer-to-entries";

describe("an answer's sections as bible entries", () => {
  it("splits an answer at its headings, ignoring # lines inside code", () => {
    const sections = answerSections("Intro\n\n# World\n\nFog.\n\n## The Lock House\n\nStone.\n```\n# not a heading\n```\n\n## Weir\nLoud.");
    expect(sections.map((s) => [s.heading, s.level])).toEqual([
      ["World", 1],
      ["The Lock House", 2],
      ["Weir", 2],
    ]);
    expect(sections[1]!.body).toBe("Stone.\n```\n# not a heading\n```");
  });

  it("suggests the kind from the heading's words, else from the element, else Other", () => {
    expect(suggestKind("Main characters")).toBe("character");
    expect(suggestKind("Key locations")).toBe("place");
    expect(suggestKind("The magic system")).toBe("lore");
    expect(suggestKind("Themes and motifs")).toBe("theme");
    expect(suggestKind("Props")).toBe("thing");
    expect(suggestKind("Agnes Pell", "characters")).toBe("character");
    expect(suggestKind("Next steps", "outline")).toBe("other");
  });

  it("names an entry by its heading without numbering, emphasis, kind labels or a final colon", () => {
    expect(nameFromHeading("1. **Agnes Pell**:")).toBe("Agnes Pell");
    expect(nameFromHeading("Character: Agnes Pell")).toBe("Agnes Pell");
    expect(nameFromHeading("Act one: the flood")).toBe("Act one: the flood");
    expect(nameFromHeading("x".repeat(200))).toHaveLength(120);
  });

  it("turns a section into an entry with its body as the description", () => {
    expect(entryFromSection({ heading: "Locations: The Lock House", level: 2, body: "A stone cottage." })).toEqual({
      kind: "place",
      name: "The Lock House",
      description: "A stone cottage.",
    });
  });

  it("names a selection by its heading, its bold lead or its first words", () => {
    expect(entryFromText("## The Weir\nLoud water.")).toEqual({ kind: "other", name: "The Weir", description: "Loud water." });
    expect(entryFromText("**Agnes Pell** — retired keeper.", "characters")).toEqual({
      kind: "character",
      name: "Agnes Pell",
      description: "**Agnes Pell** — retired keeper.",
    });
    expect(entryFromText("The fog comes in at dusk. Nobody crosses.").name).toBe("The fog comes in at dusk");
  });
});

describe("a character list answer as one entry per character", () => {
  it("reads sub-headings under a Characters heading", () => {
    const answer = "# Dramatis personae\n\n## Agnes Pell\nRetired keeper.\n\n## Tom Reed\nThe ferryman.\n\n# Next steps\n- Draft.";
    expect(characterEntries(answer)).toEqual([
      { kind: "character", name: "Agnes Pell", description: "Retired keeper." },
      { kind: "character", name: "Tom Reed", description: "The ferryman." },
    ]);
  });

  it("reads list items that start with a bold or labelled name, with their continuation lines", () => {
    const answer = [
      "## Characters",
      "",
      "- **Agnes Pell** — retired lock-keeper,",
      "  sharp-tongued.",
      "- **Tom Reed:** the ferryman.",
      "1. Mary Pell: her niece.",
      "",
      "## Next steps",
      "- **Draft** a page.",
    ].join("\n");
    expect(characterEntries(answer)).toEqual([
      { kind: "character", name: "Agnes Pell", description: "retired lock-keeper,\nsharp-tongued." },
      { kind: "character", name: "Tom Reed", description: "the ferryman." },
      { kind: "character", name: "Mary Pell", description: "her niece." },
    ]);
  });

  it("reads the cast heading inside a title that names characters, not every section under the title", () => {
    const answer = [
      "# Character list / dramatis personae",
      "",
      "Here is a first take.",
      "",
      "## Your details",
      "",
      "- **Genre:** gothic",
      "",
      "## Characters",
      "",
      "- **Agnes Pell** — the lead.",
      "- **Ivo Marsh** — a rival.",
      "",
      "## Bringing the characters to life",
      "",
      "Give each a want.",
      "",
      "## From your story bible",
      "",
      "- Character: Agnes Pell",
    ].join("\n");
    expect(characterEntries(answer)).toEqual([
      { kind: "character", name: "Agnes Pell", description: "the lead." },
      { kind: "character", name: "Ivo Marsh", description: "a rival." },
    ]);
    // A heading under the title that names one character ("The villain") is an entry, not the list.
    const cast = "# Dramatis personae\n\n## Agnes Pell\nThe lead.\n\n## The villain\nTom Reed, the ferryman.";
    expect(characterEntries(cast).map((entry) => entry.name)).toEqual(["Agnes Pell", "The villain"]);
  });

  it("offers nothing for an answer that is not a list of at least two characters", () => {
    expect(characterEntries("# Characters\n\n- **Agnes Pell** — alone.")).toEqual([]);
    expect(characterEntries("Just prose about the fog.")).toEqual([]);
  });

  it("keeps one entry per name", () => {
    expect(characterEntries("- **Agnes** — one\n- **agnes** — two\n- **Tom** — three").map((e) => e.name)).toEqual(["Agnes", "Tom"]);
  });
});

describe("looksLikeName", () => {
  it("takes capitalised names, with particles, as names", () => {
    for (const name of ["Agnes Pell", "The Lock House", "Anne of Green Gables", "Ludwig van Beethoven", "O'Brien", "Zoë", "李白"]) {
      expect(looksLikeName(name), name).toBe(true);
    }
  });
  it("does not take section titles for names", () => {
    for (const name of ["Next steps", "Your details", "Bringing the characters to life", "From your story bible", "A Very Long Heading With Many Words"]) {
      expect(looksLikeName(name), name).toBe(false);
    }
  });
});
