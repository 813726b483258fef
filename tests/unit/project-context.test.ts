import { describe, expect, it } from "vitest";
import { estimateTokens } from "~/lib/tokens";
import type { BibleEntry, ProjectBible } from "~/projects/bible";
import { assembleContext, type AssembledContext } from "~/projects/context";
import { DEFAULT_CONTEXT_BUDGET_TOKENS } from "~/rules/project-limits";

const entry = (id: string, name: string, fields: Partial<BibleEntry> = {}): BibleEntry => ({
  id,
  kind: "character",
  name,
  aliases: [],
  description: `${name} in brief.`,
  notes: "",
  alwaysInclude: false,
  ...fields,
});

const names = (result: AssembledContext) => result.used.map((item) => item.name);
const leftOut = (result: AssembledContext) => result.leftOut.map((item) => `${item.name}: ${item.reason}`);
/** A description of `length` characters. */
const prose = (length: number, word = "river") => `${word} `.repeat(Math.ceil(length / (word.length + 1))).slice(0, length).trim();

describe("the project context block", () => {
  it("is written as labelled sections and entries after a heading with the project's title", () => {
    const result = assembleContext({
      project: { title: "The Lock House", synopsis: "A keeper inherits a haunted lock.", genreTone: "Gothic, dry humour.", styleNotes: "Short sentences." },
      entries: [
        entry("a", "Agnes Pell", { aliases: ["Aggie"], description: "Retired lock-keeper.\nSharp." }),
        entry("h", "The Lock House", { kind: "place", description: "A stone cottage by the weir.", alwaysInclude: true }),
        entry("t", "Tom", { description: "The ferryman." }),
      ],
      texts: ["Generate Scene.\n\nCharacters: Aggie and the new tenant"],
    });
    expect(result.block).toBe(
      [
        "# Project context: The Lock House",
        "The writer's story bible for this project. Keep the answer consistent with it; it is background, not the request.",
        "## Synopsis\nA keeper inherits a haunted lock.",
        "## Genre & tone\nGothic, dry humour.",
        "## Style notes\nShort sentences.",
        "## Character — Agnes Pell (also: Aggie)\nRetired lock-keeper.\nSharp.",
        "## Place — The Lock House\nA stone cottage by the weir.",
      ].join("\n\n"),
    );
    expect(result.used).toEqual([
      { type: "section", section: "synopsis", name: "Synopsis" },
      { type: "section", section: "genreTone", name: "Genre & tone" },
      { type: "section", section: "styleNotes", name: "Style notes" },
      { type: "entry", id: "a", name: "Agnes Pell" },
      { type: "entry", id: "h", name: "The Lock House" },
    ]);
    expect(result.leftOut).toEqual([]);
    expect(result.tokens).toBeGreaterThanOrEqual(estimateTokens(result.block!));
    expect(result.tokens).toBeLessThanOrEqual(DEFAULT_CONTEXT_BUDGET_TOKENS);
  });

  it("is null for a project with nothing to send, and for entries nobody mentions", () => {
    expect(assembleContext({ project: { title: "Empty" }, entries: [], texts: ["Generate Poem."] })).toEqual({
      block: null,
      used: [],
      leftOut: [],
      tokens: 0,
    });
    const blank = { title: "Blank", synopsis: "  \n ", setting: "", genreTone: null };
    const result = assembleContext({ project: blank, entries: [entry("a", "Agnes")], texts: ["Generate Poem about rivers."] });
    expect(result.block).toBeNull();
    expect(result.used).toEqual([]);
  });

  it("sends always-include entries unmentioned, mentioned ones by name or alias, and nothing else", () => {
    const result = assembleContext({
      project: { title: "Canal" },
      entries: [
        entry("1", "Agnes Pell", { aliases: ["Aggie"] }),
        entry("2", "The Weir", { kind: "place", alwaysInclude: true }),
        entry("3", "Tom"),
        entry("4", "Grief", { kind: "theme" }),
      ],
      texts: ["Generate Scene.", "Make aggie's part longer."],
    });
    expect(names(result)).toEqual(["Agnes Pell", "The Weir"]);
    expect(result.block).not.toContain("Tom");
    expect(result.block).not.toContain("Grief");
  });

  it("never sends an entry's private notes, and notes do not pull other entries in", () => {
    const secret = "PRIVATE-NOTE-7f3a";
    const result = assembleContext({
      project: { title: "Canal", synopsis: "A story." },
      entries: [
        entry("1", "Agnes", { notes: `${secret} She is Tom's mother.`, alwaysInclude: true }),
        entry("2", "Pell", { notes: `${secret} again`, description: "The family." }),
        entry("3", "Tom", { notes: secret }),
      ],
      texts: ["The Pells at dinner."],
      budgetTokens: 100_000,
    });
    expect(names(result)).toEqual(["Synopsis", "Agnes", "Pell"]);
    expect(result.block).not.toContain(secret);
    expect(result.block).not.toContain("mother");
  });

  it("gives the same block for the same bible, whatever order the entries come in", () => {
    const entries = [
      entry("z", "Zoë", { kind: "character" }),
      entry("b", "Bell tower", { kind: "place" }),
      entry("a", "agnes", { kind: "character" }),
      entry("l", "The Drowning", { kind: "lore", alwaysInclude: true }),
      entry("o", "Ørsted", { kind: "character" }),
    ];
    const texts = ["Zoë, Ørsted and Agnes climb the bell tower."];
    const project: ProjectBible = { title: "Order", setting: "A drowned valley." };
    const first = assembleContext({ project, entries, texts });
    const reversed = assembleContext({ project, entries: [...entries].reverse(), texts });
    expect(reversed).toEqual(first);
    // Sections, then entries by kind (Character, Place, Thing, Lore, Theme, Other), then by name.
    expect(names(first)).toEqual(["Setting", "agnes", "Zoë", "Ørsted", "Bell tower", "The Drowning"]);
  });
});

