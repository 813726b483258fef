import { Button, Dialog, Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import { Fragment, useCallback, useMemo } from "react";
import { Link } from "react-router";
import { ExportMenu } from "~/components/export-menu";
import { UsedContext } from "~/components/tool/used-context";
import type { ContextUsed } from "~/projects/types";
import { Markdown } from "~/components/markdown/markdown";
import { useToast } from "~/components/toaster";
import type { ExportSource } from "~/exports/build-export";
import { isScreenplayTool } from "~/exports/screenplay";
import { cleanForDisplay } from "~/history/display";
import { exchanges } from "~/history/export";
import type { HistoryItem, HistoryThread } from "~/history/types";
import { exportTexts } from "~/messages/exports";
import { historyTexts, historyToasts } from "~/messages/history";
import type { DownloadFormat } from "./history-card";
import { formatLocalDateTime } from "./local-time";

export type ThreadState = { status: "loading" } | { status: "ready"; thread: HistoryThread } | { status: "failed"; message: string };

const statusNotes: Record<string, string> = {
  stopped: historyTexts.stopped,
  interrupted: historyTexts.interrupted,
};

function Turn({
  heading,
  text,
  status,
  level,
  context,
}: {
  heading: string;
  text: string;
  status?: string;
  level: "h2" | "h3" | "h4";
  /** What the project's story bible gave this answer ("Used: …"). */
  context?: ContextUsed;
}) {
  return (
    <section className="history-turn">
      <Heading as={level} size={level === "h4" ? "2" : "3"} mb="1" color="gray">
        {heading}
      </Heading>
      <Markdown text={cleanForDisplay(text)} />
      <UsedContext context={context} />
      {status && statusNotes[status] ? (
        <Text as="p" size="1" color="gray" className="message-note">
          {statusNotes[status]}
        </Text>
      ) : null}
    </section>
  );
}

/**
 * The prompt and every turn of the conversation, in order: the dialog's body (under its h2
 * title, `top` h3) and the details page's (under its h1, `top` h2). A follow-up's answer sits
 * one level below its question.
 */
export function ThreadTurns({ thread, top = "h3" }: { thread: HistoryThread; top?: "h2" | "h3" }) {
  const below = top === "h2" ? "h3" : "h4";
  return exchanges(thread).map((pair, index) => (
    <Fragment key={index}>
      <Turn heading={index === 0 ? historyTexts.prompt : historyTexts.followUp(index)} text={pair.ask} level={top} />
      <Turn heading={historyTexts.response} text={pair.answer} status={pair.status} context={pair.context} level={index === 0 ? top : below} />
    </Fragment>
  ));
}

/**
 * The conversation in the formats beyond the spec's two buttons: Word, Fountain (Stage &
 * Screen) and Print / Save as PDF. A download says so with the spec's 'Downloaded' toast.
 */
export function MoreFormats({ thread }: { thread: HistoryThread | null }) {
  const show = useToast();
  const source = useMemo<ExportSource | null>(() => (thread ? { kind: "conversation", thread } : null), [thread]);
  const onDownloaded = useCallback(() => show({ ...historyToasts.downloaded }), [show]);
  return (
    <ExportMenu
      source={source}
      screenplay={thread ? isScreenplayTool(thread.queryType) : false}
      formats={["docx", "fountain"]}
      label={exportTexts.moreFormats}
      onDownloaded={onDownloaded}
    />
  );
}

/** 'History Details': the date, the prompt and every turn of the conversation, in order. */
export function HistoryDetailsDialog({
  entry,
  state,
  onClose,
  onClosed,
  onDownload,
}: {
  entry: HistoryItem | null;
  state: ThreadState | null;
  onClose: () => void;
  /** Where focus goes once the dialog closes (it has no Radix trigger to return to). */
  onClosed: (event: Event) => void;
  onDownload: (entry: HistoryItem, format: DownloadFormat) => void;
}) {
  const thread = state?.status === "ready" ? state.thread : null;
  return (
    <Dialog.Root open={entry !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="820px" maxHeight="80vh" className="history-details print-document" onCloseAutoFocus={onClosed}>
        {/* h2 under the page's h1; the turns below are h3/h4 (Radix Themes' default is h1). */}
        <Dialog.Title as="h2">{historyTexts.detailsTitle}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {entry ? `${entry.label} · ${formatLocalDateTime(entry.createdAt)}` : null}
        </Dialog.Description>
        <div className="history-details-body" tabIndex={0} role="region" aria-label={historyTexts.detailsTitle} aria-busy={state?.status === "loading"}>
          {state?.status === "loading" ? (
            <Flex align="center" gap="2" role="status">
              <Spinner />
              <Text size="2" color="gray">
                {historyTexts.detailsLoading}
              </Text>
            </Flex>
          ) : null}
          {state?.status === "failed" ? (
            <Text as="p" size="2" color="red" role="alert">
              {state.message}
            </Text>
          ) : null}
          {thread ? <ThreadTurns thread={thread} /> : null}
        </div>
        <Flex gap="2" mt="4" justify="end" wrap="wrap">
          {entry ? (
            <>
              <Button variant="soft" color="gray" disabled={!thread} onClick={() => onDownload(entry, "txt")}>
                {historyTexts.downloadText}
              </Button>
              <Button variant="soft" color="gray" disabled={!thread} onClick={() => onDownload(entry, "md")}>
                {historyTexts.downloadMarkdown}
              </Button>
              <MoreFormats thread={thread} />
              {entry.continuePath ? (
                <Button asChild variant="soft">
                  <Link to={entry.continuePath}>{historyTexts.continueInTool}</Link>
                </Button>
              ) : null}
            </>
          ) : null}
          <Dialog.Close>
            <Button>{historyTexts.close}</Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
