/**
 * The stand-in's answers to "Work on my draft" requests (app/catalog/draft-actions.ts): the
 * action's instruction, then the writer's passage between triple quotes. Actions that ask for
 * the revised passage only (line edit, tighten, show-don't-tell) get a deterministic revision —
 * weak words swapped, filler cut, doubled words fixed — so tracked changes have real insertions
 * and deletions to show; the others get plausible editor's notes that quote the passage.
 */

const PASSAGE = /\n\nThe passage:\n\n"""\n([\s\S]*)\n"""\s*$/;
const REVISED_ONLY = "Return only the revised passage";

/** A draft request split into its instruction and passage, or null for any other request. */
export function parseDraftRequest(text: string): { instruction: string; passage: string; revisedOnly: boolean } | null {
  const found = PASSAGE.exec(text);
  if (!found) return null;
  const instruction = text.slice(0, found.index).trim();
  return { instruction, passage: found[1]!, revisedOnly: instruction.includes(REVISED_ONLY) };
}

/** Plain swaps a line editor would make (whole words, the case of the first letter kept). */
const SWAPS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bwalked\b/gi, "strode"],
  [/\blooked at\b/gi, "studied"],
  [/\bbig\b/gi, "vast"],
  [/\bbad\b/gi, "grim"],
  [/\bsaid\b/gi, "murmured"],
  [/\bthings\b/gi, "matters"],
  [/\bgood\b/gi, "fine"],
  [/\ba lot of\b/gi, "many"],
  [/\bfell down\b/gi, "fell"],
];

/** Filler a line edit cuts; tightening cuts more. */
const FILLER = ["very", "really", "just", "suddenly"];
const TIGHTEN_FILLER = ["quite", "rather", "somewhat", "actually", "basically", "that"];

const keepCase = (original: string, replacement: string) =>
  /^[A-Z]/.test(original) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;

function cutWords(text: string, words: readonly string[]): string {
  const pattern = new RegExp(`\\b(?:${words.join("|")}) (\\w)`, "gi");
  // "Very slowly" loses "Very" and keeps its capital: "Slowly".
  return text.replace(pattern, (match, next: string) => (/^[A-Z]/.test(match) ? next.toUpperCase() : next));
}

/** The passage revised: doubled words fixed, weak words swapped, filler cut. */
export function reviseDraft(passage: string, { tighten = false }: { tighten?: boolean } = {}): string {
  let text = passage.trim().replace(/\b(\w+) \1\b/gi, "$1");
  for (const [pattern, replacement] of SWAPS) text = text.replace(pattern, (match) => keepCase(match, replacement));
  text = cutWords(text, tighten ? [...FILLER, ...TIGHTEN_FILLER] : FILLER);
  // A passage with nothing to fix still gets one change, so the revision is never a no-op.
  return text === passage.trim() ? `${text} Nothing else moved.` : text;
}

const firstSentence = (passage: string) => {
  const flat = passage.replace(/\s+/g, " ").trim();
  const end = flat.search(/[.!?](\s|$)/);
  const sentence = end === -1 ? flat : flat.slice(0, end + 1);
  return sentence.length > 120 ? `${sentence.slice(0, 119)}…` : sentence;
};

const countWords = (text: string) => (text.trim() ? text.trim().split(/\s+/).length : 0);

/** Notes on the passage for the actions that do not return a revision. */
function draftNotes(instruction: string, passage: string): string {
  const words = countWords(passage);
  const paragraphs = passage.split(/\n\s*\n/).filter((part) => part.trim()).length;
  const task = instruction.split(/[:.]/)[0]!.trim();
  return [
    "# Notes on your passage",
    `> ${firstSentence(passage)}`,
    `You asked me to ${task.charAt(0).toLowerCase()}${task.slice(1)}. The passage runs to ${words} ${words === 1 ? "word" : "words"} in ${paragraphs} ${paragraphs === 1 ? "paragraph" : "paragraphs"}.`,
    "## What works",
    "The opening sentence sets the scene quickly, and the concrete nouns give the reader something to hold on to.",
    "## What to look at",
    "- Intensifiers such as *very* and *really* soften the verbs they lean on.\n- Two sentences in a row start the same way, which flattens the rhythm.",
    "## Suggestions",
    "1. Swap the weakest verb for a specific one.\n2. End the passage on an image rather than a summary.",
  ].join("\n\n");
}

/** The answer to a draft request: the revision alone, or notes (with the usual footer). */
export function draftAnswer(ask: string): { body: string; revisionOnly: boolean } | null {
  const request = parseDraftRequest(ask);
  if (!request) return null;
  if (request.revisedOnly) {
    return { body: reviseDraft(request.passage, { tighten: /^Tighten\b/.test(request.instruction) }), revisionOnly: true };
  }
  return { body: `${draftNotes(request.instruction, request.passage)}\n\n`, revisionOnly: false };
}
