/**
 * "Work on my draft" (decision 012): what a writer can ask of a passage they wrote. Five actions
 * every tool has, and each tool's own. `tracked` actions return the revised passage, which the
 * tool page shows as tracked changes (accept or reject each); the others return commentary or
 * new text. The instruction is what the model is asked; the label is what the writer sees.
 */
export type DraftAction = {
  readonly value: string;
  readonly label: string;
  readonly tracked: boolean;
  readonly instruction: string;
};

const REVISED_ONLY =
  "Return only the revised passage, with no heading, introduction or comments before or after it, keeping the writer's paragraphing.";

export const commonDraftActions: readonly DraftAction[] = [
  {
    value: "line-edit",
    label: "Line edit",
    tracked: true,
    instruction: `Line-edit the passage: fix grammar, word choice, rhythm and clarity sentence by sentence, keeping the writer's voice, meaning and length. ${REVISED_ONLY}`,
  },
  {
    value: "critique",
    label: "Critique",
    tracked: false,
    instruction:
      "Critique the passage as an experienced editor: what works, what does not and why, with specific, quoted examples and concrete suggestions, most important first.",
  },
  {
    value: "tighten",
    label: "Tighten",
    tracked: true,
    instruction: `Tighten the passage: cut redundancy, filler and slack phrasing by about 15–25% without losing meaning, voice or anything essential. ${REVISED_ONLY}`,
  },
  {
    value: "expand",
    label: "Expand",
    tracked: false,
    instruction:
      "Expand the passage: deepen it with sensory detail, interiority and texture where it is thin, in the writer's voice, roughly doubling its length. Return the expanded passage only.",
  },
  {
    value: "continue-voice",
    label: "Continue in my voice",
    tracked: false,
    instruction:
      "Continue the passage from where it ends, matching the writer's voice, tense, point of view and style closely, for about the same length. Return only the continuation.",
  },
];

/** Each tool's own action, keyed by tool slug. */
export const toolDraftActions: Readonly<Record<string, DraftAction>> = {
  prose: {
    value: "show-dont-tell",
    label: "Show, don't tell",
    tracked: true,
    instruction: `Revise the passage so that emotions and traits told outright are shown through action, dialogue and detail instead. ${REVISED_ONLY}`,
  },
  poetry: {
    value: "scansion",
    label: "Scansion and meter check",
    tracked: false,
    instruction:
      "Scan the poem line by line: mark stressed and unstressed syllables, name the dominant meter, and point out every line that breaks it, with a suggestion for each.",
  },
  stage: {
    value: "format-screenplay",
    label: "Format as a screenplay",
    tracked: false,
    instruction:
      "Format the passage as a screenplay: scene headings (INT./EXT. PLACE - TIME) as their own lines, action lines, CHARACTER NAMES in capitals above their dialogue, parentheticals in brackets, and transitions such as CUT TO: on their own lines.",
  },
  nonfiction: {
    value: "fact-flags",
    label: "Flag claims to check",
    tracked: false,
    instruction:
      "List every factual claim in the passage that a careful editor would want sourced or verified, quoting each, saying why, and what kind of source would settle it.",
  },
  content: {
    value: "hook",
    label: "Sharpen the hook",
    tracked: false,
    instruction:
      "Write five stronger opening hooks for this piece (each one or two sentences), then say which works best for which platform and why.",
  },
  songwriting: {
    value: "syllables",
    label: "Rhyme and syllable check",
    tracked: false,
    instruction:
      "Check the lyric line by line: count syllables, mark the rhyme scheme, and point out lines that would be hard to sing against their partners, with a suggestion for each.",
  },
};

/** About 3,000 words of prose; the character bound keeps the request bounded whatever the words. */
export const MAX_DRAFT_WORDS = 3_000;
export const MAX_DRAFT_CHARS = 20_000;

export function draftActionsOf(toolSlug: string): readonly DraftAction[] {
  const own = toolDraftActions[toolSlug];
  return own ? [...commonDraftActions, own] : commonDraftActions;
}

export function findDraftAction(toolSlug: string, value: string): DraftAction | undefined {
  return draftActionsOf(toolSlug).find((action) => action.value === value);
}

export function countWords(text: string): number {
  return text.trim() === "" ? 0 : text.trim().split(/\s+/u).length;
}

/** The history row's element for a draft conversation: the action, marked as a draft. */
export const DRAFT_ELEMENT_PREFIX = "draft:";

/** What the model is asked: the action's instruction, then the writer's passage. */
export function buildDraftRequestText(action: DraftAction, passage: string): string {
  return `${action.instruction}\n\nThe passage:\n\n"""\n${passage.trim()}\n"""`;
}

/**
 * The key under which a draft conversation's `details` keep the writer's passage (trimmed), so
 * the page can show tracked changes against it when the conversation is reopened.
 */
export const DRAFT_PASSAGE_DETAIL = "passage";

/** What a draft conversation was made from: its action and the writer's passage. */
export type DraftSource = { action: string; passage: string };

/** The draft a saved conversation was made from, or null when it is not a (known) draft. */
export function draftSourceOf(toolSlug: string, element: string | null, details: Readonly<Record<string, string>>): DraftSource | null {
  if (!element?.startsWith(DRAFT_ELEMENT_PREFIX)) return null;
  const action = findDraftAction(toolSlug, element.slice(DRAFT_ELEMENT_PREFIX.length));
  return action ? { action: action.value, passage: details[DRAFT_PASSAGE_DETAIL] ?? "" } : null;
}
