import { Flex, Select, Text } from "@radix-ui/themes";
import { useId } from "react";
import { useNavigate } from "react-router";
import { projectOption, SelectOptions } from "~/components/select-options";
import { historyProjectTexts } from "~/messages/project-pages";

const ALL = "all";
const NONE = "none";

export type ProjectChoice = { id: string; title: string };

/**
 * 'Project': every conversation, those of one project (`?project=<id>`), or those without one
 * (`?project=none`). Choosing goes to `hrefFor(choice)` — each page keeps its own other filters.
 */
export function ProjectFilter({
  project,
  projects,
  hrefFor,
}: {
  project: string | null;
  projects: readonly ProjectChoice[];
  hrefFor: (project: string | null) => string;
}) {
  const navigate = useNavigate();
  const labelId = useId();
  return (
    <Flex direction="column" gap="1" className="history-project-filter">
      <Text size="2" weight="medium" id={labelId}>
        {historyProjectTexts.filterLabel}
      </Text>
      <Select.Root size="3" value={project ?? ALL} onValueChange={(value) => navigate(hrefFor(value === ALL ? null : value))}>
        {/* Named here, not by Radix after hydration: the server's page shows it (no layout shift). */}
        <Select.Trigger aria-labelledby={labelId}>
          {filterName(project, projects)}
        </Select.Trigger>
        <Select.Content position="popper">
          <Select.Item value={ALL}>{historyProjectTexts.all}</Select.Item>
          <Select.Item value={NONE}>{historyProjectTexts.none}</Select.Item>
          <SelectOptions options={projects.map(projectOption)} />
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}

/** What the filter shows for the current choice. */
function filterName(project: string | null, projects: readonly ProjectChoice[]): string {
  if (project === null) return historyProjectTexts.all;
  if (project === NONE) return historyProjectTexts.none;
  return projects.find((candidate) => candidate.id === project)?.title ?? "";
}

/** Whether to show the filter: the writer has a project, or the page is filtered by one already. */
export function showProjectFilter(project: string | null, projects: readonly ProjectChoice[]): boolean {
  return projects.length > 0 || project !== null;
}
