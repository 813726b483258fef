/**
 * The follow-up box under the answer (the composer): Enter or Ctrl/⌘+Enter sends, Shift+Enter
 * starts a new line. It stays at the bottom of the screen while the conversation scrolls by,
 * and toasts keep clear of it (`data-toast-avoid`).
 */
import { Button, Flex, Text, TextArea } from "@radix-ui/themes";
import { memo, useId, useImperativeHandle, useState, type Ref } from "react";
import { MAX_FOLLOW_UP_CHARS } from "~/catalog/requests";
import { toolTexts } from "~/messages/tools";

/** What the workspace may do to the box: clear it once a retried follow-up was kept. */
export type FollowUpHandle = { clearIfUnchanged(sent: string): void };

export const FollowUpForm = memo(function FollowUpForm({
  enabled,
  busy,
  note,
  placeholder,
  handle,
  onSend,
}: {
  enabled: boolean;
  busy: boolean;
  /** A trial conversation's follow-ups left (null: none to state). */
  note: string | null;
  /** The tool's own example of a follow-up (catalog). */
  placeholder: string;
  handle?: Ref<FollowUpHandle>;
  /** Resolves true when the server took the text (then the box is cleared). */
  onSend: (text: string) => Promise<boolean>;
}) {
  const [text, setText] = useState("");
  const id = useId();
  useImperativeHandle(handle, () => ({
    clearIfUnchanged: (sent) => setText((current) => (current.trim() === sent ? "" : current)),
  }));
  const send = async () => {
    if (busy || !enabled) return;
    if (await onSend(text)) setText("");
  };
  return (
    <form
      className="composer"
      data-toast-avoid=""
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Flex direction="column" gap="2">
        <Flex justify="between" align="baseline" gap="3" wrap="wrap">
          <Text as="label" htmlFor={id} size="2" weight="medium">
            {toolTexts.followUpLabel}
          </Text>
          {note !== null ? (
            <Text as="p" size="1" color="gray" role="status" data-testid="trial-follow-ups">
              {note}
            </Text>
          ) : null}
        </Flex>
        <Flex gap="2" align="end">
          <TextArea
            id={id}
            className="follow-up-input"
            value={text}
            placeholder={placeholder}
            maxLength={MAX_FOLLOW_UP_CHARS}
            rows={2}
            disabled={!enabled}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                void send();
              }
            }}
          />
          <Button type="submit" size="3" disabled={busy || !enabled} aria-label={toolTexts.followUpSend}>
            {toolTexts.send}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
});
