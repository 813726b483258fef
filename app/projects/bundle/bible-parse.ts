/**
 * Reads a story bible back from its Markdown (the format bible-markdown.ts writes, or a writer's
 * hand-edited copy of it): the front matter, the fixed sections and the entries, with every
 * problem reported at its line and every limit checked. Nothing is half-read: a bible with any
 * problem gives only the problems.
 */
import { bundleErrors } from "~/messages/bundle";
import type { BibleSection } from "~/projects/bible";
import {
  BIBLE_FORMAT,
  BIBLE_FORMAT_VERSION,
  isEntriesHeading,
  isPrivateNotesHeading,
  nameKey,
  normalizeName,
  normalizeText,
  sectionForHeading,
  sectionLabels,
  unescapeLine,
  type BundleEntry,
} from "./bible-format";
import { checkEntry, checkEntryCount, checkProjectFields, checkSections, type LineError } from "./bible-limits";
import { isDetailLine, readDetailLine, type EntryDetails } from "./entry-details";
import { readFrontMatter, type FrontMatterValue } from "./front-matter";

/** An entry as read: `stated` says which details the file gave (the others are defaults). */
export type ParsedEntry = BundleEntry & { line: number; stated: { kind: boolean; aliases: boolean; alwaysInclude: boolean } };

export type ParsedBible = {
  project: { title?: string; logline?: string; kind?: string };
  /** The sections the file has a heading for ("" when the heading has no text). */
  sections: Partial<Record<BibleSection, string>>;
  entries: ParsedEntry[];
};

export type ParseResult = { ok: true; bible: ParsedBible } | { ok: false; errors: LineError[] };

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;

type Entry = {
  line: number;
  name: string;
  details: EntryDetails;
  /** Whether a definition line was read (a wrong one too): then the next non-definition line is a mistake, not the description. */
  hasDetails: boolean;
  description: string[];
  notes: string[] | null;
};
type State =
  | { at: "start" | "title" | "entries" | "skip" }
  | { at: "section"; section: BibleSection; text: string[] }
  | { at: "details" | "description" | "notes"; entry: Entry };

class BibleReader {
  readonly errors: LineError[] = [];
  readonly sections: Partial<Record<BibleSection, string>> = {};
  readonly sectionLines: Partial<Record<BibleSection, number>> = {};
  readonly entries: ParsedEntry[] = [];
  private readonly entryLines = new Map<string, number>();
  private seenEntries = false;
  private state: State = { at: "start" };

  read(lines: readonly string[], start: number) {
    for (let index = start; index < lines.length; index++) this.line(lines[index]!, index + 1);
    this.close();
  }

  private error(line: number, message: string) {
    this.errors.push({ line, message });
  }

  private line(line: string, number: number) {
    const heading = HEADING.exec(line);
    if (heading && this.structure(heading[1]!.length, heading[2] ?? "", number)) return;
    const state = this.state;
    const blank = line.trim() === "";
    switch (state.at) {
      case "start":
        if (!blank) this.error(number, bundleErrors.textOutsideSection);
        if (!blank) this.state = { at: "skip" };
        return;
      case "entries":
        if (!blank) this.error(number, bundleErrors.textBeforeFirstEntry);
        if (!blank) this.state = { at: "skip" };
        return;
      case "title":
      case "skip":
        return;
      case "section":
        state.text.push(unescapeLine(line));
        return;
      case "details":
        this.detail(state.entry, line, number, blank);
        return;
      case "description":
        state.entry.description.push(unescapeLine(line));
        return;
      case "notes":
        state.entry.notes!.push(unescapeLine(line));
    }
  }

  /** A definition line, the blank line that ends them, or (no definitions) the description's first line. */
  private detail(entry: Entry, line: string, number: number, blank: boolean) {
    if (blank) {
      if (entry.hasDetails) this.state = { at: "description", entry };
      return;
    }
    if (!entry.hasDetails && !isDetailLine(line)) {
      this.state = { at: "description", entry };
      entry.description.push(unescapeLine(line));
      return;
    }
    entry.hasDetails = true;
    const problem = readDetailLine(line, entry.details);
    if (problem) this.error(number, problem);
  }

