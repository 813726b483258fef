import { Button, Dialog, Flex } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { passwordChangeProblem } from "~/auth/validation";
import { accountTexts, PASSWORD_MAX_LENGTH, validation } from "~/messages/account";
import { toasts } from "~/messages/toasts";
import { Field, FormError } from "./field";
import { useActionErrorToast, useToast } from "./toaster";
import { CancelButton, OnceOpened } from "~/components/overlay-parts";

type ChangeResult = { ok?: true; error?: string } | undefined;

export function ChangePasswordDialog() {
  const [wantsOpen, setWantsOpen] = useState(false);
  const fetcher = useFetcher<ChangeResult>({ key: "change-password" });
  const show = useToast();
  const busy = fetcher.state !== "idle";
  const succeeded = fetcher.state === "idle" && fetcher.data?.ok === true;
  // The dialog closes itself once the server confirms the change.
  const open = wantsOpen && !succeeded;
  useActionErrorToast(fetcher.data, toasts.error.title);

  useEffect(() => {
    if (succeeded) show(toasts.passwordChanged);
  }, [succeeded, show]);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) fetcher.reset();
        setWantsOpen(next);
      }}
    >
      <Dialog.Trigger>
        <Button variant="soft">{accountTexts.changePassword}</Button>
      </Dialog.Trigger>
      <OnceOpened open={open}>
        <Dialog.Content maxWidth="420px">
          <Dialog.Title>{accountTexts.changePassword}</Dialog.Title>
          <Dialog.Description size="2" mb="3">
            {accountTexts.changePasswordIntro}
          </Dialog.Description>
          <fetcher.Form
            method="post"
            action="/dashboard"
            aria-label="Change password"
            onSubmit={(event) => {
              const data = new FormData(event.currentTarget);
              const value = (name: string) => {
                const v = data.get(name);
                return typeof v === "string" ? v : "";
              };
              const problem = value("currentPassword")
                ? passwordChangeProblem({ password: value("password"), confirmPassword: value("confirmPassword") })
                : validation.currentPasswordRequired;
              if (problem) {
                event.preventDefault();
                show({ title: toasts.error.title, description: problem, variant: "destructive" });
              }
            }}
          >
            <input type="hidden" name="intent" value="change-password" />
            <Flex direction="column" gap="3">
              <Field label={accountTexts.currentPassword} name="currentPassword" type="password" autoComplete="current-password" autoFocus maxLength={PASSWORD_MAX_LENGTH} />
              <Field label="New Password" name="password" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
              <Field label="Confirm New Password" name="confirmPassword" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
              <FormError message={busy ? null : fetcher.data?.error} />
              <Flex gap="3" justify="end">
                <CancelButton closeWith={Dialog.Close}>{accountTexts.cancel}</CancelButton>
                <Button type="submit" disabled={busy}>
                  {busy ? "Updating..." : "Update Password"}
                </Button>
              </Flex>
            </Flex>
          </fetcher.Form>
        </Dialog.Content>
      </OnceOpened>
    </Dialog.Root>
  );
}
