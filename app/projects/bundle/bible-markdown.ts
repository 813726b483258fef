/**
 * Writes a project's story bible as one Markdown document a writer can read, edit by hand and
 * import again (the reader is bible-parse.ts; the shape is in decision 013):
 *
 *     ---
 *     format: "the-write-stuff/bible"
 *     version: 1
 *     title: "The Lock House"
 *     logline: "A keeper inherits a haunted lock."
 *     kind: "novel"
 *     ---
 *
 *     # The Lock House
 *
 *     ## Synopsis
 *     …one section per fixed section, empty ones too (a place to write)…
 *
 *     ## Entries
 *
 *     ### Agnes Pell
 *
 *     - Kind: Character
 *     - Aliases: Aggie, "Pell, Agnes"
 *     - Always include: yes
 *
 *     The description the model is given.
 *
 *     #### Private notes
 *
 *     Notes that never reach the model.
 */
import { bibleFormatTexts } from "~/messages/bundle";
import { bibleTexts } from "~/messages/projects";
import { BIBLE_SECTIONS } from "~/projects/bible";
import { BIBLE_FORMAT, BIBLE_FORMAT_VERSION, escapeText, formatAliases, normalizeName, normalizeText, type BundleBible, type BundleEntry } from "./bible-format";
import { writeFrontMatter } from "./front-matter";

/** A block of the writer's text, escaped; nothing for an empty one. */
function textBlock(text: string): string[] {
  const normalized = normalizeText(text);
  return normalized ? [escapeText(normalized)] : [];
}

function entryBlocks(entry: BundleEntry): string[] {
  const { kindKey, aliasesKey, alwaysIncludeKey, yes, no, privateNotesHeading } = bibleFormatTexts;
  const details = [`- ${kindKey}: ${bibleTexts.kinds[entry.kind]}`];
  const aliases = [...new Set(entry.aliases.map(normalizeName).filter(Boolean))];
  if (aliases.length > 0) details.push(`- ${aliasesKey}: ${formatAliases(aliases)}`);
  details.push(`- ${alwaysIncludeKey}: ${entry.alwaysInclude ? yes : no}`);
  const blocks = [`### ${normalizeName(entry.name)}`, details.join("\n"), ...textBlock(entry.description)];
  const notes = textBlock(entry.notes);
  if (notes.length > 0) blocks.push(`#### ${privateNotesHeading}`, ...notes);
  return blocks;
}

/** The document's blocks without the front matter: what the .docx shows, too. */
export function bibleBodyBlocks(bible: BundleBible): string[] {
  const blocks = [`# ${normalizeName(bible.project.title)}`];
  if (normalizeText(bible.project.logline)) blocks.push(`_${normalizeName(bible.project.logline)}_`);
  for (const section of BIBLE_SECTIONS) blocks.push(`## ${bibleTexts.sections[section]}`, ...textBlock(bible.project[section]));
  blocks.push(`## ${bibleFormatTexts.entriesHeading}`);
  for (const entry of bible.entries) blocks.push(...entryBlocks(entry));
  return blocks;
}

export function bibleToMarkdown(bible: BundleBible): string {
  const front = writeFrontMatter({
    format: BIBLE_FORMAT,
    version: BIBLE_FORMAT_VERSION,
    title: bible.project.title,
    logline: bible.project.logline,
    kind: bible.project.kind,
  });
  return `${front}\n${bibleBodyBlocks(bible).join("\n\n")}\n`;
}
