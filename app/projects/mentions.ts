/**
 * Which bible entries a conversation mentions (decision 013): by name or alias, case-insensitive,
 * whole words (any script), with simple plurals and possessives on the last word.
 *
 * One pass per text: the text is split into words once and each word is looked up in an index of
 * every name's first word, so the cost grows with the text, not with entries × aliases. The index
 * is built per call from the writer's own entries; nothing is kept between calls.
 */
import type { BibleEntry } from "./bible";

export type Mention = {
  /** How often the entry's names occur in all the texts. */
  count: number;
  /** The index of the latest text (texts are given oldest first) that mentions the entry. */
  lastText: number;
};

/**
 * A word — letters, marks and digits of any script, joined by inner apostrophes or hyphens
 * ("O'Brien", "Jean-Luc", "don't" are one word each) — or one punctuation mark, kept so that
 * "Lock, House" is not "Lock House".
 */
const TOKEN = /[\p{L}\p{M}\p{N}]+(?:['-][\p{L}\p{M}\p{N}]+)*|[^\s\p{L}\p{M}\p{N}]/gu;
const HAS_WORD = /[\p{L}\p{N}]/u;
const APOSTROPHES = /[\u2018\u2019\u02BC]/g;
const HYPHENS = /[\u2010\u2011]/g;
/** A plural ending is only taken off when at least this much word is left ("Eds" is not "Ed"). */
const MIN_STEM = 3;
const ES_PLURAL = /(?:s|x|z|ch|sh|o)es$/;
const S = 115; // "s"

/** The words of a text, compared case-insensitively in one Unicode form with plain ' and -. */
function wordsOf(text: string): string[] {
  return text.normalize("NFC").toLowerCase().replace(APOSTROPHES, "'").replace(HYPHENS, "-").match(TOKEN) ?? [];
}

/**
 * What a word ending in "s" may stand for besides itself: without a possessive ("Agnes's"), and
 * without a simple plural ending ("Pells" → "pell", "Houses" → "house", "Foxes" → "fox").
 * "Agnes'" needs nothing: the trailing apostrophe is not part of the word.
 */
function stemsOf(word: string): string[] {
  const stems: string[] = [];
  let stem = word;
  if (stem.endsWith("'s")) {
    stem = stem.slice(0, -2);
    stems.push(stem);
  }
  if (stem.length > MIN_STEM && stem.charCodeAt(stem.length - 1) === S && !stem.endsWith("ss")) {
    stems.push(stem.slice(0, -1));
    if (stem.length - 2 >= MIN_STEM && ES_PLURAL.test(stem)) stems.push(stem.slice(0, -2));
  }
  return stems;
}

const endsInS = (word: string) => word.charCodeAt(word.length - 1) === S;

/** A name's last word matches a text's word as written, possessive or plural. */
function lastWordMatches(name: string, word: string): boolean {
  return word === name || (endsInS(word) && stemsOf(word).includes(name));
}

type Pattern = { entry: number; words: string[] };
const NONE: readonly Pattern[] = [];

/** Every name and alias of every entry, by its first word. */
function indexNames(entries: readonly BibleEntry[]): Map<string, Pattern[]> {
  const index = new Map<string, Pattern[]>();
  entries.forEach((entry, position) => {
    const seen = new Set<string>();
    for (const name of [entry.name, ...entry.aliases]) {
      const words = wordsOf(name);
      const key = words.join(" ");
      // A name of punctuation only ("—") would match every dash: it never matches.
      if (!words.some((word) => HAS_WORD.test(word)) || seen.has(key)) continue;
      seen.add(key);
      const list = index.get(words[0]!);
      if (list) list.push({ entry: position, words });
      else index.set(words[0]!, [{ entry: position, words }]);
    }
  });
  return index;
}

/** Whether a multi-word name starts at `at` (its first word already matched as written). */
function restMatches(name: string[], words: string[], at: number): boolean {
  const last = name.length - 1;
  if (at + last >= words.length) return false;
  for (let i = 1; i < last; i++) if (words[at + i] !== name[i]) return false;
  return lastWordMatches(name[last]!, words[at + last]!);
}

/** The entries mentioned in `texts` (oldest first), by entry id; entries not mentioned are absent. */
export function findMentions(entries: readonly BibleEntry[], texts: readonly string[]): Map<string, Mention> {
  const index = indexNames(entries);
  const counts = new Array<number>(entries.length).fill(0);
  const lastText = new Array<number>(entries.length).fill(-1);
  // One mention per entry per place, however many of its names overlap there ("Agnes Pell" and
  // "Pell", "Pell" and "Pells"): a match that starts inside the last one's words extends it.
  const coveredUntil = new Array<number>(entries.length).fill(-1);
  let offset = 0;
  const hit = (entry: number, text: number, at: number, length: number) => {
    const covered = coveredUntil[entry]!;
    coveredUntil[entry] = Math.max(covered, at + length);
    if (at < covered) return;
    counts[entry]! += 1;
    lastText[entry] = text;
  };
  texts.forEach((text, t) => {
    const words = wordsOf(text);
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      for (const pattern of index.get(word) ?? NONE) {
        const length = pattern.words.length;
        if (length === 1 || restMatches(pattern.words, words, i)) hit(pattern.entry, t, offset + i, length);
      }
      if (!endsInS(word)) continue;
      for (const stem of stemsOf(word)) {
        for (const pattern of index.get(stem) ?? NONE) if (pattern.words.length === 1) hit(pattern.entry, t, offset + i, 1);
      }
    }
    offset += words.length;
  });
  const mentions = new Map<string, Mention>();
  entries.forEach((entry, position) => {
    if (counts[position]! > 0) mentions.set(entry.id, { count: counts[position]!, lastText: lastText[position]! });
  });
  return mentions;
}
