/**
 * The story bible as one Markdown document (decision 013, "The bundle format"): what the writer
 * and the importer share — the document's shape, the front matter's format line, the headings
 * and the one escape that keeps a writer's own `#` lines from being read as structure.
 */
import { bibleFormatTexts } from "~/messages/bundle";
import { bibleTexts } from "~/messages/projects";
import { BIBLE_ENTRY_KINDS, BIBLE_SECTIONS, type BibleEntry, type BibleEntryKind, type BibleSection } from "~/projects/bible";

/** The front matter's `format:` value; `version:` is BIBLE_FORMAT_VERSION. */
export const BIBLE_FORMAT = "the-write-stuff/bible";
export const BIBLE_FORMAT_VERSION = 1;

/** A project as the bundle carries it: no ids, every section a string ("" when empty). */
export type BundleProject = { title: string; logline: string; kind: string | null } & Record<BibleSection, string>;
export type BundleEntry = Omit<BibleEntry, "id">;
export type BundleBible = { project: BundleProject; entries: BundleEntry[] };

/*
 * A line of the writer's text that starts with `#` (after up to three spaces, where Markdown
 * still reads a heading) is written with one more backslash before the `#`, and one is taken
 * off on reading: `# Act one` ↔ `\# Act one`, `\# x` ↔ `\\# x`. Markdown shows `\#` as `#`.
 */
const NEEDS_ESCAPE = /^( {0,3})(\\*#)/;
const ESCAPED = /^( {0,3})\\(\\*#)/;

export function escapeText(text: string): string {
  return text
    .split("\n")
    .map((line) => line.replace(NEEDS_ESCAPE, "$1\\$2"))
    .join("\n");
}

export function unescapeLine(line: string): string {
  return line.replace(ESCAPED, "$1$2");
}

/**
 * The form in which a text goes through the format unchanged — and the one the projects API
 * stores (app/projects/validation.ts trims): line ends as `\n`, no whitespace at either end. The
 * round trip keeps every other character (indentation, blank lines inside, `---` lines, Markdown).
 */
export function normalizeText(text: string): string {
  return text.replace(/\r\n?/g, "\n").trim();
}

/** A name or alias on one line: whitespace runs (line breaks too) become one space. */
export function normalizeName(name: string): string {
  return name.replace(/\s+/g, " ").trim();
}

/** Names compared the way the importer matches entries: NFC, case-insensitive, spaces collapsed. */
export function nameKey(name: string): string {
  return normalizeName(name).normalize("NFC").toLocaleLowerCase("en-US");
}

const lower = (text: string) => text.toLocaleLowerCase("en-US");

/** The fixed section a `## ` heading names (its label, any case), or null. */
export function sectionForHeading(heading: string): BibleSection | null {
  const wanted = lower(heading.trim());
  return BIBLE_SECTIONS.find((section) => lower(bibleTexts.sections[section]) === wanted) ?? null;
}

export function isEntriesHeading(heading: string): boolean {
  return lower(heading.trim()) === lower(bibleFormatTexts.entriesHeading);
}

export function isPrivateNotesHeading(heading: string): boolean {
  return lower(heading.trim()) === lower(bibleFormatTexts.privateNotesHeading);
}

/** An entry kind from its label ("Character") or key ("character"), any case; null if unknown. */
export function kindFromText(text: string): BibleEntryKind | null {
  const wanted = lower(text.trim());
  return BIBLE_ENTRY_KINDS.find((kind) => kind === wanted || lower(bibleTexts.kinds[kind]) === wanted) ?? null;
}

export const sectionLabels = () => [...BIBLE_SECTIONS.map((section) => bibleTexts.sections[section]), bibleFormatTexts.entriesHeading];
export const kindLabels = () => BIBLE_ENTRY_KINDS.map((kind) => bibleTexts.kinds[kind]);

/** Aliases on one line: plain ones as written, one with a comma, quote or edge space as a JSON string. */
export function formatAliases(aliases: readonly string[]): string {
  return aliases.map((alias) => (/[,"]|^\s|\s$|^$/.test(alias) ? JSON.stringify(alias) : alias)).join(", ");
}
