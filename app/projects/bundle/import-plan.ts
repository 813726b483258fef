/**
 * What importing a bible into a project changes (issue 13: "import a bible from that Markdown
 * format"): the fixed sections the file fills replace the project's (an empty one in the file
 * leaves the project's as it is); each entry is added, or — when the project already has an
 * entry of that name (any case, spaces collapsed) — updated with what the file states: its kind,
 * aliases and "always include" when the file gives them, its description and notes when the
 * file's are not empty. The project's title, logline and kind stay the writer's.
 */
import { BIBLE_SECTIONS, type BibleEntry, type BibleSection } from "~/projects/bible";
import { MAX_ENTRIES_PER_PROJECT } from "~/rules/project-limits";
import { nameKey, type BundleEntry } from "./bible-format";
import type { ParsedBible, ParsedEntry } from "./bible-parse";

export type EntryChanges = Partial<BundleEntry>;

export type ImportPlan = {
  sections: Partial<Record<BibleSection, string>>;
  updates: { entryId: string; changes: EntryChanges }[];
  creates: BundleEntry[];
};

export type ImportPlanResult = { ok: true; plan: ImportPlan } | { ok: false; existing: number; adding: number };

function changesFor(entry: ParsedEntry): EntryChanges {
  const changes: EntryChanges = { name: entry.name };
  if (entry.stated.kind) changes.kind = entry.kind;
  if (entry.stated.aliases) changes.aliases = entry.aliases;
  if (entry.stated.alwaysInclude) changes.alwaysInclude = entry.alwaysInclude;
  if (entry.description) changes.description = entry.description;
  if (entry.notes) changes.notes = entry.notes;
  return changes;
}

const newEntry = ({ kind, name, aliases, description, notes, alwaysInclude }: ParsedEntry): BundleEntry => ({
  kind,
  name,
  aliases,
  description,
  notes,
  alwaysInclude,
});

export function planImport(existing: readonly Pick<BibleEntry, "id" | "name">[], bible: ParsedBible): ImportPlanResult {
  const sections: ImportPlan["sections"] = {};
  for (const section of BIBLE_SECTIONS) {
    const text = bible.sections[section];
    if (text) sections[section] = text;
  }
  const byName = new Map(existing.map((entry) => [nameKey(entry.name), entry.id]));
  const plan: ImportPlan = { sections, updates: [], creates: [] };
  for (const entry of bible.entries) {
    const entryId = byName.get(nameKey(entry.name));
    if (entryId) plan.updates.push({ entryId, changes: changesFor(entry) });
    else plan.creates.push(newEntry(entry));
  }
  if (existing.length + plan.creates.length > MAX_ENTRIES_PER_PROJECT) {
    return { ok: false, existing: existing.length, adding: plan.creates.length };
  }
  return { ok: true, plan };
}
