/**
 * How the project context block is written (decision 013): Markdown the model reads easily, one
 * `## ` heading per section and per entry. Private notes are not a parameter of anything here.
 */
import { bibleTexts, projectContextTexts } from "~/messages/projects";
import type { BibleEntry, BibleSection } from "./bible";

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The block's heading and the sentence that tells the model what the block is. */
export function renderOpening(title: string): string {
  return `${projectContextTexts.heading(oneLine(title))}\n\n${projectContextTexts.preamble}`;
}

/** A fixed section other than the style sample: "## Synopsis" and its text. */
export function renderSection(section: Exclude<BibleSection, "styleSample">, text: string): string {
  return `## ${bibleTexts.sections[section]}\n${text.trim()}`;
}

/** The name the writer sees in "Used: …", and the model in the entry's heading. */
export const entryName = (entry: Pick<BibleEntry, "name">) => oneLine(entry.name);

/** "## Character — Agnes Pell (also: Aggie)" and the description, when there is one. */
export function renderEntry(entry: Pick<BibleEntry, "kind" | "name" | "aliases" | "description">): string {
  const aliases = entry.aliases.map(oneLine).filter(Boolean);
  const heading = `## ${bibleTexts.kinds[entry.kind]} — ${entryName(entry)}${
    aliases.length > 0 ? projectContextTexts.aliases(aliases) : ""
  }`;
  const description = entry.description.trim();
  return description ? `${heading}\n${description}` : heading;
}

/** The style sample, whole or (`shortened`) its opening. */
export function renderStyleSample(sample: string, shortened: boolean): string {
  const note = shortened ? projectContextTexts.styleSampleShortenedNote : projectContextTexts.styleSampleNote;
  return `## ${bibleTexts.sections.styleSample}\n${note}\n\n${sample.trim()}`;
}

/** Below this, an opening says too little about a voice to be worth its tokens. */
export const MIN_SAMPLE_CHARS = 200;
/** A sentence's end: . ! ? … before a space (after a closing quote or bracket), or a CJK full stop. */
const SENTENCE_END = /[.!?…]["'”’)\]]?(?=\s)|[。！？]["'」』）]?/g;

/**
 * The opening of `text` cut at the last paragraph break, else the last sentence end, else the last
 * space, in its second half — so an opening never stops mid-word when it can help it.
 */
export function cutAtBoundary(text: string): string {
  const half = text.length / 2;
  const paragraph = text.lastIndexOf("\n\n");
  if (paragraph >= half) return text.slice(0, paragraph).trimEnd();
  let sentence = -1;
  for (const match of text.matchAll(SENTENCE_END)) sentence = match.index + match[0].length;
  if (sentence >= half) return text.slice(0, sentence);
  const space = text.search(/\s\S*$/);
  if (space >= half) return text.slice(0, space).trimEnd();
  // No spaces (Chinese, Japanese…): cut anywhere, but never between the halves of one character.
  const last = text.charCodeAt(text.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? text.slice(0, -1) : text;
}
