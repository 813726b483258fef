/**
 * The story bible as Markdown (issue 13, "Export and import"): what a writer reads in bible.md,
 * and that reading it back gives the same bible — whatever the texts hold (headings, `---`
 * lines, backslashes, other scripts, commas in aliases, empty sections).
 */
import { describe, expect, it } from "vitest";
import { BIBLE_SECTIONS } from "~/projects/bible";
import { normalizeName, normalizeText, type BundleBible, type BundleEntry } from "~/projects/bundle/bible-format";
import { bibleToMarkdown } from "~/projects/bundle/bible-markdown";
import { parseBible, type ParsedBible } from "~/projects/bundle/bible-parse";

const lockHouse: BundleBible = {
  project: {
    title: "The Lock House",
    logline: "A keeper inherits a haunted lock.",
    kind: "novel",
    synopsis: "Agnes returns to the weir.",
    genreTone: "Gothic, dry humour.",
    setting: "",
    styleNotes: "Short sentences.",
    styleSample: "",
  },
  entries: [
    { kind: "character", name: "Agnes Pell", aliases: ["Aggie", "Pell, Agnes"], description: "Retired lock-keeper.", notes: "Dies in act three.", alwaysInclude: true },
    { kind: "place", name: "The Lock House", aliases: [], description: "A stone cottage by the weir.", notes: "", alwaysInclude: false },
  ],
};

const TRICKY_TEXT = [
  "# Act one",
  "",
  "## Synopsis",
  "### Agnes Pell",
  "#### Private notes",
  "---",
  "   # three spaces, still a heading to Markdown",
  "    # four spaces: code",
  "\\# already escaped, \\\\# twice",
  "#hashtag",
  "- Kind: Character",
  "",
  "",
  "Zoë, Ørsted, 東京, عربي, 🙂 — “quotes” and ‘apostrophes’",
  "```",
  "# a comment in code",
  "```",
].join("\n");

const tricky: BundleBible = {
  project: {
    title: 'The "Lock": a house — 東京',
    logline: "It's: a # logline, with --- and \\backslashes\\",
    kind: null,
    synopsis: TRICKY_TEXT,
    genreTone: "---",
    setting: "   indented first line\n\n\nthree blank lines above",
    styleNotes: "",
    styleSample: "## Style sample\n\nA sample that names its own heading.",
  },
  entries: [
    {
      kind: "lore",
      name: "#1 Rule: \"never\" — Ørsted's",
      aliases: ["Pell, Agnes", 'The "Keeper"', "Aggie", "  spaced  out  ", "a,b,c", "Zoë", "Aggie"],
      description: TRICKY_TEXT,
      notes: "### Not an entry\n#### Private notes\n---",
      alwaysInclude: false,
    },
    { kind: "other", name: "Entries", aliases: [], description: "", notes: "", alwaysInclude: true },
    { kind: "theme", name: "Kind: Character", aliases: [], description: "- Kind: Place\n- Aliases: x\n\nReal text.", notes: "", alwaysInclude: false },
    { kind: "thing", name: "Notes only", aliases: [], description: "", notes: "Just notes.", alwaysInclude: false },
  ],
};

/** A read bible without the reader's bookkeeping (lines, which details were stated). */
type ReadBible = Omit<ParsedBible, "entries"> & { entries: BundleEntry[] };

/** The bible as the format keeps it: names on one line, texts without edge blank lines. */
function normalized(bible: BundleBible): ReadBible {
  const entry = (e: BundleEntry) => ({
    ...e,
    name: normalizeName(e.name),
    aliases: [...new Set(e.aliases.map(normalizeName).filter(Boolean))],
    description: normalizeText(e.description),
    notes: normalizeText(e.notes),
  });
  return {
    project: { title: normalizeName(bible.project.title), logline: normalizeName(bible.project.logline), kind: bible.project.kind ?? undefined },
    sections: Object.fromEntries(BIBLE_SECTIONS.map((section) => [section, normalizeText(bible.project[section])])),
    entries: bible.entries.map(entry),
  };
}

function parsed(markdown: string): ReadBible {
  const result = parseBible(markdown);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return { ...result.bible, entries: result.bible.entries.map(({ line: _line, stated: _stated, ...entry }) => entry) };
}

