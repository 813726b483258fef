import { Badge, Button, Card, DropdownMenu, Flex, Heading, IconButton, Text } from "@radix-ui/themes";
import { memo, useId } from "react";
import { Link } from "react-router";
import { toolForQueryType } from "~/catalog/history";
import type { HistoryItem } from "~/history/types";
import { historyTexts } from "~/messages/history";
import { LocalTime } from "./local-time";

export type DownloadFormat = "txt" | "md";

export type CardHandlers = {
  onView: (entry: HistoryItem) => void;
  onDownload: (entry: HistoryItem, format: DownloadFormat) => void;
  onDelete: (entry: HistoryItem) => void;
  onRename: (entry: HistoryItem) => void;
  onToggleStar: (entry: HistoryItem) => void;
};

/** ★ on, ☆ off: a toggle button whose name says what pressing it does. */
function StarToggle({ entry, titleId, onToggle }: { entry: HistoryItem; titleId: string; onToggle: () => void }) {
  const name = entry.starred ? historyTexts.unstar : historyTexts.star;
  return (
    <IconButton
      size="1"
      variant="ghost"
      color={entry.starred ? "amber" : "gray"}
      className="history-star"
      aria-pressed={entry.starred}
      aria-label={name}
      aria-describedby={titleId}
      title={entry.starred ? historyTexts.unstarHint : historyTexts.starHint}
      data-action="star"
      onClick={onToggle}
    >
      <span aria-hidden="true">{entry.starred ? "★" : "☆"}</span>
    </IconButton>
  );
}

/** The card's top: the spec's label (and, across sections, the section), the title, the star. */
function CardHeader({ entry, titleId, showSection, onToggleStar }: { entry: HistoryItem; titleId: string; showSection: boolean; onToggleStar: () => void }) {
  const section = showSection ? toolForQueryType(entry.queryType)?.cardLabel : undefined;
  return (
    <Flex justify="between" align="start" gap="2">
      <Flex direction="column" gap="1" minWidth="0">
        <Text size="1" color="gray" weight="medium" className="history-label">
          {entry.label}
        </Text>
        <Heading as="h2" size="3" id={titleId} className="history-title">
          {entry.title}
        </Heading>
        {section ? (
          <Text size="1" color="gray" className="history-section">
            {historyTexts.sectionOf(section)}
          </Text>
        ) : null}
      </Flex>
      <Flex gap="2" align="center" flexShrink="0">
        {entry.turns > 1 ? (
          <Badge variant="soft" color="gray">
            {historyTexts.followUps(entry.turns - 1)}
          </Badge>
        ) : null}
        <StarToggle entry={entry} titleId={titleId} onToggle={onToggleStar} />
      </Flex>
    </Flex>
  );
}

/**
 * One conversation: what it is (label and title), when it started, the start of the prompt,
 * the spec's three actions, Rename and the star; across sections also Continue in tool.
 */
export const HistoryCard = memo(function HistoryCard({
  entry,
  handlers,
  menuContainer,
  showSection = false,
}: {
  entry: HistoryItem;
  handlers: CardHandlers;
  /** Where the Download menu is portalled: inside the page's main landmark, not loose in <body>. */
  menuContainer: HTMLElement | null;
  /** The search of all sections: each card says its section and links to its tool. */
  showSection?: boolean;
}) {
  const titleId = useId();
  return (
    <li className="history-item" data-entry-id={entry.id}>
      <Card size="2" className="glass-card history-card" asChild>
        <article aria-labelledby={titleId}>
          <Flex direction="column" gap="2" height="100%">
            <CardHeader entry={entry} titleId={titleId} showSection={showSection} onToggleStar={() => handlers.onToggleStar(entry)} />
            <Text size="1" color="gray">
              <LocalTime iso={entry.createdAt} />
            </Text>
            <Text as="p" size="2" className="history-preview">
              {entry.preview}
              {entry.previewCut ? "..." : ""}
            </Text>
            <CardActions entry={entry} titleId={titleId} handlers={handlers} menuContainer={menuContainer} showContinue={showSection} />
          </Flex>
        </article>
      </Card>
    </li>
  );
});

function CardActions({
  entry,
  titleId,
  handlers,
  menuContainer,
  showContinue,
}: {
  entry: HistoryItem;
  titleId: string;
  handlers: CardHandlers;
  menuContainer: HTMLElement | null;
  showContinue: boolean;
}) {
  return (
    <Flex gap="2" mt="auto" pt="2" wrap="wrap">
      {showContinue && entry.continuePath ? (
        <Button asChild size="1">
          <Link to={entry.continuePath} aria-describedby={titleId}>
            {historyTexts.continueInTool}
          </Link>
        </Button>
      ) : null}
      <Button size="1" variant="soft" aria-describedby={titleId} data-action="view" onClick={() => handlers.onView(entry)}>
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
          <DropdownMenu.Item onSelect={() => handlers.onDownload(entry, "txt")}>{historyTexts.downloadText}</DropdownMenu.Item>
          <DropdownMenu.Item onSelect={() => handlers.onDownload(entry, "md")}>{historyTexts.downloadMarkdown}</DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <Button size="1" variant="soft" color="gray" aria-describedby={titleId} data-action="rename" onClick={() => handlers.onRename(entry)}>
        {historyTexts.rename}
      </Button>
      <Button size="1" variant="soft" color="red" aria-describedby={titleId} data-action="delete" onClick={() => handlers.onDelete(entry)}>
        {historyTexts.delete}
      </Button>
    </Flex>
  );
}
