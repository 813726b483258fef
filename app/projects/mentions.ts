/**
 * Which bible entries a conversation mentions (decision 013): by name or alias, case-insensitive,
 * whole words (any script), with simple plurals and possessives on the last word.
 *
 * The texts are split into words once, and each word is looked up in an index of every name's
 * first word, so the cost grows with the text, not with entries × aliases. Building the index for a
 * bible at the 500-entry limit costs about as much as reading a long conversation, so the last few
 * indexes are kept, keyed by every name and alias in order: a writer's next generation on the same
 * bible reuses it, and any change to a name makes a new key. The index holds nothing but its key's
 * names, so sharing one between writers with the same names shows neither anything new.
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
const APOSTROPHE_OR_HYPHEN = /[\u2018\u2019\u02BC\u2010\u2011]/;
/** A plural ending is only taken off when at least this much word is left ("Eds" is not "Ed"). */
const MIN_STEM = 3;
const ES_PLURAL = /(?:s|x|z|ch|sh|o)es$/;
const S = 115; // "s"

/** The words of a text, compared case-insensitively in one Unicode form with plain ' and -. */
function wordsOf(text: string): string[] {
  let folded = text.normalize("NFC").toLowerCase();
  if (APOSTROPHE_OR_HYPHEN.test(folded)) folded = folded.replace(APOSTROPHES, "'").replace(HYPHENS, "-");
  return folded.match(TOKEN) ?? [];
}

/**
 * What a word ending in "s" may stand for besides itself: without a possessive ("Agnes's"), and
 * without a simple plural ending ("Pells" → "pell", "Houses" → "house", "Foxes" → "fox").
 * "Agnes'" needs nothing: the trailing apostrophe is not part of the word. Every such stem is an
 * opening of the word, so it is given as a length: fills `stems` (reused: this runs for every such
 * word of the conversation) and returns how many it holds.
 */
function stemsInto(word: string, stems: number[]): number {
  let count = 0;
  let length = word.length;
  if (word.endsWith("'s")) {
    length -= 2;
    stems[count++] = length;
  }
  if (length > MIN_STEM && word.charCodeAt(length - 1) === S && word.charCodeAt(length - 2) !== S) {
    stems[count++] = length - 1;
    const stem = length === word.length ? word : word.slice(0, length);
    if (length - 2 >= MIN_STEM && ES_PLURAL.test(stem)) stems[count++] = length - 2;
  }
  return count;
}

function endsInS(word: string) {
  return word.charCodeAt(word.length - 1) === S;
}

/** A name's last word matches a text's word as written, possessive or plural. */
function lastWordMatches(name: string, word: string, stems: number[]): boolean {
  if (word === name) return true;
  if (!endsInS(word)) return false;
  for (let k = stemsInto(word, stems) - 1; k >= 0; k--) if (stems[k] === name.length && word.startsWith(name)) return true;
  return false;
}

/**
 * Most words of a conversation open no name. Looking a word up costs hashing it, so a word is
 * first checked in a filter of the names' first words by its first two and last characters and
 * its length — read in place, for a stem too, without making a string. A set bit means "maybe".
 */
const FILTER_BITS = 1 << 16;

const inFilter = (filter: Uint32Array, slot: number) => ((filter[slot >>> 5]! >>> (slot & 31)) & 1) === 1;

function filterSlot(word: string, length: number): number {
  const first = Math.imul(word.charCodeAt(0), 0x9e3779b1);
  const second = Math.imul(length > 1 ? word.charCodeAt(1) : 0, 0x85ebca6b);
  const last = Math.imul(word.charCodeAt(length - 1), 0xc2b2ae35);
  return (first ^ second ^ last ^ Math.imul(length, 0x27d4eb2f)) >>> 16;
}

type Pattern = { entry: number; words: string[] };

/**
 * Between names, and between texts, when they are split into words together: a control character
 * none of them keeps, and a token of its own, so no name matches across it.
 */
const SEPARATOR = "\u0000";
const withoutSeparator = (text: string) => (text.includes(SEPARATOR) ? text.replaceAll(SEPARATOR, " ") : text);

/**
 * Whether a name has a word in it: a name of punctuation only ("—") would match every dash, so it
 * never matches. (Punctuation tokens are one character, two for an emoji; anything longer is a word.)
 */
function hasWord(words: string[]): boolean {
  for (const word of words) if (word.length > 2 || HAS_WORD.test(word)) return true;
  return false;
}

type NameIndex = { byFirstWord: Map<string, Pattern[]>; filter: Uint32Array };

/** How many indexes are kept (least recently used goes first). */
const KEPT_INDEXES = 8;
const indexes = new Map<string, NameIndex>();

