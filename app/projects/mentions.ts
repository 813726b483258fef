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
 * "Agnes'" needs nothing: the trailing apostrophe is not part of the word. Calls `found` with
 * each (no array: this runs for every such word of the conversation).
 */
function eachStem(word: string, found: (stem: string) => void) {
  let stem = word;
  if (stem.endsWith("'s")) {
    stem = stem.slice(0, -2);
    found(stem);
  }
  if (stem.length > MIN_STEM && endsInS(stem) && stem.charCodeAt(stem.length - 2) !== S) {
    found(stem.slice(0, -1));
    if (stem.length - 2 >= MIN_STEM && ES_PLURAL.test(stem)) found(stem.slice(0, -2));
  }
}

function endsInS(word: string) {
  return word.charCodeAt(word.length - 1) === S;
}

/** A name's last word matches a text's word as written, possessive or plural. */
function lastWordMatches(name: string, word: string): boolean {
  if (word === name) return true;
  if (!endsInS(word)) return false;
  let matches = false;
  eachStem(word, (stem) => (matches ||= stem === name));
  return matches;
}

type Pattern = { entry: number; words: string[] };

/** Between names when they are split into words together (a control character no name keeps). */
const SEPARATOR = "\u0000";

/**
 * Every name and alias of every entry, by its first word. All of them are split into words in one
 * pass, as one text with a separator between names: one regex run instead of one per name.
 */
function indexNames(entries: readonly BibleEntry[]): Map<string, Pattern[]> {
  const owners: number[] = [];
  const names: string[] = [];
  const add = (name: string, position: number) => {
    owners.push(position);
    names.push(name.includes(SEPARATOR) ? name.replaceAll(SEPARATOR, " ") : name);
  };
  for (let position = 0; position < entries.length; position++) {
    const entry = entries[position]!;
    add(entry.name, position);
    for (const alias of entry.aliases) add(alias, position);
  }
  const index = new Map<string, Pattern[]>();
  let name = 0;
  let words: string[] = [];
  for (const word of wordsOf(names.join(SEPARATOR) + SEPARATOR)) {
    if (word !== SEPARATOR) {
      words.push(word);
      continue;
    }
    // A name of punctuation only ("—") would match every dash: it never matches. (Punctuation
    // tokens are one character, two for an emoji; anything longer is a word.)
    if (words.some((w) => w.length > 2 || HAS_WORD.test(w))) {
      const pattern = { entry: owners[name]!, words };
      const list = index.get(words[0]!);
      if (list) list.push(pattern);
      else index.set(words[0]!, [pattern]);
    }
    name += 1;
    words = [];
  }
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
  for (let t = 0; t < texts.length; t++) {
    const words = wordsOf(texts[t]!);
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      const named = index.get(word);
      for (let p = 0; named && p < named.length; p++) {
        const { entry, words: name } = named[p]!;
        if (name.length === 1 || restMatches(name, words, i)) hit(entry, t, offset + i, name.length);
      }
      if (!endsInS(word)) continue;
      eachStem(word, (stem) => {
        const stemmed = index.get(stem);
        for (let p = 0; stemmed && p < stemmed.length; p++) {
          if (stemmed[p]!.words.length === 1) hit(stemmed[p]!.entry, t, offset + i, 1);
        }
      });
    }
    offset += words.length;
  }
  const mentions = new Map<string, Mention>();
  entries.forEach((entry, position) => {
    if (counts[position]! > 0) mentions.set(entry.id, { count: counts[position]!, lastText: lastText[position]! });
  });
  return mentions;
}
