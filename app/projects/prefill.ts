/**
 * Step 2 from the active project's bible (issue 13): what each of a tool's detail fields means,
 * and what the bible says about it. Pure: the same bible, element and values give the same result.
 *
 * A field is filled from, in order:
 *   1. a labelled line in any fixed section — "Audience: nurses", "Tone: wry" (any field, by its
 *      label or a synonym; so a writer can say "Genre: …" and "Tone: …" apart in Genre & tone);
 *   2. an entry named like the field ("Audience", "Platform"): its description;
 *   3. the field's usual source — genre ← Genre & tone, setting ← Setting (else the places'
 *      names), character(s) ← the characters, theme ← the themes, topic ← the logline, style
 *      fields ← Style notes, tone ← Genre & tone when the element has no genre field.
 * The writer's own ask (story idea, premise, research question) is never prefilled: the bible's
 * synopsis reaches the model in the context block anyway.
 *
 * Entries' names in a field also make the context block send their descriptions (mentions).
 */
import { MAX_FIELD_CHARS } from "~/catalog/requests";
import type { ToolDefinition, ToolElementDefinition } from "~/catalog/tools";
import { BIBLE_SECTIONS, type BibleEntry, type BibleEntryKind, type BibleSections } from "./bible";

export type PrefillBible = BibleSections & {
  logline?: string | null;
  entries: readonly Pick<BibleEntry, "kind" | "name" | "description" | "alwaysInclude">[];
};

type Source = (bible: PrefillBible, element: ToolElementDefinition) => string;

/** The words a labelled line may use for a field, beyond its own label (compared folded). */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  genre: ["genre", "genres"],
  tone: ["tone", "mood"],
  mood: ["mood", "tone"],
  toneStyle: ["tone/style", "tone", "style", "voice"],
  character: ["character", "characters", "protagonist"],
  characters: ["characters", "character", "cast"],
  setting: ["setting", "world"],
  theme: ["theme", "themes"],
  topic: ["topic", "subject"],
  audience: ["audience", "readers", "reader", "target audience"],
  length: ["length"],
  lengthFormat: ["length/format", "length", "format"],
  poetryStyle: ["poetry style", "form"],
  dialogueStyle: ["dialogue style", "dialogue"],
};

/** Fields the writer fills for each generation: what they are asking, not what the project is. */
const NEVER_PREFILLED = new Set(["storyIdea", "premise", "researchQuestion", "keyPoints"]);

const fold = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}/]+/gu, " ").trim();
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
const firstSentence = (text: string) => oneLine(text).match(/^.*?[.!?](?=\s|$)/)?.[0] ?? oneLine(text);

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "en", { sensitivity: "base" });

const ofKind = (bible: PrefillBible, kind: BibleEntryKind) =>
  // Always-include entries first (the writer marked them as what the project is about), then by name.
  bible.entries
    .filter((entry) => entry.kind === kind && entry.name.trim())
    .sort((a, b) => Number(b.alwaysInclude) - Number(a.alwaysInclude) || byName(a, b));

const names = (bible: PrefillBible, kind: BibleEntryKind) => ofKind(bible, kind).map((entry) => oneLine(entry.name)).join(", ");

/** "Agnes Pell — Retired lock-keeper." one per line: the multiline Characters field. */
const castList = (bible: PrefillBible) =>
  ofKind(bible, "character")
    .map((entry) => (entry.description.trim() ? `${oneLine(entry.name)} — ${firstSentence(entry.description)}` : oneLine(entry.name)))
    .join("\n");

const section = (key: keyof BibleSections) => (bible: PrefillBible) => bible[key]?.trim() ?? "";
/** A section made only of labelled lines is not a value of its own. */
const unlabelled = (key: keyof BibleSections) => (bible: PrefillBible) => {
  const text = section(key)(bible);
  return text && labelledLines(text).size > 0 ? "" : text;
};

