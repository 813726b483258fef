/**
 * The conversation as the writer reads it: each exchange is the writer's follow-up (a short,
 * quiet quoted line), the answer, and the answer's toolbar once it is finished. Exchanges are
 * memoised, so while an answer streams only that one re-renders.
 */
import { Text, VisuallyHidden } from "@radix-ui/themes";
import { memo } from "react";
import { Markdown } from "~/components/markdown/markdown";
import type { AssistantMessage } from "~/generation/use-generation";
import { toolTexts, workspaceTexts } from "~/messages/tools";
import { TrackedChanges } from "~/revisions/tracked-changes";
import { AnswerToolbar } from "./answer-toolbar";

/** The writer's own words, quietly: one line, cut with an ellipsis when long. */
function WriterTurn({ text }: { text: string }) {
  return (
    <p className="writer-turn" title={text}>
      <VisuallyHidden>{workspaceTexts.writerTurn}: </VisuallyHidden>
      <q>{text}</q>
    </p>
  );
}

export const ExchangeView = memo(function ExchangeView({
  message,
  toolbar = true,
  trackedOriginal = null,
}: {
  message: AssistantMessage;
  toolbar?: boolean;
  /** The writer's passage this answer revises: once complete, it shows as tracked changes. */
  trackedOriginal?: string | null;
}) {
  const settled = message.status !== "streaming";
  return (
    <div className="exchange" data-exchange={message.id}>
      {message.userText ? <WriterTurn text={message.userText} /> : null}
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
      {settled && toolbar ? <AnswerToolbar markdown={message.text} /> : null}
    </div>
  );
});

/** Every exchange, in order. */
export function Thread({
  messages,
  toolbar = true,
  trackedOriginal = null,
}: {
  messages: readonly AssistantMessage[];
  toolbar?: boolean;
  /** Draft mode's line edits: the first answer is shown as tracked changes against this passage. */
  trackedOriginal?: string | null;
}) {
  return (
    <>
      {messages.map((message, index) => (
        <ExchangeView key={message.id} message={message} toolbar={toolbar} trackedOriginal={index === 0 ? trackedOriginal : null} />
      ))}
    </>
  );
}
