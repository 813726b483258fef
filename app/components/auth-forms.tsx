/**
 * Sign-in and sign-up forms, shared by the landing page and the /signup page. They check the
 * spec's rules in the browser for instant feedback; the server checks them again. Without
 * scripts (or before they run) the browser posts them and the page comes back with the error
 * and the e-mail that was typed (`useFormResult`).
 */
import { Button, Flex } from "@radix-ui/themes";
import { signInProblem, signUpProblem } from "~/auth/validation";
import type { FormResult } from "~/lib/form-result";
import { accountTexts, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from "~/messages/account";
import { toasts } from "~/messages/toasts";
import { Field, FormError } from "./field";
import { useActionErrorToast, useToast } from "./toaster";
import { useFormResult } from "./use-form-result";

function formValues(form: HTMLFormElement) {
  const data = new FormData(form);
  const get = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  return { email: get("email"), password: get("password"), confirmPassword: get("confirmPassword") };
}

export function SignInForm({ autoFocus }: { autoFocus?: boolean }) {
  const { fetcher, busy, result } = useFormResult<FormResult>({ key: "sign-in", intent: "signin" });
  const show = useToast();
  useActionErrorToast(result, toasts.signInFailed.title);
  return (
    <fetcher.Form
      method="post"
      action="/?index"
      aria-label="Sign in"
      onSubmit={(event) => {
        const problem = signInProblem(formValues(event.currentTarget));
        if (problem) {
          event.preventDefault();
          show({ title: toasts.signInFailed.title, description: problem, variant: "destructive" });
        }
      }}
    >
      <input type="hidden" name="intent" value="signin" />
      <Flex direction="column" gap="3">
        <Field label="Email" name="email" type="email" autoComplete="email" required autoFocus={autoFocus} maxLength={EMAIL_MAX_LENGTH} defaultValue={result?.values?.email} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX_LENGTH} />
        <FormError message={result?.error} />
        <Button type="submit" size="3" disabled={busy}>
          {busy ? "Signing In..." : "Sign In"}
        </Button>
        <a className="text-link" href="/password-reset">
          {accountTexts.forgotPassword}
        </a>
      </Flex>
    </fetcher.Form>
  );
}

export function SignUpForm({ autoFocus, showSignInLink }: { autoFocus?: boolean; showSignInLink?: boolean }) {
  const { fetcher, busy, result } = useFormResult<FormResult>({ key: "sign-up", intent: "signup" });
  const show = useToast();
  useActionErrorToast(result, toasts.error.title);
  return (
    <fetcher.Form
      method="post"
      action="/signup"
      aria-label="Create account"
      onSubmit={(event) => {
        const problem = signUpProblem(formValues(event.currentTarget));
        if (problem) {
          event.preventDefault();
          show({ title: toasts.error.title, description: problem, variant: "destructive" });
        }
      }}
    >
      <input type="hidden" name="intent" value="signup" />
      <Flex direction="column" gap="3">
        <Field label="Email" name="email" type="email" autoComplete="email" autoFocus={autoFocus} maxLength={EMAIL_MAX_LENGTH} defaultValue={result?.values?.email} />
        <Field label="Password" name="password" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
        <Field label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
        <FormError message={result?.error} />
        <Button type="submit" size="3" disabled={busy}>
          {busy ? "Creating Account..." : "Create Account"}
        </Button>
        {showSignInLink ? (
          <a className="text-link" href="/signin">
            {accountTexts.haveAccount}
          </a>
        ) : null}
      </Flex>
    </fetcher.Form>
  );
}
