import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import type { HistoryItem } from "~/history/types";
import { historyTexts } from "~/messages/history";
import { CancelButton, OnceOpened } from "~/components/overlay-parts";

/** 'Are you absolutely sure?' — nothing is deleted until the writer confirms. */
export function DeleteEntryDialog({
  entry,
  busy,
  onCancel,
  onConfirm,
  onClosed,
}: {
  entry: HistoryItem | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (entry: HistoryItem) => void;
  /** Where focus goes once the dialog closes (the card it belonged to may be gone). */
  onClosed: (event: Event) => void;
}) {
  return (
    <AlertDialog.Root open={entry !== null} onOpenChange={(open) => (open || busy ? undefined : onCancel())}>
      <OnceOpened open={entry !== null}>
        <AlertDialog.Content maxWidth="460px" onCloseAutoFocus={onClosed}>
          <AlertDialog.Title>{historyTexts.confirmTitle}</AlertDialog.Title>
          <AlertDialog.Description size="2">{historyTexts.confirmText}</AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <CancelButton closeWith={AlertDialog.Cancel} busy={busy}>{historyTexts.cancel}</CancelButton>
            {/* Soft, not solid: white on Radix's red 9 is below the 4.5:1 contrast WCAG AA asks for. */}
            <Button variant="soft" color="red" loading={busy} onClick={() => entry && onConfirm(entry)}>
              {historyTexts.confirmDelete}
            </Button>
          </Flex>
        </AlertDialog.Content>
      </OnceOpened>
    </AlertDialog.Root>
  );
}
