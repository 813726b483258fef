/** The active project as the tool page holds it: who it is, and the bible Step 2 is prefilled from. */
import type { PrefillBible } from "./prefill";
import type { ProjectWithEntries } from "./types";

export type ActiveProject = { id: string; title: string; bible: PrefillBible };

export type PickerProjects = { projects: { id: string; title: string }[]; active: ActiveProject | null };

/** What the tool page keeps of a project: no private notes, no style sample (Step 2 reads neither). */
export function activeProjectOf(
  project: Pick<ProjectWithEntries, "id" | "title" | "logline" | "synopsis" | "genreTone" | "setting" | "styleNotes"> & {
    entries: readonly ActiveProject["bible"]["entries"][number][];
  },
): ActiveProject {
  const { id, title, logline, synopsis, genreTone, setting, styleNotes, entries } = project;
  return {
    id,
    title,
    bible: {
      logline,
      synopsis,
      genreTone,
      setting,
      styleNotes,
      entries: entries.map(({ kind, name, description, alwaysInclude }) => ({ kind, name, description, alwaysInclude })),
    },
  };
}