describe("the context budget", () => {
  // Four characters of the same size: whichever is dropped, the next one cannot fit either.
  const character = (id: string, name: string, fields: Partial<BibleEntry> = {}) =>
    entry(id, name, { description: prose(700), ...fields });
  const entries = [
    character("a", "Anna", { alwaysInclude: true }),
    character("b", "Bert"),
    character("c", "Cara"),
    character("d", "Dora"),
  ];
  const project: ProjectBible = { title: "Budget", styleNotes: "Plain words.", synopsis: prose(1400, "tide"), setting: "Fens." };
  // Bert in the latest text; Cara three times and Dora once, both only in the older text.
  const texts = ["Generate Scene.\n\nCharacters: Cara, Cara, Cara and Dora", "Now give Bert a line."];
  /** What exactly the given items cost, as the budget counts them. */
  const cost = (keep: { project?: ProjectBible; entries?: BibleEntry[] }) =>
    assembleContext({ project: keep.project ?? { title: "Budget" }, entries: keep.entries ?? [], texts, budgetTokens: 100_000 }).tokens;
  const run = (budgetTokens: number) => assembleContext({ project, entries, texts, budgetTokens });

  it("sends everything when it fits", () => {
    const all = run(100_000);
    expect(names(all)).toEqual(["Synopsis", "Setting", "Style notes", "Anna", "Bert", "Cara", "Dora"]);
    expect(all.leftOut).toEqual([]);
  });

  it("drops mentioned entries first: earliest last mention, then fewest mentions", () => {
    const withoutDora = cost({ project, entries: entries.slice(0, 3) });
    let result = run(withoutDora + 10);
    expect(names(result)).toEqual(["Synopsis", "Setting", "Style notes", "Anna", "Bert", "Cara"]);
    expect(leftOut(result)).toEqual(["Dora: budget"]);
    expect(result.leftOut[0]).toEqual({ type: "entry", id: "d", name: "Dora", reason: "budget" });

    result = run(cost({ project, entries: entries.slice(0, 2) }) + 10);
    expect(leftOut(result)).toEqual(["Cara: budget", "Dora: budget"]);

    // Bert, mentioned once but in the latest text, outlasts Cara's three older mentions.
    result = run(cost({ project, entries: entries.slice(0, 1) }) + 10);
    expect(names(result)).toEqual(["Synopsis", "Setting", "Style notes", "Anna"]);
    expect(leftOut(result)).toEqual(["Bert: budget", "Cara: budget", "Dora: budget"]);
  });

  it("drops always-include entries after mentioned ones, then the fixed sections, style notes last", () => {
    let result = run(cost({ project }) + 10);
    expect(names(result)).toEqual(["Synopsis", "Setting", "Style notes"]);
    expect(leftOut(result)).toEqual(["Anna: budget", "Bert: budget", "Cara: budget", "Dora: budget"]);

    // Too small for the synopsis: it goes, but the short setting after it still fits.
    result = run(cost({ project: { title: "Budget", styleNotes: "Plain words.", setting: "Fens." } }) + 10);
    expect(names(result)).toEqual(["Setting", "Style notes"]);
    expect(leftOut(result)[0]).toBe("Synopsis: budget");

    result = run(cost({ project: { title: "Budget", styleNotes: "Plain words." } }));
    expect(names(result)).toEqual(["Style notes"]);
    expect(leftOut(result)).toEqual(["Synopsis: budget", "Setting: budget", "Anna: budget", "Bert: budget", "Cara: budget", "Dora: budget"]);
  });

  it("sends nothing when not even the heading fits", () => {
    const result = run(5);
    expect(result.block).toBeNull();
    expect(result.used).toEqual([]);
    expect(result.leftOut).toHaveLength(7);
  });

  it("never goes over the budget", () => {
    for (const budget of [40, 100, 250, 500, 800, 1_000, 1_500]) {
      const result = run(budget);
      expect(result.tokens).toBeLessThanOrEqual(budget);
      if (result.block) expect(estimateTokens(result.block)).toBeLessThanOrEqual(result.tokens);
    }
  });
});

