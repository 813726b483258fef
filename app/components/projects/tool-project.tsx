/**
 * The tool page's active project: the header's picker, and the project's bible for Step 2 (read
 * again from the server when the writer picks another project).
 */
import { useCallback, useState } from "react";
import { useToast } from "~/components/toaster";
import { activeProjectTexts } from "~/messages/project-pages";
import { activeProjectOf, type ActiveProject, type PickerProjects } from "~/projects/active-project";
import { readProject } from "~/projects/client";
import { ActiveProjectPicker, type PickerProject } from "./active-project-picker";

export function useToolProject(initial: PickerProjects) {
  const show = useToast();
  const [active, setActive] = useState<ActiveProject | null>(initial.active);
  const choose = useCallback(
    (picked: PickerProject | null) => {
      if (!picked) return setActive(null);
      readProject(picked.id).then(
        (project) => setActive(activeProjectOf(project)),
        (error: Error) => show({ title: activeProjectTexts.failed, description: error.message, variant: "destructive" }),
      );
    },
    [show],
  );
  return { active, choose };
}

export function ToolProjectPicker({ projects, onChange }: { projects: PickerProjects; onChange: (project: PickerProject | null) => void }) {
  return <ActiveProjectPicker projects={projects.projects} activeProjectId={projects.active?.id ?? null} onChange={onChange} />;
}
