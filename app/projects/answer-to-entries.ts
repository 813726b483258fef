/**
 * "Save to bible" (issue 13): an answer's Markdown → suggested bible entries. The whole answer, one
 * of its sections (its heading → the name; the kind from the heading's words, else from the tool's
 * element) or the writer's selection; a character list → one entry per character. Pure; the
 * writer edits every suggestion before anything is saved.
 */
import type { BibleEntryKind } from "./bible";
import { MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS } from "~/rules/project-limits";

export type SuggestedEntry = { kind: BibleEntryKind; name: string; description: string };

export type AnswerSection = { heading: string; level: number; body: string };

/** The words a heading or an element uses for each kind, checked in this order (first wins). */
const KIND_WORDS: readonly [BibleEntryKind, RegExp][] = [
  ["character", /\b(?:characters?|cast|dramatis personae|protagonists?|antagonists?|heroes|heroines?|villains?|persona|people|who)\b/i],
  ["place", /\b(?:places?|locations?|settings?|world|cities|city|towns?|villages?|geography|map|rooms?|houses?|landscapes?)\b/i],
  ["theme", /\b(?:themes?|motifs?|concepts?|ideas?|messages?)\b/i],
  ["lore", /\b(?:lore|history|histories|magic|rules|religions?|cultures?|factions?|myths?|legends?|timeline|politics)\b/i],
  ["thing", /\b(?:things?|objects?|items?|artifacts?|artefacts?|props?|weapons?|tools?|vehicles?)\b/i],
];

/** The kind a heading's words suggest, else the element's (e.g. "characters"), else Other. */
export function suggestKind(heading: string, element?: string | null): BibleEntryKind {
  for (const text of [heading, element ?? ""]) {
    for (const [kind, words] of KIND_WORDS) if (words.test(text.replace(/[_-]/g, " "))) return kind;
  }
  return "other";
}

