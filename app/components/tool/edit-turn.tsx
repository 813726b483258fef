/**
 * Edit the last follow-up: the writer's text in a box in its place, sent again with Resend
 * (Enter; Shift+Enter for a new line) as a new version of the answer, or left with Cancel (Esc).
 */
import { Button, Flex, TextArea, VisuallyHidden } from "@radix-ui/themes";
import { useId, useState } from "react";
import { MAX_FOLLOW_UP_CHARS } from "~/catalog/requests";
import { answerActionTexts } from "~/messages/tools";

export function EditTurn({
  text,
  busy,
  onResend,
  onCancel,
}: {
  text: string;
  busy: boolean;
  /** Resolves true when the server took the edited text. */
  onResend: (text: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(text);
  const id = useId();
  const resend = () => {
    if (!busy) void onResend(draft);
  };
  return (
    <form
      className="edit-turn"
      aria-label={answerActionTexts.editorLabel}
      onSubmit={(event) => {
        event.preventDefault();
        resend();
      }}
    >
      <VisuallyHidden asChild>
        <label htmlFor={id}>{answerActionTexts.editorLabel}</label>
      </VisuallyHidden>
      <TextArea
        id={id}
        value={draft}
        rows={2}
        maxLength={MAX_FOLLOW_UP_CHARS}
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            onCancel();
          } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            resend();
          }
        }}
      />
      <Flex gap="2" mt="2" justify="end">
        <Button type="button" size="1" variant="soft" color="gray" onClick={onCancel}>
          {answerActionTexts.cancelEdit}
        </Button>
        <Button type="submit" size="1" disabled={busy}>
          {answerActionTexts.resend}
        </Button>
      </Flex>
    </form>
  );
}
