/** The follow-up box under the answer: Enter sends, Shift+Enter starts a new line. */
import { Button, Flex, Text, TextArea } from "@radix-ui/themes";
import { memo, useId, useState } from "react";
import { MAX_FOLLOW_UP_CHARS } from "~/catalog/requests";
import { toolTexts } from "~/messages/tools";

export const FollowUpForm = memo(function FollowUpForm({
  enabled,
  busy,
  note,
  onSend,
}: {
  enabled: boolean;
  busy: boolean;
  /** A trial conversation's follow-ups left (null: none to state). */
  note: string | null;
  /** Resolves true when the server took the text (then the box is cleared). */
  onSend: (text: string) => Promise<boolean>;
}) {
  const [text, setText] = useState("");
  const id = useId();
  const send = async () => {
    if (busy || !enabled) return;
    if (await onSend(text)) setText("");
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Flex direction="column" gap="2">
        <Text as="label" htmlFor={id} size="2" weight="medium">
          {toolTexts.followUpLabel}
        </Text>
        <Flex gap="2" align="end">
          <TextArea
            id={id}
            className="follow-up-input"
            value={text}
            placeholder={toolTexts.followUpPlaceholder}
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
        {note !== null ? (
          <Text as="p" size="1" color="gray" role="status" data-testid="trial-follow-ups">
            {note}
          </Text>
        ) : null}
      </Flex>
    </form>
  );
});
