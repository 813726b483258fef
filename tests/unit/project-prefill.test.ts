import { describe, expect, it } from "vitest";
import { findElement, findToolBySlug } from "~/catalog/requests";
import type { Tool } from "~/catalog/tools";
import { tools } from "~/catalog/tools";
import { applyPrefill, bibleValues, type PrefillBible } from "~/projects/prefill";

const tool = (slug: string) => findToolBySlug(slug)!;
const element = (slug: string, value: string) => findElement(tool(slug), value)!;
const entry = (kind: PrefillBible["entries"][number]["kind"], name: string, description = "", alwaysInclude = false) => ({
  kind,
  name,
  description,
  alwaysInclude,
});

const lockHouse: PrefillBible = {
  logline: "A keeper inherits a haunted lock.",
  synopsis: "Agnes Pell takes over the lock.",
  genreTone: "Gothic, dry humour",
  setting: "A Fenland lock in 1953",
  styleNotes: "Short sentences.",
  entries: [
    entry("character", "Tom Reed", "The ferryman. Talks too much."),
    entry("character", "Agnes Pell", "Retired lock-keeper. Sharp.", true),
    entry("place", "The Lock House", "A stone cottage."),
    entry("theme", "Inheritance"),
  ],
};

describe("Step 2 prefilled from the bible", () => {
  it("fills Prose's genre, setting and character from the sections and the characters (always-include first)", () => {
    expect(bibleValues(tool("prose"), element("prose", "outline"), lockHouse)).toEqual({
      genre: "Gothic, dry humour",
      setting: "A Fenland lock in 1953",
      character: "Agnes Pell, Tom Reed",
    });
  });

  it("lists always-included characters first, then the rest by name", () => {
    const cast: PrefillBible = { entries: [entry("character", "tom"), entry("character", "Zed", "", true), entry("character", "Agnes")] };
    expect(bibleValues(tool("prose"), element("prose", "characters"), cast).character).toBe("Zed, Agnes, tom");
  });

  it("gives Stage & Screen's multiline Characters one line per character with its first sentence", () => {
    expect(bibleValues(tool("stage-screen"), element("stage-screen", "characters"), lockHouse)).toEqual({
      genre: "Gothic, dry humour",
      characters: "Agnes Pell — Retired lock-keeper.\nTom Reed — The ferryman.",
    });
  });

  it("never fills what the writer asks for this time: story idea, premise, research question, key points", () => {
    for (const candidate of tools) {
      const all = findElement(candidate, "all")!;
      const values = bibleValues(candidate, all, lockHouse);
      for (const field of ["storyIdea", "premise", "researchQuestion", "keyPoints"]) expect(values[field]).toBeUndefined();
    }
  });

  it("uses the tone of Genre & tone only when the element has no genre field of its own", () => {
    expect(bibleValues(tool("poetry"), element("poetry", "style_tone"), lockHouse)).toEqual({ tone: "Gothic, dry humour" });
    expect(bibleValues(tool("stage-screen"), element("stage-screen", "dialogue"), lockHouse).tone).toBeUndefined();
  });

  it("reads labelled lines in any section for any field (Genre and Tone told apart, Audience, Platform)", () => {
    const channel: PrefillBible = {
      genreTone: "Genre: cozy mystery\nTone: wry",
      styleNotes: "- **Audience:** beginner home cooks\nPlatform: YouTube",
      entries: [],
    };
    expect(bibleValues(tool("prose"), element("prose", "outline"), channel)).toEqual({ genre: "cozy mystery", tone: "wry" });
    expect(bibleValues(tool("online-content"), element("online-content", "ideas"), channel)).toEqual({
      audience: "beginner home cooks",
      platform: "YouTube",
      tone: "wry",
    });
  });

  it("reads an entry named like a field, and falls back to the places' names for the setting", () => {
    const book: PrefillBible = {
      logline: "The history of public libraries",
      entries: [entry("other", "Audience", "Curious general readers"), entry("place", "Carnegie Hall"), entry("place", "The Athenaeum")],
    };
    expect(bibleValues(tool("nonfiction"), element("nonfiction", "outline"), book)).toEqual({
      topic: "The history of public libraries",
      audience: "Curious general readers",
    });
    expect(bibleValues(tool("prose"), element("prose", "world"), book)).toEqual({ setting: "Carnegie Hall, The Athenaeum" });
  });

  it("gives every tool's fields a value of the field's size: one line, at most the field's limit", () => {
    const long: PrefillBible = { genreTone: "Gothic\nand dry ".repeat(400), entries: [] };
    const values = bibleValues(tool("songwriting"), element("songwriting", "theme"), long);
    expect(values.genre).not.toContain("\n");
    expect(values.genre!.length).toBe(2000);
  });

  it("is empty for an empty bible, in every tool and element", () => {
    for (const candidate of tools as readonly Tool[]) {
      for (const each of candidate.elements) expect(bibleValues(candidate, each, { entries: [] })).toEqual({});
    }
  });
});

describe("applying a prefill to what the writer has", () => {
  it("fills empty fields and never overwrites what the writer typed", () => {
    const result = applyPrefill({ genre: "space opera", setting: "" }, { genre: "Gothic", setting: "Fens" }, {});
    expect(result.values).toEqual({ genre: "space opera", setting: "Fens" });
    expect(result.prefilled).toEqual({ setting: "Fens" });
  });

  it("replaces the last project's untouched values when the project changes, and clears them for No project", () => {
    const first = applyPrefill({}, { genre: "Gothic", setting: "Fens" }, {});
    const edited = { ...first.values, setting: "Fens, in winter" };
    const second = applyPrefill(edited, { genre: "Cozy mystery" }, first.prefilled);
    expect(second.values).toEqual({ genre: "Cozy mystery", setting: "Fens, in winter" });
    const none = applyPrefill(second.values, {}, second.prefilled);
    expect(none.values).toEqual({ genre: "", setting: "Fens, in winter" });
    expect(none.prefilled).toEqual({});
  });
});
