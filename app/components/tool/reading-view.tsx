/**
 * Expand: the conversation full screen, in one readable column, nothing else. Esc or Close
 * ends it and focus goes back to Expand.
 */
import { Button, Dialog, Flex } from "@radix-ui/themes";
import type { AssistantMessage } from "~/generation/use-generation";
import { workspaceTexts } from "~/messages/tools";
import { Thread } from "./thread";
import { CancelButton, OnceOpened, useOverlayState } from "~/components/overlay-parts";

export function ReadingView({
  title,
  messages,
}: {
  /** The tool's title, so the writer knows which conversation this is. */
  title: string;
  messages: readonly AssistantMessage[];
}) {
  const overlay = useOverlayState();
  return (
    <Dialog.Root {...overlay}>
      <Dialog.Trigger>
        <Button type="button" size="1" variant="soft" color="gray" title={workspaceTexts.expandHint} disabled={messages.length === 0}>
          {workspaceTexts.expand}
        </Button>
      </Dialog.Trigger>
      <OnceOpened open={overlay.open}>
        <Dialog.Content className="reading-view" maxWidth="none">
          <Flex justify="between" align="center" gap="3" className="reading-view-header">
            <Dialog.Title size="3" mb="0">
              {workspaceTexts.readingView} · {title}
            </Dialog.Title>
            <CancelButton closeWith={Dialog.Close}>{workspaceTexts.closeReadingView}</CancelButton>
          </Flex>
          <Dialog.Description size="1" color="gray" mb="3">
            {workspaceTexts.readingViewDescription}
          </Dialog.Description>
          <div className="reading-column">
            <Thread messages={messages} />
          </div>
        </Dialog.Content>
      </OnceOpened>
    </Dialog.Root>
  );
}