describe("the style sample", () => {
  const paragraphs = ["First paragraph of the writer's prose, calm and exact.", "Second paragraph, longer and stranger.", "Third paragraph, the ending."].map(
    (start) => `${start} ${prose(600, "lantern")}.`,
  );
  const sample = paragraphs.join("\n\n");
  const project: ProjectBible = { title: "Voice", styleNotes: "Plain words.", styleSample: sample };

  it("is sent whole, last in the block, when it fits", () => {
    const result = assembleContext({ project, entries: [], texts: [], budgetTokens: 100_000 });
    expect(names(result)).toEqual(["Style notes", "Style sample"]);
    expect(result.block).toContain(paragraphs[2]);
    expect(result.block!.endsWith(paragraphs[2]!)).toBe(true);
    expect(result.leftOut).toEqual([]);
  });

  it("is shortened to its opening paragraphs when only part fits, and says so", () => {
    const budgetTokens = assembleContext({ project, entries: [], texts: [], budgetTokens: 100_000 }).tokens - 60;
    const result = assembleContext({ project, entries: [], texts: [], budgetTokens });
    expect(names(result)).toEqual(["Style notes", "Style sample"]);
    expect(result.block).toContain(`${paragraphs[0]}\n\n${paragraphs[1]}`);
    expect(result.block).not.toContain("Third paragraph");
    expect(result.block).toContain("The opening of a sample of the writer's own prose");
    expect(leftOut(result)).toEqual(["Style sample: shortened"]);
    expect(result.tokens).toBeLessThanOrEqual(budgetTokens);
  });

  it("is left out when less than a useful opening fits", () => {
    const notesOnly = assembleContext({ project: { title: "Voice", styleNotes: "Plain words." }, entries: [], texts: [] }).tokens;
    const result = assembleContext({ project, entries: [], texts: [], budgetTokens: notesOnly + 30 });
    expect(names(result)).toEqual(["Style notes"]);
    expect(leftOut(result)).toEqual(["Style sample: budget"]);
  });

  it("is cut after a sentence in scripts without spaces, never inside a character", () => {
    const japanese = { title: "Voice", styleSample: "川の水は冷たかった。".repeat(80) + "😀".repeat(100) };
    const whole = assembleContext({ project: japanese, entries: [], texts: [], budgetTokens: 100_000 });
    expect(whole.block).toContain("😀");
    const result = assembleContext({ project: japanese, entries: [], texts: [], budgetTokens: whole.tokens - 20 });
    expect(leftOut(result)).toEqual(["Style sample: shortened"]);
    expect(result.block!.endsWith("川の水は冷たかった。")).toBe(true);
    const emoji = { title: "Voice", styleSample: "😀".repeat(400) };
    const cut = assembleContext({ project: emoji, entries: [], texts: [], budgetTokens: 200 }).block!;
    expect(cut.endsWith("😀")).toBe(true);
    expect(cut).not.toMatch(/[\uD800-\uDBFF]$/);
  });

  it("at the default budget, a sample at the 8,000-character limit still sends its opening", () => {
    const long = { title: "Voice", styleSample: Array.from({ length: 40 }, (_, i) => `Sentence ${i} of the sample. ${prose(180, "ash")}.`).join(" ") };
    const result = assembleContext({ project: long, entries: [], texts: [] });
    expect(leftOut(result)).toEqual(["Style sample: shortened"]);
    // Cut after a sentence, not mid-word.
    expect(result.block).toMatch(/\.$/);
    expect(result.tokens).toBeLessThanOrEqual(DEFAULT_CONTEXT_BUDGET_TOKENS);
  });
});