describe("the bible as Markdown", () => {
  it("reads like a document: front matter, the fixed sections, entries with their details and private notes", () => {
    const markdown = bibleToMarkdown(lockHouse);
    expect(markdown).toBe(
      [
        "---",
        'format: "the-write-stuff/bible"',
        "version: 1",
        'title: "The Lock House"',
        'logline: "A keeper inherits a haunted lock."',
        'kind: "novel"',
        "---",
        "",
        "# The Lock House",
        "",
        "_A keeper inherits a haunted lock._",
        "",
        "## Synopsis\n\nAgnes returns to the weir.",
        "",
        "## Genre & tone\n\nGothic, dry humour.",
        "",
        "## Setting",
        "",
        "## Style notes\n\nShort sentences.",
        "",
        "## Style sample",
        "",
        "## Entries",
        "",
        "### Agnes Pell",
        "",
        '- Kind: Character\n- Aliases: Aggie, "Pell, Agnes"\n- Always include: yes',
        "",
        "Retired lock-keeper.",
        "",
        "#### Private notes",
        "",
        "Dies in act three.",
        "",
        "### The Lock House",
        "",
        "- Kind: Place\n- Always include: no",
        "",
        "A stone cottage by the weir.",
        "",
      ].join("\n"),
    );
  });

  it("round trip: reading what was written gives the same bible", () => {
    expect(parsed(bibleToMarkdown(lockHouse))).toEqual(normalized(lockHouse));
  });

  it("round trip with headings, --- lines, backslashes, other scripts and commas in aliases inside the texts", () => {
    const markdown = bibleToMarkdown(tricky);
    expect(markdown).toContain("\\# Act one\n\n\\## Synopsis\n\\### Agnes Pell\n\\#### Private notes\n---\n   \\# three spaces");
    expect(markdown).toContain('- Aliases: "Pell, Agnes", "The \\"Keeper\\"", Aggie, spaced out, "a,b,c", Zoë');
    const back = parsed(markdown);
    expect(back).toEqual(normalized(tricky));
    expect(back.entries[0]!.description).toBe(TRICKY_TEXT);
    expect(back.entries[0]!.aliases).toEqual(["Pell, Agnes", 'The "Keeper"', "Aggie", "spaced out", "a,b,c", "Zoë"]);
    // Written twice, the same text: the format is stable.
    expect(bibleToMarkdown({ project: { ...tricky.project, ...back.sections }, entries: back.entries })).toBe(markdown);
  });

  it("round trip of an empty bible, and of Windows line ends", () => {
    const empty: BundleBible = {
      project: { title: "Untitled", logline: "", kind: null, synopsis: "", genreTone: "", setting: "", styleNotes: "", styleSample: "" },
      entries: [],
    };
    expect(parsed(bibleToMarkdown(empty))).toEqual(normalized(empty));
    expect(parsed(bibleToMarkdown(lockHouse).replaceAll("\n", "\r\n"))).toEqual(normalized(lockHouse));
  });
});

describe("reading a bible written by hand", () => {
  it("takes bare front matter values, labels in any case, details without list markers, and no details at all", () => {
    const result = parseBible(
      [
        "---",
        "title: The Lock House",
        "kind: 'novel'",
        "---",
        "## SYNOPSIS",
        "A keeper.",
        "## entries",
        "### Agnes Pell",
        "kind: character",
        "aliases: Aggie",
        "always include: YES",
        "",
        "She keeps the lock.",
        "### The Weir",
        "Water over stone.",
        "#### private notes",
        "Drowned in 1911.",
      ].join("\n"),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.bible.project).toEqual({ title: "The Lock House", kind: "novel", logline: undefined });
    expect(result.bible.sections).toEqual({ synopsis: "A keeper." });
    expect(result.bible.entries.map(({ name, kind, aliases, alwaysInclude, description, notes, stated, line }) => ({ name, kind, aliases, alwaysInclude, description, notes, stated, line }))).toEqual([
      { name: "Agnes Pell", kind: "character", aliases: ["Aggie"], alwaysInclude: true, description: "She keeps the lock.", notes: "", stated: { kind: true, aliases: true, alwaysInclude: true }, line: 8 },
      { name: "The Weir", kind: "other", aliases: [], alwaysInclude: false, description: "Water over stone.", notes: "Drowned in 1911.", stated: { kind: false, aliases: false, alwaysInclude: false }, line: 14 },
    ]);
  });

  it("keeps a writer's own ### headings inside a fixed section as text", () => {
    const result = parseBible("## Synopsis\n\n### Act one\nThe lock.\n");
    expect(result.ok && result.bible.sections.synopsis).toBe("### Act one\nThe lock.");
  });

  it("reports each problem at its line, and gives nothing else", () => {
    const result = parseBible(
      [
        "---", // 1
        'title: "The Lock House', // 2: quote never closed
        "version: 2", // 3
        "---", // 4
        "## Synopsis", // 5
        "## Prologue", // 6: not a section
        "## Entries", // 7
        "### Agnes", // 8
        "- Kind: Wizard", // 9
        "- Always include: maybe", // 10
        "- Aliases: \"open", // 11
        "- Mood: grim", // 12
        "", // 13
        "### agnes", // 14: twice
        "###", // 15: no name
        "## Synopsis", // 16: twice
      ].join("\n"),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => error.line)).toEqual([1, 2, 6, 9, 10, 11, 12, 14, 15, 16]);
    expect(result.errors[0]!.message).toMatch(/newer version/);
    expect(result.errors[1]!.message).toMatch(/"title" cannot be read/);
    expect(result.errors[2]!.message).toBe('"## Prologue" is not a section of the bible. The sections are: Synopsis, Genre & tone, Setting, Style notes, Style sample, Entries.');
    expect(result.errors[3]!.message).toMatch(/"Wizard" is not a kind of entry. The kinds are: Character, Place, Thing, Lore, Theme, Other/);
    expect(result.errors[4]!.message).toMatch(/yes or no/);
    expect(result.errors[5]!.message).toMatch(/close its quotes/);
    expect(result.errors[6]!.message).toMatch(/"- Mood: grim" is not one of the entry's details/);
    expect(result.errors[7]!.message).toBe('The entry "agnes" appears twice (first at line 8).');
    expect(result.errors[8]!.message).toMatch(/needs a name/);
  });

  it("refuses text before the first section, entries outside Entries, text before the first entry, and other formats", () => {
    const lines = (result: ReturnType<typeof parseBible>) => (result.ok ? [] : result.errors.map((e) => [e.line, e.message]));
    expect(lines(parseBible("Some notes\n## Synopsis\n"))).toEqual([[1, expect.stringMatching(/before the first section/)]]);
    expect(lines(parseBible("### Agnes\n"))).toEqual([[1, expect.stringMatching(/must come under the "## Entries"/)]]);
    expect(lines(parseBible("## Entries\nAgnes is old.\n### Agnes\n"))).toEqual([[2, expect.stringMatching(/belongs to an entry/)]]);
    expect(lines(parseBible('---\nformat: "someone-else/notes"\n---\n'))).toEqual([[1, expect.stringMatching(/not a story bible/)]]);
    expect(lines(parseBible("---\ntitle: x\n"))).toEqual([[1, expect.stringMatching(/never closed/)]]);
  });
});

