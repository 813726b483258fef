/**
 * "Delete my account": a confirmation dialog that asks for the password and posts to /account.
 * A wrong password or an unreachable Stripe keeps the dialog open with the reason; on success the
 * server signs the writer out and sends them to `/`.
 */
import { AlertDialog, Button, Flex, Text, TextField } from "@radix-ui/themes";
import { useId } from "react";
import { useFetcher } from "react-router";
import { accountPageTexts as texts } from "~/messages/account-data";
import { CancelButton, OnceOpened, useOverlayState } from "~/components/overlay-parts";

export function DeleteAccountDialog() {
  const fetcher = useFetcher<{ error?: string }>({ key: "delete-account" });
  const passwordId = useId();
  const errorId = useId();
  const busy = fetcher.state !== "idle";
  const error = fetcher.data?.error;
  const overlay = useOverlayState();
  return (
    <AlertDialog.Root {...overlay}>
      <AlertDialog.Trigger>
        <Button type="button" color="red" variant="soft">
          {texts.deleteButton}
        </Button>
      </AlertDialog.Trigger>
      <OnceOpened open={overlay.open}>
        <AlertDialog.Content maxWidth="480px">
          <AlertDialog.Title>{texts.deleteDialogTitle}</AlertDialog.Title>
          <AlertDialog.Description size="2">{texts.deleteDialogDescription}</AlertDialog.Description>
          <fetcher.Form method="post" action="/account">
            <input type="hidden" name="intent" value="delete-account" />
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
              <CancelButton closeWith={AlertDialog.Cancel} busy={busy}>{texts.cancel}</CancelButton>
              <Button type="submit" color="red" variant="soft" loading={busy}>
                {texts.confirmDelete}
              </Button>
            </Flex>
          </fetcher.Form>
        </AlertDialog.Content>
      </OnceOpened>
    </AlertDialog.Root>
  );
}
