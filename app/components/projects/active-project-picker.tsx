/**
 * The active project, in the header of every tool page and on the dashboard: "No project", the
 * writer's projects, "New project…" (a small dialog). The choice is saved for the writer on the
 * server; if that fails the picker goes back and says so.
 */
import { Flex, Select, Text } from "@radix-ui/themes";
import { useId, useState } from "react";
import { useToast } from "~/components/toaster";
import { activeProjectTexts as texts } from "~/messages/project-pages";
import { setActiveProject } from "~/projects/client";
import type { Project } from "~/projects/types";
import { projectOption, SelectOptions } from "~/components/select-options";
import { NewProjectDialog } from "./new-project-dialog";

export type PickerProject = { id: string; title: string };

const NONE = "none";
const NEW = "new";

export function ActiveProjectPicker({
  projects: initialProjects,
  activeProjectId,
  onChange,
}: {
  projects: readonly PickerProject[];
  activeProjectId: string | null;
  /** After the server took the change. */
  onChange?: (project: PickerProject | null) => void;
}) {
  const show = useToast();
  const labelId = useId();
  const [projects, setProjects] = useState(initialProjects);
  const [active, setActive] = useState(activeProjectId);
  const [creating, setCreating] = useState(false);
  const choose = (id: string | null, known = projects) => {
    const previous = active;
    setActive(id);
    setActiveProject(id).then(
      () => onChange?.(known.find((project) => project.id === id) ?? null),
      (error: Error) => {
        setActive(previous);
        show({ title: texts.failed, description: error.message, variant: "destructive" });
      },
    );
  };
  return (
    <Flex gap="2" align="center" className="active-project-picker">
      <Text size="2" id={labelId} className="active-project-label">
        {texts.label}
      </Text>
      <Select.Root
        value={active ?? NONE}
        onValueChange={(value) => {
          if (value === NEW) setCreating(true);
          else choose(value === NONE ? null : value);
        }}
      >
        {/* The choice's name as the trigger's text: Radix fills it in only after hydration, so the
            server's page would have an empty trigger that widens (a layout shift) once it runs. */}
        <Select.Trigger aria-labelledby={labelId} variant="soft" className="active-project-trigger">
          {projects.find((project) => project.id === active)?.title ?? texts.none}
        </Select.Trigger>
        <Select.Content position="popper">
          <Select.Item value={NONE}>{texts.none}</Select.Item>
          {projects.length > 0 ? <Select.Separator /> : null}
          <SelectOptions options={projects.map(projectOption)} />
          <Select.Separator />
          <Select.Item value={NEW}>{texts.newProject}</Select.Item>
        </Select.Content>
      </Select.Root>
      <NewProjectDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(project: Project) => {
          setCreating(false);
          const known = [{ id: project.id, title: project.title }, ...projects];
          setProjects(known);
          choose(project.id, known);
        }}
      />
    </Flex>
  );
}
