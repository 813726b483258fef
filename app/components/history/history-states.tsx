/**
 * What the list shows instead of cards: the first page is on its way or failed, no entries yet,
 * or no matches.
 */
import { Button, Flex, Spinner, Text } from "@radix-ui/themes";
import { useRevalidator } from "react-router";
import { historyTexts, historyToasts } from "~/messages/history";
import { historyProjectTexts } from "~/messages/project-pages";

/** 'Loading history...' with a spinner (spec), while the first page streams in. */
export function LoadingHistory() {
  return (
    <Flex align="center" gap="3" py="6" role="status" className="history-loading">
      <Spinner size="3" />
      <Text size="3" color="gray">
        {historyTexts.loading}
      </Text>
    </Flex>
  );
}

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

/**
 * No entries: none match the search or the Starred filter, or the section has none yet. The
 * search of all your work can be filtered by project alone (no words): then that is what it says.
 */
export function NoEntries({ query, starred, allSections }: { query: string; starred: boolean; allSections: boolean }) {
  if (allSections) return <Nothing text={query ? historyTexts.allNoMatches(query) : historyProjectTexts.allNone} />;
  if (starred) return <Nothing text={query ? historyTexts.noStarredMatches(query) : historyTexts.noStarred} />;
  return query ? <Nothing text={historyTexts.noMatches(query)} /> : <EmptyHistory />;
}

function Nothing({ text }: { text: string }) {
  return (
    <Flex py="5" className="history-empty">
      <Text as="p" size="3">
        {text}
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
