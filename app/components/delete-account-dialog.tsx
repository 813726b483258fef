/**
 * "Delete my account": a confirmation dialog on the account page, and the same form on a page of
 * its own (/account/delete), which is where the dialog's button leads before the page's scripts
 * run or without them. Both post to that page's action: a wrong password or an unreachable
 * Stripe keeps the form with the reason; on success the server signs the writer out and sends
 * them to `/`.
 */
import { AlertDialog, Button, Flex, Text, TextField } from "@radix-ui/themes";
import { useId, type ReactNode } from "react";
import type { FormResult } from "~/lib/form-result";
import { accountPageTexts as texts } from "~/messages/account-data";
import { CancelButton, DialogLink, OnceOpened, useOverlayState } from "~/components/overlay-parts";
import { useFormResult } from "./use-form-result";

export const DELETE_ACCOUNT_PATH = "/account/delete";
const INTENT = "delete-account";

/** The password and the red button; `cancel` is the dialog's Cancel or the page's way back. */
export function DeleteAccountForm({ cancel }: { cancel: (busy: boolean) => ReactNode }) {
  const { fetcher, busy, result } = useFormResult<FormResult>({ key: INTENT, intent: INTENT });
  const passwordId = useId();
  const errorId = useId();
  const error = result?.error;
  return (
    <fetcher.Form method="post" action={DELETE_ACCOUNT_PATH} aria-label={texts.deleteHeading}>
      <input type="hidden" name="intent" value={INTENT} />
      <Flex direction="column" gap="2" mt="3">
        <Text as="label" size="2" weight="medium" htmlFor={passwordId}>
          {texts.passwordLabel}
        </Text>
        <TextField.Root
          id={passwordId}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <Text id={errorId} as="p" size="2" color="red" role="alert">
          {error ?? ""}
        </Text>
      </Flex>
      <Flex gap="3" mt="4" justify="end">
        {cancel(busy)}
        <Button type="submit" color="red" variant="soft" loading={busy}>
          {texts.confirmDelete}
        </Button>
      </Flex>
    </fetcher.Form>
  );
}

export function DeleteAccountDialog() {
  const overlay = useOverlayState();
  return (
    <AlertDialog.Root {...overlay}>
      <DialogLink href={DELETE_ACCOUNT_PATH} color="red" variant="soft" onOpen={() => overlay.onOpenChange(true)}>
        {texts.deleteButton}
      </DialogLink>
      <OnceOpened open={overlay.open}>
        <AlertDialog.Content maxWidth="480px">
          <AlertDialog.Title>{texts.deleteDialogTitle}</AlertDialog.Title>
          <AlertDialog.Description size="2">{texts.deleteDialogDescription}</AlertDialog.Description>
          <DeleteAccountForm
            cancel={(busy) => (
              <CancelButton closeWith={AlertDialog.Cancel} busy={busy}>
                {texts.cancel}
              </CancelButton>
            )}
          />
        </AlertDialog.Content>
      </OnceOpened>
    </AlertDialog.Root>
  );
}
