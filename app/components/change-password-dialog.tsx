/**
 * Change Password: a dialog on the dashboard and the account page, and the same form on a page of
 * its own (/account/password), which is where the dialog's button leads before the page's scripts
 * run or without them. Both post to that page's action.
 */
import { Button, Dialog, Flex } from "@radix-ui/themes";
import { useEffect, useState, type ReactNode } from "react";
import { passwordChangeProblem } from "~/auth/validation";
import type { FormResult } from "~/lib/form-result";
import { accountTexts, PASSWORD_MAX_LENGTH, validation } from "~/messages/account";
import { toasts } from "~/messages/toasts";
import { Field, FormError } from "./field";
import { useActionErrorToast, useToast } from "./toaster";
import { useFormResult } from "./use-form-result";
import { CancelButton, DialogLink, OnceOpened } from "~/components/overlay-parts";

export const CHANGE_PASSWORD_PATH = "/account/password";
const INTENT = "change-password";

type ChangeResult = FormResult & { ok?: true };

/** The form's state: its fetcher, and the server's answer (from the fetcher or the posted page). */
export function useChangePassword() {
  const form = useFormResult<ChangeResult>({ key: INTENT, intent: INTENT });
  const show = useToast();
  useActionErrorToast(form.result, toasts.error.title);
  const succeeded = form.result?.ok === true;
  useEffect(() => {
    if (succeeded) show(toasts.passwordChanged);
  }, [succeeded, show]);
  return { ...form, succeeded };
}

function value(data: FormData, name: string) {
  const v = data.get(name);
  return typeof v === "string" ? v : "";
}

/** The three fields and the submit; `cancel` is the dialog's Cancel or the page's way back. */
export function ChangePasswordForm({ state, cancel }: { state: ReturnType<typeof useChangePassword>; cancel: ReactNode }) {
  const { fetcher, busy, result } = state;
  const show = useToast();
  return (
    <fetcher.Form
      method="post"
      action={CHANGE_PASSWORD_PATH}
      aria-label="Change password"
      onSubmit={(event) => {
        const data = new FormData(event.currentTarget);
        const problem = value(data, "currentPassword")
          ? passwordChangeProblem({ password: value(data, "password"), confirmPassword: value(data, "confirmPassword") })
          : validation.currentPasswordRequired;
        if (problem) {
          event.preventDefault();
          show({ title: toasts.error.title, description: problem, variant: "destructive" });
        }
      }}
    >
      <input type="hidden" name="intent" value={INTENT} />
      <Flex direction="column" gap="3">
        <Field label={accountTexts.currentPassword} name="currentPassword" type="password" autoComplete="current-password" autoFocus maxLength={PASSWORD_MAX_LENGTH} />
        <Field label="New Password" name="password" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
        <Field label="Confirm New Password" name="confirmPassword" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
        <FormError message={result?.error} />
        <Flex gap="3" justify="end">
          {cancel}
          <Button type="submit" disabled={busy}>
            {busy ? "Updating..." : "Update Password"}
          </Button>
        </Flex>
      </Flex>
    </fetcher.Form>
  );
}

export function ChangePasswordDialog() {
  const [wantsOpen, setWantsOpen] = useState(false);
  const state = useChangePassword();
  // The dialog closes itself once the server confirms the change.
  const open = wantsOpen && !state.succeeded;
  const setOpen = (next: boolean) => {
    if (next) state.fetcher.reset();
    setWantsOpen(next);
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <DialogLink href={CHANGE_PASSWORD_PATH} variant="soft" onOpen={() => setOpen(true)}>
        {accountTexts.changePassword}
      </DialogLink>
      <OnceOpened open={open}>
        <Dialog.Content maxWidth="420px">
          <Dialog.Title>{accountTexts.changePassword}</Dialog.Title>
          <Dialog.Description size="2" mb="3">
            {accountTexts.changePasswordIntro}
          </Dialog.Description>
          <ChangePasswordForm state={state} cancel={<CancelButton closeWith={Dialog.Close}>{accountTexts.cancel}</CancelButton>} />
        </Dialog.Content>
      </OnceOpened>
    </Dialog.Root>
  );
}
