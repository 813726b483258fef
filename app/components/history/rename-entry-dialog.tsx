import { Button, Dialog, Flex, Text, TextField } from "@radix-ui/themes";
import { useId } from "react";
import { historyTexts } from "~/messages/history";
import type { RenameState } from "./use-entry-changes";
import { CancelButton, OnceOpened } from "~/components/overlay-parts";

/**
 * 'Rename conversation': one field with the current title, Save and Cancel. An empty field
 * gives the conversation its automatic title again; a name over 120 characters is refused with
 * a message under the field (no maxLength, so a pasted long name is told, not silently cut).
 */
export function RenameEntryDialog({ entry, busy, problem, onSave, onCancel, onClosed }: RenameState & { onClosed: (event: Event) => void }) {
  const fieldId = useId();
  const hintId = useId();
  const problemId = useId();
  return (
    <Dialog.Root open={entry !== null} onOpenChange={(open) => (open || busy ? undefined : onCancel())}>
      <OnceOpened open={entry !== null}>
        <Dialog.Content maxWidth="520px" onCloseAutoFocus={onClosed} className="rename-dialog">
          <Dialog.Title as="h2">{historyTexts.renameTitle}</Dialog.Title>
          <Dialog.Description size="2" color="gray" id={hintId}>
            {historyTexts.renameDescription}
          </Dialog.Description>
          {entry ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                const value = new FormData(event.currentTarget).get("title");
                onSave(entry, typeof value === "string" ? value : "");
              }}
            >
              <Flex direction="column" gap="1" mt="3">
                <Text as="label" htmlFor={fieldId} size="2" weight="medium">
                  {historyTexts.renameLabel}
                </Text>
                <TextField.Root
                  id={fieldId}
                  name="title"
                  defaultValue={entry.title}
                  onFocus={(event) => event.currentTarget.select()}
                  aria-describedby={problem ? `${problemId} ${hintId}` : hintId}
                  aria-invalid={problem ? true : undefined}
                  autoComplete="off"
                  size="3"
                />
                <Text as="p" size="2" color="red" role="alert" id={problemId} className="form-error">
                  {problem ?? ""}
                </Text>
              </Flex>
              <Flex gap="3" mt="3" justify="end">
                <CancelButton closeWith={Dialog.Close} busy={busy}>{historyTexts.cancel}</CancelButton>
                <Button type="submit" loading={busy}>
                  {historyTexts.save}
                </Button>
              </Flex>
            </form>
          ) : null}
        </Dialog.Content>
      </OnceOpened>
    </Dialog.Root>
  );
}
