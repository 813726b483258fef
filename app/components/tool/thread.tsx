/**
 * The conversation as the writer reads it: each exchange is the writer's follow-up (a short,
 * quiet quoted line), the answer, and the answer's toolbar once it is finished; the last
 * exchange also has the actions on the last answer (versions, Continue, Edit, Compare).
 * Exchanges are memoised, so while an answer streams only that one re-renders.
 */
import { Text, VisuallyHidden } from "@radix-ui/themes";
import { memo, useCallback, useState } from "react";
import { LazyMarkdown as Markdown } from "~/components/markdown/lazy-markdown";
import type { AssistantMessage } from "~/generation/use-generation";
import { toolTexts, workspaceTexts } from "~/messages/tools";
import { AnswerActions, type AnswerDownload, type LastAnswer } from "./answer-actions";
import { EditTurn } from "./edit-turn";
import { UsedContext } from "./used-context";
import { TrackedChanges } from "~/components/revisions/tracked-changes";

/** The writer's own words, quietly: one line, cut with an ellipsis when long. */
function WriterTurn({ text }: { text: string }) {
  return (
    <p className="writer-turn" title={text}>
      <VisuallyHidden>{workspaceTexts.writerTurn}: </VisuallyHidden>
      <q>{text}</q>
    </p>
  );
}

type ExchangeProps = {
  message: AssistantMessage;
  toolbar?: boolean;
  download?: AnswerDownload | null;
  /** The actions of the conversation's last answer (only the last exchange gets them). */
  last?: LastAnswer | null;
  /** Sends the edited follow-up of the last exchange; resolves true when the server took it. */
  onResend?: ((text: string) => Promise<boolean>) | null;
  /** The writer's passage this answer revises: once complete, it shows as tracked changes. */
  trackedOriginal?: string | null;
};

export const ExchangeView = memo(function ExchangeView({
  message,
  toolbar = true,
  download = null,
  last = null,
  onResend = null,
  trackedOriginal = null,
}: ExchangeProps) {
  const settled = message.status !== "streaming";
  const [editing, setEditing] = useState(false);
  const editable = Boolean(message.userText && last && onResend);
  const openEditor = useCallback(() => setEditing(true), []);
  const resend = useCallback(
    async (text: string) => {
      const kept = onResend ? await onResend(text) : false;
      if (kept) setEditing(false);
      return kept;
    },
    [onResend],
  );
  return (
    <div className="exchange" data-exchange={message.id}>
      {message.userText && editing && editable ? (
        <EditTurn text={message.userText} busy={last?.busy ?? false} onResend={resend} onCancel={() => setEditing(false)} />
      ) : message.userText ? (
        <WriterTurn text={message.userText} />
      ) : null}
      <article className="assistant-message" data-status={message.status} aria-busy={!settled}>
        {trackedOriginal !== null && message.status === "complete" ? (
          <TrackedChanges original={trackedOriginal} revised={message.text.trim()} />
        ) : (
          <Markdown text={message.text} />
        )}
        {message.status === "stopped" ? (
          <Text as="p" size="1" color="gray" className="message-note">
            {toolTexts.stopped}
          </Text>
        ) : null}
        {message.status === "interrupted" ? (
          <Text as="p" size="1" color="orange" className="message-note">
            {toolTexts.interrupted}
          </Text>
        ) : null}
      </article>
      {settled ? <UsedContext context={message.context} /> : null}
      {settled && toolbar ? (
        <AnswerActions message={message} download={download} last={last} onEdit={editable && !editing ? openEditor : null} />
      ) : null}
    </div>
  );
});

/** Every exchange, in order; the last one with its actions (`last`, `onResend`). */
export function Thread({
  messages,
  toolbar = true,
  download = null,
  last = null,
  onResend = null,
  trackedOriginal = null,
}: {
  messages: readonly AssistantMessage[];
  toolbar?: boolean;
  download?: AnswerDownload | null;
  last?: LastAnswer | null;
  onResend?: ((text: string) => Promise<boolean>) | null;
  /** Draft mode's line edits: the first answer is shown as tracked changes against this passage. */
  trackedOriginal?: string | null;
}) {
  return (
    <>
      {messages.map((message, index) => {
        const isLast = index === messages.length - 1;
        return (
          <ExchangeView
            key={message.id}
            message={message}
            toolbar={toolbar}
            download={download}
            last={isLast ? last : null}
            onResend={isLast ? onResend : null}
            trackedOriginal={index === 0 ? trackedOriginal : null}
          />
        );
      })}
    </>
  );
}
