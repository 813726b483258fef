/** What the list shows instead of cards: the first page failed, no entries yet, or no matches. */
import { Button, Flex, Text } from "@radix-ui/themes";
import { useRevalidator } from "react-router";
import { historyTexts, historyToasts } from "~/messages/history";

/** The first page did not arrive: the reason and a retry that reruns the page's loader. */
export function FirstPageFailed({ message }: { message: string }) {
  const revalidator = useRevalidator();
  return (
    <Flex direction="column" gap="3" align="start" py="5">
      <Text as="p" size="3">
        {historyToasts.fetchFailed.description(message)}
      </Text>
      <Button variant="soft" onClick={() => revalidator.revalidate()} loading={revalidator.state !== "idle"}>
        {historyTexts.retry}
      </Button>
    </Flex>
  );
}

/** No entries: none match the search, or the section has none yet. */
export function NoEntries({ query }: { query: string }) {
  return query ? <NoMatches query={query} /> : <EmptyHistory />;
}

function NoMatches({ query }: { query: string }) {
  return (
    <Flex py="5" className="history-empty">
      <Text as="p" size="3">
        {historyTexts.noMatches(query)}
      </Text>
    </Flex>
  );
}

function EmptyHistory() {
  return (
    <Flex direction="column" gap="1" py="5" className="history-empty">
      <Text as="p" size="4" weight="medium">
        {historyTexts.emptyTitle}
      </Text>
      <Text as="p" size="3" color="gray">
        {historyTexts.emptyHint}
      </Text>
    </Flex>
  );
}