describe("the limits, on import", () => {
  const entry = (name: string, extra = "") => `### ${name}\n\n- Kind: Thing\n${extra}\n\nText.`;

  it("names ≤ 120, descriptions and notes ≤ 4,000, aliases ≤ 20 each ≤ 120, sections ≤ 4,000, style sample ≤ 8,000", () => {
    const ok = parseBible(
      `## Synopsis\n\n${"s".repeat(4_000)}\n\n## Style sample\n\n${"w".repeat(8_000)}\n\n## Entries\n\n${entry("n".repeat(120), `- Aliases: ${Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(120, "a")).join(", ")}`)}\n\n${"d".repeat(3_993)}`,
    );
    // "Text.\n\n" and 3,993 more: a description of exactly 4,000.
    expect(ok).toMatchObject({ ok: true });
    const tooMuch = parseBible(
      [
        `## Synopsis\n\n${"s".repeat(4_001)}`,
        `## Style sample\n\n${"w".repeat(8_001)}`,
        "## Entries",
        entry("n".repeat(121)),
        entry("Aliased", `- Aliases: ${Array.from({ length: 21 }, (_, i) => `a${i}`).join(", ")}, ${"x".repeat(121)}`),
        `### Long\n\n${"d".repeat(4_001)}\n\n#### Private notes\n\n${"p".repeat(4_001)}`,
      ].join("\n\n"),
    );
    expect(tooMuch.ok).toBe(false);
    if (tooMuch.ok) return;
    expect(tooMuch.errors.map((e) => e.message)).toEqual([
      'The section "Synopsis": 4,001 characters; the most is 4,000.',
      'The section "Style sample": 8,001 characters; the most is 8,000.',
      "The name: 121 characters; the most is 120.",
      expect.stringMatching(/^The alias "x{40}": 121 characters; the most is 120\.$/),
      '"Aliased" has more than 20 aliases.',
      'The description of "Long": 4,001 characters; the most is 4,000.',
      'The private notes of "Long": 4,001 characters; the most is 4,000.',
    ]);
  });

  it("at most 500 entries: the 501st is named by its line", () => {
    const entries = (n: number) => Array.from({ length: n }, (_, i) => `### Entry ${i + 1}`).join("\n");
    expect(parseBible(`## Entries\n${entries(500)}\n`).ok).toBe(true);
    const result = parseBible(`## Entries\n${entries(501)}\n`);
    expect(result.ok ? [] : result.errors).toEqual([{ line: 502, message: "The bible has more than 500 entries." }]);
  });
});
