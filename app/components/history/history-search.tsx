import { Button, Flex } from "@radix-ui/themes";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { historyTexts } from "~/messages/history";
import { SearchField } from "./search-field";

/** The URL of this page's list with this search and Starred filter. */
export function listSearch({ query, starred }: { query: string; starred: boolean }): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (starred) params.set("starred", "1");
  const search = params.toString();
  return search ? `?${search}` : ".";
}

/** 'Starred': a toggle that shows only the starred conversations (`?starred=1`), keeping the search. */
function StarredFilter({ query, starred }: { query: string; starred: boolean }) {
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
      onClick={() => navigate(listSearch({ query, starred: !starred }))}
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
export function HistorySearch({ query, starred }: { query: string; starred: boolean }) {
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.search.includes("q=");
  return (
    <Form method="get" role="search" aria-label={historyTexts.searchLabel} className="history-search">
      <Flex gap="2" align="end" wrap="wrap">
        <SearchField query={query} label={historyTexts.searchLabel} placeholder={historyTexts.searchPlaceholder} />
        {starred ? <input type="hidden" name="starred" value="1" /> : null}
        <Button type="submit" size="3" loading={searching}>
          {historyTexts.searchSubmit}
        </Button>
        {query ? (
          <Button asChild size="3" variant="soft" color="gray">
            <Link to={listSearch({ query: "", starred })}>{historyTexts.searchClear}</Link>
          </Button>
        ) : null}
        <StarredFilter query={query} starred={starred} />
      </Flex>
    </Form>
  );
}
