/** Word count and reading time of an answer, as a writer counts them. */

/** Silent reading speed of adult readers, words per minute (Brysbaert 2019). */
export const WORDS_PER_MINUTE = 238;

/** Markdown syntax is not words: link and image targets go, the rest has no letters anyway. */
const LINK_TARGET = /\]\([^)]*\)/g;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’_-]*/gu;

export function countWords(markdown: string): number {
  return markdown.replace(LINK_TARGET, "]").match(WORD)?.length ?? 0;
}

/** Whole minutes, at least one for any text at all. */
export function readingMinutes(words: number): number {
  return words === 0 ? 0 : Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