  /** Handles a heading that is part of the bible's structure; false for one that is the writer's text. */
  private structure(level: number, text: string, number: number): boolean {
    const state = this.state;
    const inEntry = state.at === "details" || state.at === "description" || state.at === "notes";
    const inEntries = inEntry || state.at === "entries";
    if (level === 1 && state.at === "start") return this.to({ at: "title" });
    if (level === 2) return this.section(text, number);
    if (level === 3 && (inEntries || state.at === "start" || state.at === "title")) return this.entry(text, number, inEntries);
    if (level === 4 && inEntry && isPrivateNotesHeading(text)) {
      const entry = state.entry;
      if (entry.notes) this.error(number, bundleErrors.duplicateNotes);
      entry.notes ??= [];
      this.state = { at: "notes", entry };
      return true;
    }
    return false;
  }

  private to(state: State): true {
    this.close();
    this.state = state;
    return true;
  }

  private section(text: string, number: number): true {
    if (isEntriesHeading(text)) {
      if (this.seenEntries) this.error(number, bundleErrors.duplicateSection(text.trim()));
      this.seenEntries = true;
      return this.to({ at: "entries" });
    }
    const section = sectionForHeading(text);
    if (!section) this.error(number, bundleErrors.unknownSection(text.trim(), sectionLabels().join(", ")));
    else if (this.sectionLines[section] !== undefined) this.error(number, bundleErrors.duplicateSection(text.trim()));
    if (!section || this.sectionLines[section] !== undefined) return this.to({ at: "skip" });
    this.sectionLines[section] = number;
    return this.to({ at: "section", section, text: [] });
  }

  private entry(text: string, number: number, inEntries: boolean): true {
    const name = normalizeName(text);
    if (!inEntries) this.error(number, bundleErrors.entryOutsideEntries);
    if (!name) this.error(number, bundleErrors.emptyName);
    const first = this.entryLines.get(nameKey(name));
    if (name && first !== undefined) this.error(number, bundleErrors.duplicateEntry(name, first));
    if (name && first === undefined) this.entryLines.set(nameKey(name), number);
    return this.to({ at: "details", entry: { line: number, name, details: {}, hasDetails: false, description: [], notes: null } });
  }

  /** Keeps what the current section or entry collected. */
  private close() {
    const state = this.state;
    if (state.at === "section") this.sections[state.section] = normalizeText(state.text.join("\n"));
    if (state.at !== "details" && state.at !== "description" && state.at !== "notes") return;
    const { entry } = state;
    const { kind, aliases, alwaysInclude } = entry.details;
    this.entries.push({
      line: entry.line,
      name: entry.name,
      kind: kind ?? "other",
      aliases: aliases ?? [],
      alwaysInclude: alwaysInclude ?? false,
      description: normalizeText(entry.description.join("\n")),
      notes: normalizeText((entry.notes ?? []).join("\n")),
      stated: { kind: kind !== undefined, aliases: aliases !== undefined, alwaysInclude: alwaysInclude !== undefined },
    });
  }
}

function projectFields(fields: Map<string, FrontMatterValue>): { project: ParsedBible["project"]; errors: LineError[] } {
  const errors: LineError[] = [];
  const format = fields.get("format");
  if (format !== undefined && format !== BIBLE_FORMAT) errors.push({ line: 1, message: bundleErrors.notABible });
  const version = fields.get("version");
  if (version !== undefined && !(typeof version === "number" && version <= BIBLE_FORMAT_VERSION)) {
    errors.push({ line: 1, message: bundleErrors.unsupportedVersion(String(version)) });
  }
  const text = (key: string) => (fields.has(key) ? normalizeName(String(fields.get(key))) : undefined);
  const project = { title: text("title"), logline: text("logline"), kind: text("kind") || undefined };
  return { project, errors: [...errors, ...checkProjectFields(project, 1)] };
}

/** The bible in `markdown`, or every problem found (sorted by line). */
export function parseBible(markdown: string): ParseResult {
  const lines = markdown.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n").split("\n");
  const front = readFrontMatter(lines);
  const { project, errors: projectErrors } = projectFields(front.fields);
  const reader = new BibleReader();
  reader.read(lines, front.bodyStart);
  const errors = [
    ...front.errors,
    ...projectErrors,
    ...reader.errors,
    ...checkSections(reader.sections, reader.sectionLines),
    ...reader.entries.flatMap(checkEntry),
    ...checkEntryCount(reader.entries),
  ].sort((a, b) => a.line - b.line);
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, bible: { project, sections: reader.sections, entries: reader.entries } };
}