const USUAL_SOURCES: Readonly<Record<string, Source>> = {
  genre: unlabelled("genreTone"),
  tone: (bible, element) => (element.fields.includes("genre") ? "" : unlabelled("genreTone")(bible)),
  mood: (bible, element) => (element.fields.includes("genre") ? "" : unlabelled("genreTone")(bible)),
  toneStyle: (bible) => unlabelled("styleNotes")(bible) || unlabelled("genreTone")(bible),
  setting: (bible) => unlabelled("setting")(bible) || names(bible, "place"),
  character: (bible) => names(bible, "character"),
  characters: castList,
  theme: (bible) => names(bible, "theme"),
  topic: (bible) => oneLine(bible.logline ?? ""),
};

/** "Label: value" lines of a text (list markers and bold allowed), by folded label; first wins. */
function labelledLines(text: string): Map<string, string> {
  const lines = new Map<string, string>();
  for (const match of text.matchAll(/^[ \t]*(?:[-*][ \t]+)?\**([^:\n*]{1,40}?)\**[ \t]*:\**[ \t]*(\S[^\n]*)$/gm)) {
    const label = fold(match[1]!);
    if (label && !lines.has(label)) lines.set(label, match[2]!.trim());
  }
  return lines;
}

function fromLabelledLine(bible: PrefillBible, labels: readonly string[]): string {
  for (const key of BIBLE_SECTIONS) {
    const text = bible[key];
    if (!text || key === "styleSample") continue;
    const lines = labelledLines(text);
    for (const label of labels) {
      const value = lines.get(label);
      if (value) return value;
    }
  }
  return "";
}

function fromNamedEntry(bible: PrefillBible, labels: readonly string[]): string {
  const entry = bible.entries.find((candidate) => labels.includes(fold(candidate.name)) && candidate.description.trim());
  return entry?.description.trim() ?? "";
}

/** What the bible says for one field of `tool` ("" when nothing). */
export function bibleValueFor(tool: ToolDefinition, element: ToolElementDefinition, field: string, bible: PrefillBible): string {
  const spec = tool.fields[field];
  if (!spec || NEVER_PREFILLED.has(field)) return "";
  const labels = [...new Set([fold(spec.label), ...(SYNONYMS[field] ?? []).map(fold)])];
  const value = fromLabelledLine(bible, labels) || fromNamedEntry(bible, labels) || (USUAL_SOURCES[field]?.(bible, element) ?? "");
  const shaped = spec.multiline ? value.trim() : oneLine(value);
  return shaped.slice(0, MAX_FIELD_CHARS);
}

/** Every field of the element the bible has something for. */
export function bibleValues(tool: ToolDefinition, element: ToolElementDefinition, bible: PrefillBible): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of element.fields) {
    const value = bibleValueFor(tool, element, field, bible);
    if (value) values[field] = value;
  }
  return values;
}

/**
 * The form's values with the bible's filled in where the writer has not typed: a field is free
 * when it is empty or still holds what the last prefill put there (`prefilled`), so switching
 * projects replaces the old project's values but never the writer's. Returns the new values and
 * what this prefill put in (to pass back next time).
 */
export function applyPrefill(
  current: Readonly<Record<string, string>>,
  suggested: Readonly<Record<string, string>>,
  prefilled: Readonly<Record<string, string>>,
): { values: Record<string, string>; prefilled: Record<string, string> } {
  const values = { ...current };
  const next: Record<string, string> = {};
  const fields = new Set([...Object.keys(suggested), ...Object.keys(prefilled)]);
  for (const field of fields) {
    const value = current[field] ?? "";
    const free = value.trim() === "" || (prefilled[field] !== undefined && value === prefilled[field]);
    if (!free) continue;
    const suggestion = suggested[field] ?? "";
    values[field] = suggestion;
    if (suggestion) next[field] = suggestion;
  }
  return { values, prefilled: next };
}
