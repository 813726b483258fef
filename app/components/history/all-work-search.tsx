import { Button, Flex } from "@radix-ui/themes";
import { Form, useNavigation } from "react-router";
import { historyTexts } from "~/messages/history";
import { SearchField } from "./search-field";

/** Where the search of all six sections shows its results. */
export const ALL_WORK_SEARCH_PATH = "/history/search";

/**
 * 'Search all your work' (the dashboard and its results page): a plain GET form to the results
 * page, so the results have a URL and Back works.
 */
export function AllWorkSearch({ query = "" }: { query?: string }) {
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === ALL_WORK_SEARCH_PATH;
  return (
    <Form method="get" action={ALL_WORK_SEARCH_PATH} role="search" aria-label={historyTexts.allSearchLabel} className="history-search all-work-search">
      <Flex gap="2" align="end" wrap="wrap">
        <SearchField query={query} label={historyTexts.allSearchLabel} placeholder={historyTexts.allSearchPlaceholder} />
        <Button type="submit" size="3" loading={searching}>
          {historyTexts.searchSubmit}
        </Button>
      </Flex>
    </Form>
  );
}
