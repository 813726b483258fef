/**
 * 'Generated Content': the conversation so far, the spinner while waiting, the empty-state
 * hint, or what went wrong with a Retry. New answers start in view at their beginning; while
 * one streams, "Jump to latest" brings its end into view (use-thread-scroll.ts).
 */
import { Button, Flex, Spinner, Text } from "@radix-ui/themes";
import type { AssistantMessage, Failure, Phase } from "~/generation/use-generation";
import { toolTexts, workspaceTexts } from "~/messages/tools";
import { Thread } from "./thread";
import type { useAnswerActions } from "./use-answer-actions";
import { useThreadScroll } from "./use-thread-scroll";

function FailureNote({ failure, busy, onRetry }: { failure: Failure; busy: boolean; onRetry: () => void }) {
  return (
    <div className="output-failure" role="group" aria-label={workspaceTexts.failedTitle}>
      <Text as="p" size="2" weight="bold">
        {failure.title}
      </Text>
      <Text as="p" size="2">
        {failure.description}
      </Text>
      {failure.retryable ? (
        <Button type="button" size="2" color="red" variant="soft" disabled={busy} onClick={onRetry} data-toast-avoid="">
          {workspaceTexts.retry}
        </Button>
      ) : null}
    </div>
  );
}

export function OutputPanel({
  messages,
  phase,
  failure,
  onRetry,
  actions,
  trackedOriginal = null,
  emptyHint = toolTexts.outputEmpty,
}: {
  messages: readonly AssistantMessage[];
  phase: Phase;
  failure: Failure | null;
  onRetry: () => void;
  /** Download on every answer, and what the last answer's buttons do. */
  actions: ReturnType<typeof useAnswerActions>;
  /** The writer's passage, when the first answer is a revision to show as tracked changes. */
  trackedOriginal?: string | null;
  /** What the empty panel says (the mode on show decides). */
  emptyHint?: string;
}) {
  const { panelRef, onScroll, jumpShown, jumpToLatest } = useThreadScroll({
    lastId: messages.at(-1)?.id ?? null,
    streaming: phase === "streaming",
  });
  return (
    <div className="output-frame">
      <div
        ref={panelRef}
        className="output-panel"
        tabIndex={0}
        role="region"
        aria-label={toolTexts.output}
        aria-busy={phase !== "idle"}
        onScroll={onScroll}
      >
        {messages.length === 0 && phase === "idle" ? (
          <Text as="p" size="2" color="gray" className="output-empty">
            {emptyHint}
          </Text>
        ) : null}
        <Thread messages={messages} download={actions.download} last={actions.last} onResend={actions.onResend} trackedOriginal={trackedOriginal} />
        {phase === "waiting" ? (
          <Flex align="center" gap="2" className="output-waiting" role="status">
            <Spinner size="3" />
            <Text size="2" color="gray">
              {toolTexts.generating}
            </Text>
          </Flex>
        ) : null}
        {failure && phase === "idle" ? <FailureNote failure={failure} busy={phase !== "idle"} onRetry={onRetry} /> : null}
      </div>
      {jumpShown ? (
        <Button type="button" size="1" radius="full" className="jump-to-latest" onClick={jumpToLatest}>
          {workspaceTexts.jumpToLatest} ↓
        </Button>
      ) : null}
    </div>
  );
}
