/**
 * The definition lines under an entry's `### Name`: `- Kind: Character`, `- Aliases: Aggie,
 * "Pell, Agnes"`, `- Always include: yes` (the list marker is optional, keys and values any case).
 */
import { bibleFormatTexts, bundleErrors } from "~/messages/bundle";
import type { BibleEntryKind } from "~/projects/bible";
import { kindFromText, kindLabels, normalizeName } from "./bible-format";

export type EntryDetails = { kind?: BibleEntryKind; aliases?: string[]; alwaysInclude?: boolean };
type DetailKey = keyof EntryDetails;

const DETAIL_LINE = /^\s*(?:[-*+]\s+)?([^:]+?)\s*:\s*(.*?)\s*$/;

function detailKey(text: string): DetailKey | null {
  const wanted = text.toLocaleLowerCase("en-US");
  if (wanted === bibleFormatTexts.kindKey.toLocaleLowerCase("en-US")) return "kind";
  if (wanted === bibleFormatTexts.aliasesKey.toLocaleLowerCase("en-US")) return "aliases";
  if (wanted === bibleFormatTexts.alwaysIncludeKey.toLocaleLowerCase("en-US")) return "alwaysInclude";
  return null;
}

/** Whether a line is one of the definition lines (how the reader tells them from a description). */
export function isDetailLine(line: string): boolean {
  const match = DETAIL_LINE.exec(line);
  return match !== null && detailKey(match[1]!) !== null;
}

const QUOTED = /^"(?:[^"\\]|\\.)*"/;

/** Comma-separated aliases; one in double quotes is a JSON string (it may hold commas). Null: a quote left open. */
export function parseAliases(text: string): string[] | null {
  const aliases: string[] = [];
  let rest = text.trim();
  while (rest) {
    let alias: string;
    if (rest.startsWith('"')) {
      const quoted = QUOTED.exec(rest)?.[0];
      if (!quoted) return null;
      alias = JSON.parse(quoted) as string;
      rest = rest.slice(quoted.length).trimStart();
      if (rest && !rest.startsWith(",")) return null;
    } else {
      const comma = rest.indexOf(",");
      alias = comma < 0 ? rest : rest.slice(0, comma);
      rest = comma < 0 ? "" : rest.slice(comma);
    }
    rest = rest.replace(/^,\s*/, "");
    if (normalizeName(alias)) aliases.push(normalizeName(alias));
  }
  // Repeats say nothing: kept once, in the writer's order (as the projects API keeps them).
  return [...new Set(aliases)];
}

function yesOrNo(value: string): boolean | null {
  const { yes, no } = bibleFormatTexts;
  const wanted = value.toLocaleLowerCase("en-US");
  if (wanted === yes || wanted === "true") return true;
  if (wanted === no || wanted === "false") return false;
  return null;
}

/** Adds one definition line to `details`; the error's message, or null when it was read. */
export function readDetailLine(line: string, details: EntryDetails): string | null {
  const match = DETAIL_LINE.exec(line);
  const key = match ? detailKey(match[1]!) : null;
  if (!match || !key) return bundleErrors.unknownDetail(line.trim());
  if (details[key] !== undefined) return bundleErrors.duplicateDetail(match[1]!);
  const value = match[2]!;
  if (key === "kind") {
    const kind = kindFromText(value);
    if (!kind) return bundleErrors.unknownKind(value, kindLabels().join(", "));
    details.kind = kind;
  } else if (key === "aliases") {
    const aliases = parseAliases(value);
    if (!aliases) return bundleErrors.aliasQuotes;
    details.aliases = aliases;
  } else {
    const include = yesOrNo(value);
    if (include === null) return bundleErrors.yesOrNo(match[1]!);
    details.alwaysInclude = include;
  }
  return null;
}
