import { Badge, Button, Card, DropdownMenu, Flex, Heading, IconButton, Text } from "@radix-ui/themes";
import { memo, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { toolForQueryType } from "~/catalog/history";
import type { HistoryItem } from "~/history/types";
import { historyTexts } from "~/messages/history";
import { DialogLink, OnceOpened, useOverlayState } from "~/components/overlay-parts";
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
 * Download as text or Markdown. The menu mounts when first opened (`OnceOpened`: a closed one's
 * Presence would re-render inside the page's hydration commit, once per card) and opens inside
 * the page's main landmark, found as it opens: portalled loose into <body> it would sit outside
 * every landmark (axe: region).
 */
function DownloadMenu({ titleId, onDownload }: { titleId: string; onDownload: (format: DownloadFormat) => void }) {
  const { open, onOpenChange } = useOverlayState();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  return (
    <DropdownMenu.Root
      modal={false}
      open={open}
      onOpenChange={(next) => {
        if (next) setContainer(triggerRef.current?.closest("main") ?? null);
        onOpenChange(next);
      }}
    >
      <DropdownMenu.Trigger>
        <Button ref={triggerRef} size="1" variant="soft" color="gray" aria-describedby={titleId}>
          {historyTexts.download}
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <OnceOpened open={open}>
        <DropdownMenu.Content size="1" className="history-menu" container={container ?? undefined}>
          <DropdownMenu.Item onSelect={() => onDownload("txt")}>{historyTexts.downloadText}</DropdownMenu.Item>
          <DropdownMenu.Item onSelect={() => onDownload("md")}>{historyTexts.downloadMarkdown}</DropdownMenu.Item>
        </DropdownMenu.Content>
      </OnceOpened>
    </DropdownMenu.Root>
  );
}

/**
 * One conversation: what it is (label and title), when it started, the start of the prompt,
 * the spec's three actions, Rename and the star; across sections also Continue in tool.
 */
export const HistoryCard = memo(function HistoryCard({
  entry,
  handlers,
  showSection = false,
}: {
  entry: HistoryItem;
  handlers: CardHandlers;
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
            <CardActions entry={entry} titleId={titleId} handlers={handlers} showContinue={showSection} />
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
  showContinue,
}: {
  entry: HistoryItem;
  titleId: string;
  handlers: CardHandlers;
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
      {/* A link to the entry's own page until the scripts run (a press is never lost), then the dialog. */}
      <DialogLink href={entry.detailsPath} size="1" variant="soft" aria-describedby={titleId} data-action="view" onOpen={() => handlers.onView(entry)}>
        {historyTexts.view}
      </DialogLink>
      <DownloadMenu titleId={titleId} onDownload={(format) => handlers.onDownload(entry, format)} />
      <Button size="1" variant="soft" color="gray" aria-describedby={titleId} data-action="rename" onClick={() => handlers.onRename(entry)}>
        {historyTexts.rename}
      </Button>
      <Button size="1" variant="soft" color="red" aria-describedby={titleId} data-action="delete" onClick={() => handlers.onDelete(entry)}>
        {historyTexts.delete}
      </Button>
    </Flex>
  );
}
