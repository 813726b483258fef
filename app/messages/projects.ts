/** Projects and the story bible (issue 13): labels the writer sees, and the context block's wording. */

/** The bible's labels: the fixed sections and the entry kinds (the UI's "Used: …" reads these too). */
export const bibleTexts = {
  sections: {
    synopsis: "Synopsis",
    genreTone: "Genre & tone",
    setting: "Setting",
    styleNotes: "Style notes",
    styleSample: "Style sample",
  },
  kinds: {
    character: "Character",
    place: "Place",
    thing: "Thing",
    lore: "Lore",
    theme: "Theme",
    other: "Other",
  },
} as const;

/**
 * The project context block the model gets after the system prompt (decision 013). The stand-in
 * model finds the block by its heading, so the heading's wording lives only here.
 */
export const projectContextTexts = {
  headingPrefix: "# Project context: ",
  heading: (title: string) => `${projectContextTexts.headingPrefix}${title}`,
  preamble:
    "The writer's story bible for this project. Keep the answer consistent with it; it is background, not the request.",
  aliases: (aliases: string[]) => ` (also: ${aliases.join(", ")})`,
  styleSampleNote: "A sample of the writer's own prose: match its voice.",
  styleSampleShortenedNote: "The opening of a sample of the writer's own prose: match its voice.",
} as const;