/** A heading as an entry's name: without numbering, emphasis, "Character:" labels or a final colon. */
export function nameFromHeading(heading: string): string {
  let name = heading
    .replace(/[*_`]+/g, "")
    .replace(/^\s*(?:\d+[.)]|[-•])\s*/, "")
    .replace(/\s*:\s*$/, "")
    .replace(/\s+/g, " ")
    .trim();
  // "Character: Agnes Pell" → "Agnes Pell" (the label is the kind, not the name).
  const labelled = /^([^:]{1,30}):\s*(\S.*)$/.exec(name);
  if (labelled && suggestKind(labelled[1]!) !== "other") name = labelled[2]!;
  return name.slice(0, MAX_NAME_CHARS).trim();
}

const clipDescription = (text: string) => text.trim().slice(0, MAX_DESCRIPTION_CHARS).trim();

const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/;

/** The answer's sections, one per heading, each with the text up to the next heading of any level. */
export function answerSections(markdown: string): AnswerSection[] {
  const sections: AnswerSection[] = [];
  let current: { heading: string; level: number; lines: string[] } | null = null;
  let fenced = false;
  const close = () => {
    if (current) sections.push({ heading: current.heading, level: current.level, body: current.lines.join("\n").trim() });
  };
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : HEADING.exec(line);
    if (heading) {
      close();
      current = { heading: heading[2]!.trim(), level: heading[1]!.length, lines: [] };
    } else current?.lines.push(line);
  }
  close();
  return sections;
}

/** One section as an entry: its heading names it and suggests its kind. */
export function entryFromSection(section: AnswerSection, element?: string | null): SuggestedEntry {
  return { kind: suggestKind(section.heading, element), name: nameFromHeading(section.heading), description: clipDescription(section.body) };
}

/**
 * A selection (or a whole answer) as one entry: named by its first heading, else its first bold
 * phrase, else its first words; described by the rest.
 */
export function entryFromText(text: string, element?: string | null): SuggestedEntry {
  const trimmed = text.trim();
  const lines = trimmed.split(/\r?\n/);
  const heading = HEADING.exec(lines[0] ?? "");
  if (heading) return entryFromSection({ heading: heading[2]!, level: heading[1]!.length, body: lines.slice(1).join("\n") }, element);
  const lead = leadName(lines[0] ?? "");
  const name = lead ?? nameFromHeading(oneLineStart(trimmed));
  return { kind: suggestKind(lead ?? "", element), name, description: clipDescription(trimmed) };
}

const oneLineStart = (text: string) => text.replace(/\s+/g, " ").split(/[.!?:—–]\s/)[0]!.split(" ").slice(0, 6).join(" ");

/** "**Agnes Pell** — …", "- **Agnes Pell:** …", "1. Agnes Pell: …": the name a list item starts with. */
function leadName(line: string): string | null {
  const bold = /^\s*(?:[-*+]|\d+[.)])?\s*\*\*(.+?)\*\*/.exec(line);
  if (bold) return nameFromHeading(bold[1]!) || null;
  const labelled = /^\s*(?:[-*+]|\d+[.)])\s+([^:—–\n]{1,80}?)\s*(?::|—|–|\s-\s)\s*\S/.exec(line);
  return labelled ? nameFromHeading(labelled[1]!) || null : null;
}

/** What a list item says about the name it starts with (without the name and its separator). */
function itemDescription(line: string, rest: string[]): string {
  const body = line.replace(/^\s*(?:[-*+]|\d+[.)])?\s*/, "");
  const withoutName = body.startsWith("**") ? body.replace(/^\*\*.+?\*\*/, "") : body.replace(/^[^:—–\n]{1,80}?(?=\s*(?::|—|–|\s-\s))/, "");
  const first = withoutName.replace(/^\s*(?::|—|–|-)\s*/, "");
  return clipDescription([first, ...rest].join("\n"));
}

const isCastHeading = (section: AnswerSection) => suggestKind(section.heading) === "character";

/** The sections under `sections[index]`: those after it, up to the next heading of its level or higher. */
function subsectionsOf(sections: AnswerSection[], index: number): AnswerSection[] {
  const subsections: AnswerSection[] = [];
  for (const section of sections.slice(index + 1)) {
    if (section.level <= sections[index]!.level) break;
    subsections.push(section);
  }
  return subsections;
}

/** The characters under one cast heading: its sub-headings, else its list items. */
function castOf(sections: AnswerSection[], index: number): SuggestedEntry[] {
  const subsections = subsectionsOf(sections, index);
  if (subsections.length > 0) return subsections.map((section) => ({ ...entryFromSection(section), kind: "character" }));
  return itemsOf(sections[index]!.body);
}

/**
 * Character items under one heading: sub-headings, else list items or paragraphs that start with a
 * name. A cast heading inside another that lists two or more characters is the list: an answer
 * titled "# Character list" with its cast under "## Characters" (beside "## Your details" and
 * "## Next steps") is that cast, not one entry per section.
 */
function charactersIn(sections: AnswerSection[], markdown: string): SuggestedEntry[] {
  let index = sections.findIndex(isCastHeading);
  if (index < 0) return itemsOf(markdown);
  for (;;) {
    const start = index + 1;
    const inner = subsectionsOf(sections, index).findIndex((section, offset) => isCastHeading(section) && castOf(sections, start + offset).length >= 2);
    if (inner < 0) return castOf(sections, index);
    index = start + inner;
  }
}

/** List items (with their continuation lines) or paragraphs that start with a name. */
function itemsOf(text: string): SuggestedEntry[] {
  const entries: SuggestedEntry[] = [];
  let current: { name: string; first: string; rest: string[] } | null = null;
  const close = () => {
    if (current) entries.push({ kind: "character", name: current.name, description: itemDescription(current.first, current.rest) });
  };
  for (const line of text.split(/\r?\n/)) {
    const name = /^\s{0,3}(?:[-*+]|\d+[.)]|\*\*)/.test(line) ? leadName(line) : null;
    if (name) {
      close();
      current = { name, first: line, rest: [] };
    } else if (current && line.trim()) current.rest.push(line.trim());
    else if (!line.trim() && current && !/^\s*(?:[-*+]|\d+[.)])/.test(current.first)) {
      close();
      current = null;
    }
  }
  close();
  return entries;
}

/**
 * A character list answer as one entry per character (at least two, else it is not a list), in
 * the answer's order, one per name.
 */
export function characterEntries(markdown: string): SuggestedEntry[] {
  const found = charactersIn(answerSections(markdown), markdown);
  const seen = new Set<string>();
  const unique = found.filter((entry) => {
    const key = entry.name.toLowerCase();
    if (!entry.name || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.length >= 2 ? unique : [];
}

/** Lower-case words a name may hold ("Anne of Green Gables", "Ludwig van Beethoven"). */
const NAME_PARTICLES = new Set(["of", "the", "de", "del", "della", "di", "da", "du", "van", "von", "der", "den", "la", "le", "al", "el", "bin", "ibn", "y", "and", "st"]);

/**
 * Whether a suggested name reads as a name rather than a section title ("Agnes Pell", "The Lock
 * House" — not "Next steps" or "Bringing the characters to life"): at most five words, each
 * capitalised or a particle. Text in a script without capitals is taken as a name (no way to tell).
 */
export function looksLikeName(name: string): boolean {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > 5) return false;
  return words.every((word) => {
    const first = word.replace(/^[^\p{L}]+/u, "")[0] ?? "";
    if (!first) return true;
    if (first.toLowerCase() === first.toUpperCase()) return true;
    return first === first.toUpperCase() || NAME_PARTICLES.has(word.toLowerCase());
  });
}
