import { Button, Flex } from "@radix-ui/themes";
import { Form, useNavigation } from "react-router";
import { historyTexts } from "~/messages/history";
import { ProjectFilter, showProjectFilter, type ProjectChoice } from "./project-filter";
import { SearchField } from "./search-field";

/** Where the search of all six sections shows its results. */
export const ALL_WORK_SEARCH_PATH = "/history/search";

/** The results page's URL for this search and project filter. */
export function allWorkSearchPath(query: string, project: string | null): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (project) params.set("project", project);
  const search = params.toString();
  return search ? `${ALL_WORK_SEARCH_PATH}?${search}` : ALL_WORK_SEARCH_PATH;
}

/**
 * 'Search all your work' (the dashboard and its results page): a plain GET form to the results
 * page, so the results have a URL and Back works. On the results page (`projects` given) a
 * Project filter sits beside it (issue 13); the search keeps the filter and the filter the search.
 */
export function AllWorkSearch({
  query = "",
  project = null,
  projects,
}: {
  query?: string;
  project?: string | null;
  projects?: readonly ProjectChoice[];
}) {
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === ALL_WORK_SEARCH_PATH;
  return (
    <Form method="get" action={ALL_WORK_SEARCH_PATH} role="search" aria-label={historyTexts.allSearchLabel} className="history-search all-work-search">
      <Flex gap="2" align="end" wrap="wrap">
        <SearchField query={query} label={historyTexts.allSearchLabel} placeholder={historyTexts.allSearchPlaceholder} />
        {project ? <input type="hidden" name="project" value={project} /> : null}
        <Button type="submit" size="3" loading={searching}>
          {historyTexts.searchSubmit}
        </Button>
        {projects && showProjectFilter(project, projects) ? (
          <ProjectFilter project={project} projects={projects} hrefFor={(choice) => allWorkSearchPath(query, choice)} />
        ) : null}
      </Flex>
    </Form>
  );
}
