/**
 * A stored project as the bundle carries it (decision 013, "The bundle format"): no ids, every
 * section a string. Shared by the server's export and the browser's .docx, which starts from the
 * project as GET /api/projects/:id returns it.
 */
import { BIBLE_SECTIONS, type BibleEntry, type BibleSection } from "~/projects/bible";
import type { BundleBible } from "./bible-format";

type StoredBible = { title: string; logline: string | null; kind: string | null } & { [section in BibleSection]: string | null } & {
  entries: readonly BibleEntry[];
};

export function bundleBible(project: StoredBible): BundleBible {
  const sections = Object.fromEntries(BIBLE_SECTIONS.map((section) => [section, project[section] ?? ""])) as Record<BibleSection, string>;
  return {
    project: { title: project.title, logline: project.logline ?? "", kind: project.kind ?? null, ...sections },
    entries: project.entries.map(({ kind, name, aliases, description, notes, alwaysInclude }) => ({
      kind,
      name,
      aliases,
      description,
      notes,
      alwaysInclude,
    })),
  };
}
