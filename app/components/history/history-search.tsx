import { Button, Flex, TextField } from "@radix-ui/themes";
import { Form, Link, useNavigation } from "react-router";
import { MAX_SEARCH_CHARS } from "~/history/limits";
import { historyTexts } from "~/messages/history";

/** Search within the section: a plain GET form, so the results have a URL and Back works. */
export function HistorySearch({ query }: { query: string }) {
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.search.includes("q=");
  return (
    <Form method="get" role="search" aria-label={historyTexts.searchLabel} className="history-search">
      <Flex gap="2" align="end" wrap="wrap">
        <div className="history-search-field">
          <TextField.Root
            key={query}
            type="search"
            name="q"
            aria-label={historyTexts.searchLabel}
            defaultValue={query}
            maxLength={MAX_SEARCH_CHARS}
            placeholder={historyTexts.searchPlaceholder}
            size="3"
          />
        </div>
        <Button type="submit" size="3" loading={searching}>
          {historyTexts.searchSubmit}
        </Button>
        {query ? (
          <Button asChild size="3" variant="soft" color="gray">
            <Link to=".">{historyTexts.searchClear}</Link>
          </Button>
        ) : null}
      </Flex>
    </Form>
  );
}