/**
 * Every name and alias of every entry, by its first word — from the kept indexes when the names
 * and their owners are the same as in one of them.
 */
function indexNames(entries: readonly BibleEntry[]): NameIndex {
  const owners: number[] = [];
  const names: string[] = [];
  const add = (name: string, position: number) => {
    owners.push(position);
    names.push(withoutSeparator(name));
  };
  for (let position = 0; position < entries.length; position++) {
    const entry = entries[position]!;
    add(entry.name, position);
    for (const alias of entry.aliases) add(alias, position);
  }
  const text = names.join(SEPARATOR) + SEPARATOR;
  const key = `${owners.join(",")}${SEPARATOR}${text}`;
  let index = indexes.get(key);
  if (index) indexes.delete(key);
  else index = buildIndex(text, owners);
  indexes.set(key, index);
  if (indexes.size > KEPT_INDEXES) indexes.delete(indexes.keys().next().value!);
  return index;
}

/**
 * The index of `text` (every name followed by a separator; `owners[n]` is the entry of the n-th
 * name). All names are split into words in one pass: one regex run instead of one per name.
 */
function buildIndex(text: string, owners: readonly number[]): NameIndex {
  const byFirstWord = new Map<string, Pattern[]>();
  const filter = new Uint32Array(FILTER_BITS / 32);
  const tokens = wordsOf(text);
  for (let i = 0, start = 0, name = 0; i < tokens.length; i++) {
    if (tokens[i] !== SEPARATOR) continue;
    const words = tokens.slice(start, i);
    if (hasWord(words)) {
      const pattern = { entry: owners[name]!, words };
      const list = byFirstWord.get(words[0]!);
      if (list) list.push(pattern);
      else byFirstWord.set(words[0]!, [pattern]);
      const slot = filterSlot(words[0]!, words[0]!.length);
      filter[slot >>> 5]! |= 1 << (slot & 31);
    }
    name += 1;
    start = i + 1;
  }
  return { byFirstWord, filter };
}

/** Whether a multi-word name starts at `at` (its first word already matched as written). */
function restMatches(name: string[], words: string[], at: number, stems: number[]): boolean {
  const last = name.length - 1;
  if (at + last >= words.length) return false;
  for (let i = 1; i < last; i++) if (words[at + i] !== name[i]) return false;
  return lastWordMatches(name[last]!, words[at + last]!, stems);
}

/** The entries mentioned in `texts` (oldest first), by entry id; entries not mentioned are absent. */
export function findMentions(entries: readonly BibleEntry[], texts: readonly string[]): Map<string, Mention> {
  const { byFirstWord, filter } = indexNames(entries);
  const counts = new Array<number>(entries.length).fill(0);
  const lastText = new Array<number>(entries.length).fill(-1);
  // One mention per entry per place, however many of its names overlap there ("Agnes Pell" and
  // "Pell", "Pell" and "Pells"): a match that starts inside the last one's words extends it.
  const coveredUntil = new Array<number>(entries.length).fill(-1);
  const hit = (entry: number, text: number, at: number, length: number) => {
    const covered = coveredUntil[entry]!;
    coveredUntil[entry] = Math.max(covered, at + length);
    if (at < covered) return;
    counts[entry]! += 1;
    lastText[entry] = text;
  };
  const stems: number[] = [];
  // Every text split into words in one pass, as for the names.
  const words = wordsOf(texts.map(withoutSeparator).join(SEPARATOR));
  for (let i = 0, t = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === SEPARATOR) {
      t += 1;
      continue;
    }
    const named = inFilter(filter, filterSlot(word, word.length)) ? byFirstWord.get(word) : undefined;
    for (let p = 0; named && p < named.length; p++) {
      const { entry, words: name } = named[p]!;
      if (name.length === 1 || restMatches(name, words, i, stems)) hit(entry, t, i, name.length);
    }
    if (!endsInS(word)) continue;
    for (let k = stemsInto(word, stems) - 1; k >= 0; k--) {
      if (!inFilter(filter, filterSlot(word, stems[k]!))) continue;
      const stemmed = byFirstWord.get(word.slice(0, stems[k]!));
      for (let p = 0; stemmed && p < stemmed.length; p++) {
        if (stemmed[p]!.words.length === 1) hit(stemmed[p]!.entry, t, i, 1);
      }
    }
  }
  const mentions = new Map<string, Mention>();
  entries.forEach((entry, position) => {
    if (counts[position]! > 0) mentions.set(entry.id, { count: counts[position]!, lastText: lastText[position]! });
  });
  return mentions;
}
