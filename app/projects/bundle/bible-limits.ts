/** The limits (app/rules/project-limits.ts) applied to a bible read from Markdown, each problem at its line. */
import { bundleErrors } from "~/messages/bundle";
import { bibleTexts } from "~/messages/projects";
import { BIBLE_SECTIONS, type BibleSection } from "~/projects/bible";
import {
  MAX_ALIASES,
  MAX_DESCRIPTION_CHARS,
  MAX_ENTRIES_PER_PROJECT,
  MAX_LOGLINE_CHARS,
  MAX_NAME_CHARS,
  MAX_STYLE_SAMPLE_CHARS,
} from "~/rules/project-limits";
import type { BundleEntry } from "./bible-format";

export type LineError = { line: number; message: string };

/** Lengths as the forms' validation (zod) counts them: UTF-16 code units. */
const length = (text: string) => text.length;

function tooLong(what: string, text: string, max: number, line: number): LineError[] {
  const actual = length(text);
  return actual > max ? [{ line, message: bundleErrors.tooLong(what, max, actual) }] : [];
}

export function sectionLimit(section: BibleSection): number {
  return section === "styleSample" ? MAX_STYLE_SAMPLE_CHARS : MAX_DESCRIPTION_CHARS;
}

export function checkProjectFields(fields: { title?: string; logline?: string }, line: number): LineError[] {
  return [
    ...tooLong(bundleErrors.fields.title, fields.title ?? "", MAX_NAME_CHARS, line),
    ...tooLong(bundleErrors.fields.logline, fields.logline ?? "", MAX_LOGLINE_CHARS, line),
  ];
}

export function checkSections(sections: Partial<Record<BibleSection, string>>, lines: Partial<Record<BibleSection, number>>): LineError[] {
  return BIBLE_SECTIONS.flatMap((section) =>
    tooLong(bundleErrors.fields.section(bibleTexts.sections[section]), sections[section] ?? "", sectionLimit(section), lines[section] ?? 1),
  );
}

export function checkEntry(entry: BundleEntry & { line: number }): LineError[] {
  const { fields } = bundleErrors;
  const errors = [
    ...tooLong(fields.name, entry.name, MAX_NAME_CHARS, entry.line),
    ...entry.aliases.flatMap((alias) => tooLong(fields.alias(alias), alias, MAX_NAME_CHARS, entry.line)),
    ...tooLong(fields.description(entry.name), entry.description, MAX_DESCRIPTION_CHARS, entry.line),
    ...tooLong(fields.notes(entry.name), entry.notes, MAX_DESCRIPTION_CHARS, entry.line),
  ];
  if (entry.aliases.length > MAX_ALIASES) errors.push({ line: entry.line, message: bundleErrors.tooManyAliases(entry.name) });
  return errors;
}

export function checkEntryCount(entries: readonly { line: number }[]): LineError[] {
  const first = entries[MAX_ENTRIES_PER_PROJECT];
  return first ? [{ line: first.line, message: bundleErrors.tooManyEntries }] : [];
}
