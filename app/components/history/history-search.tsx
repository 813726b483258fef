import { Button, Flex } from "@radix-ui/themes";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { historyTexts } from "~/messages/history";
import { ProjectFilter, showProjectFilter, type ProjectChoice } from "./project-filter";
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

/**
 * Search within the section: a plain GET form, so the results have a URL and Back works; the
 * Starred filter beside it keeps the search, and the search keeps the filter.
 */
export function HistorySearch({
  query,
  starred,
  project = null,
  projects = [],
}: Filters & { projects?: readonly ProjectChoice[] }) {
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
        {showProjectFilter(project, projects) ? (
          <ProjectFilter project={project} projects={projects} hrefFor={(choice) => listSearch({ query, starred, project: choice })} />
        ) : null}
      </Flex>
    </Form>
  );
}
