import { Button, Flex, Select, Text } from "@radix-ui/themes";
import { useId } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { historyTexts } from "~/messages/history";
import { historyProjectTexts } from "~/messages/project-pages";
import { SearchField } from "./search-field";

type Filters = { query: string; starred: boolean; project?: string | null };

/** The URL of this page's list with this search, Starred filter and project. */
export function listSearch({ query, starred, project = null }: Filters): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (starred) params.set("starred", "1");
  if (project) params.set("project", project);
  const search = params.toString();
  return search ? `?${search}` : ".";
}

/** 'Starred': a toggle that shows only the starred conversations (`?starred=1`), keeping the search. */
function StarredFilter({ query, starred, project }: Filters) {
  const navigate = useNavigate();
  return (
    <Button
      type="button"
      size="3"
      variant={starred ? "solid" : "soft"}
      color="amber"
      className="history-starred-filter"
      aria-pressed={starred}
      title={historyTexts.starredFilterHint}
      onClick={() => navigate(listSearch({ query, starred: !starred, project }))}
    >
      <span aria-hidden="true">{starred ? "★" : "☆"}</span>
      {historyTexts.starredFilter}
    </Button>
  );
}

const ALL = "all";
const NONE = "none";

/** 'Project': every conversation, those of one project (`?project=<id>`), or those without one. */
function ProjectFilter({ query, starred, project, projects }: Filters & { projects: readonly { id: string; title: string }[] }) {
  const navigate = useNavigate();
  const labelId = useId();
  return (
    <Flex direction="column" gap="1" className="history-project-filter">
      <Text size="2" weight="medium" id={labelId}>
        {historyProjectTexts.filterLabel}
      </Text>
      <Select.Root
        size="3"
        value={project ?? ALL}
        onValueChange={(value) => navigate(listSearch({ query, starred, project: value === ALL ? null : value }))}
      >
        <Select.Trigger aria-labelledby={labelId} />
        <Select.Content position="popper">
          <Select.Item value={ALL}>{historyProjectTexts.all}</Select.Item>
          <Select.Item value={NONE}>{historyProjectTexts.none}</Select.Item>
          {projects.map((candidate) => (
            <Select.Item key={candidate.id} value={candidate.id}>
              {candidate.title}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}

/**
 * Search within the section: a plain GET form, so the results have a URL and Back works; the
 * Starred filter beside it keeps the search, and the search keeps the filter.
 */
export function HistorySearch({
  query,
  starred,
  project = null,
  projects = [],
}: Filters & { projects?: readonly { id: string; title: string }[] }) {
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.search.includes("q=");
  return (
    <Form method="get" role="search" aria-label={historyTexts.searchLabel} className="history-search">
      <Flex gap="2" align="end" wrap="wrap">
        <SearchField query={query} label={historyTexts.searchLabel} placeholder={historyTexts.searchPlaceholder} />
        {starred ? <input type="hidden" name="starred" value="1" /> : null}
        {project ? <input type="hidden" name="project" value={project} /> : null}
        <Button type="submit" size="3" loading={searching}>
          {historyTexts.searchSubmit}
        </Button>
        {query ? (
          <Button asChild size="3" variant="soft" color="gray">
            <Link to={listSearch({ query: "", starred, project })}>{historyTexts.searchClear}</Link>
          </Button>
        ) : null}
        <StarredFilter query={query} starred={starred} project={project} />
        {projects.length > 0 || project ? <ProjectFilter query={query} starred={starred} project={project} projects={projects} /> : null}
      </Flex>
    </Form>
  );
}
