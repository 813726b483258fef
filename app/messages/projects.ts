/** Projects and the story bible (issue 13): labels the writer sees, and the context block's wording. */
import { formatCount } from "./en-format.ts";

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

/** Projects' kinds, as the writer picks them (PROJECT_KINDS in app/projects/bible.ts). */
export const projectKindTexts = {
  novel: "Novel",
  collection: "Collection",
  script: "Script",
  album: "Album",
  series: "Series",
  channel: "Channel",
  book: "Book",
  other: "Other",
} as const;

/** What the projects API answers when it refuses (issue 13, "Bad input and limits"). */
export const projectErrorTexts = {
  signedOut: "Please sign in to use your projects.",
  notFound: "This project was not found. It may have been deleted.",
  entryNotFound: "This bible entry was not found. It may have been deleted.",
  invalid: "These project details could not be read. Please try again.",
  tooLarge: "That is more than a project form can send at once.",
  titleRequired: "Give the project a title.",
  nameRequired: "Give the entry a name.",
  tooLong: (what: string, max: number) => `${what} can be at most ${formatCount(max)} characters.`,
  tooManyAliases: (max: number) => `An entry can have at most ${formatCount(max)} aliases.`,
  entriesPerRequest: (max: number) => `Add between 1 and ${formatCount(max)} entries at once.`,
  unknownKind: "Pick one of the listed kinds.",
  nothingToChange: "There is nothing to change.",
  deleteChoice: "Say whether the project's conversations are kept (detach) or deleted.",
  projectLimit: (max: number) =>
    `You have ${formatCount(max)} projects, the most one writer can have. Delete one you no longer need to start another.`,
  entryLimit: (max: number) =>
    `A project can have at most ${formatCount(max)} bible entries. Delete some to add more.`,
  descriptionLimit: (max: number) =>
    `The description would be longer than ${formatCount(max)} characters. Shorten it before adding more.`,
  activeUnavailable: "That project was not found or is archived. Pick another one.",
  /** The fields the limits name. */
  fields: {
    title: "The title",
    logline: "The logline",
    name: "The name",
    alias: "Each alias",
    description: "The description",
    notes: "The notes",
    section: (label: string) => label,
  },
} as const;
