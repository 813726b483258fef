/** A project's story bible: the fixed sections and the entries (ARCHITECTURE section 12). */

export const BIBLE_ENTRY_KINDS = ["character", "place", "thing", "lore", "theme", "other"] as const;
export type BibleEntryKind = (typeof BIBLE_ENTRY_KINDS)[number];

/** The fixed sections, in the order the context block and the project page show them. */
export const BIBLE_SECTIONS = ["synopsis", "genreTone", "setting", "styleNotes", "styleSample"] as const;
export type BibleSection = (typeof BIBLE_SECTIONS)[number];

/** The fixed sections of a project; empty or missing ones are simply not sent. */
export type BibleSections = { [section in BibleSection]?: string | null };

/** What context assembly needs of a project: its title (the block's heading) and its sections. */
export type ProjectBible = BibleSections & { title: string };

export type BibleEntry = {
  id: string;
  kind: BibleEntryKind;
  name: string;
  aliases: string[];
  /** What the model is told about the entry. */
  description: string;
  /** The writer's private notes: never sent to the model. */
  notes: string;
  /** Sent with every generation in the project, mentioned or not. */
  alwaysInclude: boolean;
};

/** What a project is (optional): the writer's own word for it, shown with its title. */
export const PROJECT_KINDS = ["novel", "collection", "script", "album", "series", "channel", "book", "other"] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];
