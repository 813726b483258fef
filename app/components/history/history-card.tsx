import { Badge, Button, Card, DropdownMenu, Flex, Heading, Text } from "@radix-ui/themes";
import { memo, useId } from "react";
import type { HistoryItem } from "~/history/types";
import { historyTexts } from "~/messages/history";
import { LocalTime } from "./local-time";

export type DownloadFormat = "txt" | "md";

/** One conversation: its label, when it started, the start of the prompt and three actions. */
export const HistoryCard = memo(function HistoryCard({
  entry,
  onView,
  onDownload,
  onDelete,
  menuContainer,
}: {
  entry: HistoryItem;
  /** Where the Download menu is portalled: inside the page's main landmark, not loose in <body>. */
  menuContainer: HTMLElement | null;
  onView: (entry: HistoryItem) => void;
  onDownload: (entry: HistoryItem, format: DownloadFormat) => void;
  onDelete: (entry: HistoryItem) => void;
}) {
  const titleId = useId();
  return (
    <li className="history-item" data-entry-id={entry.id}>
      <Card size="2" className="glass-card history-card" asChild>
        <article aria-labelledby={titleId}>
          <Flex direction="column" gap="2" height="100%">
            <Flex justify="between" align="start" gap="2" wrap="wrap">
              <Heading as="h2" size="3" id={titleId}>
                {entry.label}
              </Heading>
              {entry.turns > 1 ? (
                <Badge variant="soft" color="gray">
                  {historyTexts.followUps(entry.turns - 1)}
                </Badge>
              ) : null}
            </Flex>
            <Text size="1" color="gray">
              <LocalTime iso={entry.createdAt} />
            </Text>
            <Text as="p" size="2" className="history-preview">
              {entry.preview}
              {entry.previewCut ? "..." : ""}
            </Text>
            <Flex gap="2" mt="auto" pt="2" wrap="wrap">
              <Button size="1" variant="soft" aria-describedby={titleId} data-action="view" onClick={() => onView(entry)}>
                {historyTexts.view}
              </Button>
              <DropdownMenu.Root modal={false}>
                <DropdownMenu.Trigger>
                  <Button size="1" variant="soft" color="gray" aria-describedby={titleId}>
                    {historyTexts.download}
                    <DropdownMenu.TriggerIcon />
                  </Button>
                </DropdownMenu.Trigger>
                <DropdownMenu.Content size="1" className="history-menu" container={menuContainer ?? undefined}>
                  <DropdownMenu.Item onSelect={() => onDownload(entry, "txt")}>{historyTexts.downloadText}</DropdownMenu.Item>
                  <DropdownMenu.Item onSelect={() => onDownload(entry, "md")}>{historyTexts.downloadMarkdown}</DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Root>
              <Button size="1" variant="soft" color="red" aria-describedby={titleId} data-action="delete" onClick={() => onDelete(entry)}>
                {historyTexts.delete}
              </Button>
            </Flex>
          </Flex>
        </article>
      </Card>
    </li>
  );
});
