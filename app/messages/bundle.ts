/**
 * A project's export and import (issue 13, "Export and import"): the bible's Markdown format
 * (its headings and definition lines are read back on import, so they live here once), the
 * README of the .zip and the import's errors.
 */
import { MAX_ALIASES, MAX_ENTRIES_PER_PROJECT } from "~/rules/project-limits";
import { formatCount } from "./en-format.ts";

/** The words of the bible's Markdown that the importer reads (compared case-insensitively). */
export const bibleFormatTexts = {
  entriesHeading: "Entries",
  privateNotesHeading: "Private notes",
  kindKey: "Kind",
  aliasesKey: "Aliases",
  alwaysIncludeKey: "Always include",
  yes: "yes",
  no: "no",
} as const;

export const bundleTexts = {
  /** The files inside the .zip, and the downloads' names (`<project>-bible.docx`). */
  bibleFile: "bible.md",
  readmeFile: "README.md",
  conversationsFolder: "conversations",
  /** The folder of conversations whose tool is no longer known. */
  otherFolder: "other",
  /** A project or conversation title with no letters or digits. */
  untitled: "untitled",
  bibleDocxName: (slug: string) => `${slug}-bible.docx`,
  zipName: (slug: string) => `${slug}.zip`,
  readme: ({ title, exportedAt, entries, conversations }: { title: string; exportedAt: string; entries: number; conversations: number }) =>
    [
      `# ${title}`,
      `Exported from The Write Stuff on ${exportedAt}.`,
      "## What is inside",
      [
        `- \`bible.md\`: the story bible — the fixed sections and ${formatCount(entries)} ${entries === 1 ? "entry" : "entries"}, with their private notes.`,
        `- \`conversations/\`: ${formatCount(conversations)} ${conversations === 1 ? "conversation" : "conversations"} of this project, one folder per tool, one Markdown file each. The block between the \`---\` lines at the top of each file says what it is (title, tool, element, date, starred, project).`,
      ].join("\n"),
      "## Editing bible.md by hand",
      [
        "- `## Synopsis`, `## Genre & tone`, `## Setting`, `## Style notes` and `## Style sample` are the fixed sections; write under each heading.",
        "- Under `## Entries`, each `### Name` starts an entry. The list right below it says its kind (Character, Place, Thing, Lore, Theme or Other), its aliases (separated by commas; put an alias that contains a comma in \"double quotes\") and whether it is always included (yes or no).",
        "- Then comes the description the assistant is given, and under `#### Private notes` the notes that are never sent to it.",
        "- A line of your text that starts with `#` is written as `\\#`, so that it is not read as a new section or entry.",
      ].join("\n"),
      "## Importing",
      "On the project's page, choose Import and pick `bible.md`: the sections it fills replace the project's, its entries are added, and an entry whose name the project already has is updated instead of added twice.",
    ].join("\n\n") + "\n",
} as const;

/** What an import that cannot be read says; `line` is 1-based, as an editor shows it. */
export const bundleErrors = {
  atLine: (line: number, message: string) => `Line ${line}: ${message}`,
  unclosedFrontMatter: "The block that starts with --- on the first line is never closed with a --- line.",
  frontMatterLine: "Expected a line like `title: \"The Lock House\"` in the block between the --- lines.",
  frontMatterValue: (key: string) => `The value of "${key}" cannot be read (a quoted text must close its quotes).`,
  unsupportedVersion: (version: string) => `This file was written by a newer version of the format (${version}); this app reads version 1.`,
  notABible: "This file is not a story bible: its format line names something else.",
  unknownSection: (heading: string, known: string) => `"## ${heading}" is not a section of the bible. The sections are: ${known}.`,
  duplicateSection: (heading: string) => `The section "${heading}" appears twice.`,
  textOutsideSection: "Text before the first section: start it with a heading such as \"## Synopsis\".",
  entryOutsideEntries: "An entry (### Name) must come under the \"## Entries\" heading.",
  textBeforeFirstEntry: "Text under \"## Entries\" belongs to an entry: start the entry with \"### Name\".",
  emptyName: "An entry needs a name after ###.",
  duplicateEntry: (name: string, line: number) => `The entry "${name}" appears twice (first at line ${line}).`,
  unknownDetail: (line: string) => `"${line}" is not one of the entry's details (Kind, Aliases, Always include).`,
  duplicateDetail: (key: string) => `"${key}" is given twice for this entry.`,
  unknownKind: (kind: string, known: string) => `"${kind}" is not a kind of entry. The kinds are: ${known}.`,
  yesOrNo: (key: string) => `"${key}" must be yes or no.`,
  aliasQuotes: "An alias in double quotes must close its quotes, and be followed by a comma or the end of the line.",
  duplicateNotes: "This entry has two \"Private notes\" headings.",
  tooLong: (what: string, max: number, actual: number) => `${what}: ${formatCount(actual)} characters; the most is ${formatCount(max)}.`,
  tooManyAliases: (name: string) => `"${name}" has more than ${MAX_ALIASES} aliases.`,
  tooManyEntries: `The bible has more than ${formatCount(MAX_ENTRIES_PER_PROJECT)} entries.`,
  andMore: (n: number) => `…and ${formatCount(n)} more ${n === 1 ? "problem" : "problems"}.`,
  /** Names of the fields in `tooLong`. */
  fields: {
    title: "The title",
    logline: "The logline",
    name: "The name",
    alias: (alias: string) => `The alias "${alias.slice(0, 40)}"`,
    description: (name: string) => `The description of "${name}"`,
    notes: (name: string) => `The private notes of "${name}"`,
    section: (label: string) => `The section "${label}"`,
  },
} as const;

/** The import route's answers (the parse errors above are joined into `error`; not found and signed out: projectErrorTexts). */
export const importTexts = {
  /** The cap on the uploaded file: a full bible at every limit is about 5.5 MB of English text. */
  tooLarge: "The file is too large to be a story bible (the most is 8 MB).",
  wrongType: "Send the bible as a Markdown file (text/markdown).",
  notText: "The file is not readable text (UTF-8).",
  empty: "The file is empty.",
  invalid: (problems: string[]) => `The bible could not be imported, nothing was changed. ${problems.join(" ")}`,
  tooManyEntries: (existing: number, adding: number) =>
    `The project has ${formatCount(existing)} ${existing === 1 ? "entry" : "entries"}; adding ${formatCount(adding)} more would pass the limit of ${formatCount(MAX_ENTRIES_PER_PROJECT)}. Nothing was changed.`,
} as const;
