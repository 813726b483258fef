import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { Route } from "./+types/password-reset";
import {
  completePasswordReset,
  isResetTokenUsable,
  requestPasswordReset,
} from "~/auth/password-flows.server";
import { passwordChangeProblem, resetRequestProblem } from "~/auth/validation";
import { Field, FormError } from "~/components/field";
import { useActionErrorToast, useToast } from "~/components/toaster";
import { useFormResult } from "~/components/use-form-result";
import type { FormResult } from "~/lib/form-result";
import { backgroundOf } from "~/lib/execution-context.server";
import { formError, text, withForm } from "~/lib/form.server";
import { redirectWithToast } from "~/lib/toast.server";
import { accountTexts, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, resetTexts, validation } from "~/messages/account";
import { privatePageMeta } from "~/lib/page-meta";
import { toasts } from "~/messages/toasts";

export function meta() {
  return privatePageMeta("Reset Password", { robots: "noindex" });
}

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  // The confirmation page links here with the address filled in (`?email=`).
  if (token === null) return { mode: "request" as const, email: url.searchParams.get("email")?.slice(0, EMAIL_MAX_LENGTH) };
  return { mode: "choose" as const, token, usable: await isResetTokenUsable(token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const background = backgroundOf(context);
  return withForm(request, async (form) => {
    const intent = text(form, "intent");
    if (intent === "request") {
      const email = text(form, "email");
      const result = await requestPasswordReset(request, { email }, background);
      return result.ok ? { sent: true as const, intent } : formError(result.error, result.status, { intent, values: { email } });
    }
    if (intent === "reset") {
      const input = { token: text(form, "token"), password: text(form, "password"), confirmPassword: text(form, "confirmPassword") };
      const result = await completePasswordReset(request, input, background);
      if (!result.ok) return formError(result.error, result.status, { intent });
      return redirectWithToast(request, "/#signin", toasts.passwordReset);
    }
    return formError("Unknown action.");
  });
}

type ResetActionData = FormResult & { sent?: true };

function RequestForm({ email }: { email?: string }) {
  const { fetcher, busy, result } = useFormResult<ResetActionData>({ intent: "request" });
  const show = useToast();
  useActionErrorToast(result, toasts.error.title);
  if (result?.sent) {
    return (
      <Text as="p" role="status" size="3">
        {resetTexts.requestSent}
      </Text>
    );
  }
  return (
    <fetcher.Form
      method="post"
      aria-label={resetTexts.requestHeading}
      onSubmit={(event) => {
        const email = new FormData(event.currentTarget).get("email");
        const problem = resetRequestProblem({ email: typeof email === "string" ? email : "" });
        if (problem) {
          event.preventDefault();
          show({ title: toasts.error.title, description: problem, variant: "destructive" });
        }
      }}
    >
      <input type="hidden" name="intent" value="request" />
      <Flex direction="column" gap="3">
        <Text as="p" size="2">
          {resetTexts.requestIntro}
        </Text>
        <Field label="Email" name="email" type="email" autoComplete="email" required autoFocus maxLength={EMAIL_MAX_LENGTH} defaultValue={result?.values?.email ?? email} />
        <FormError message={result?.error} />
        <Button type="submit" size="3" disabled={busy}>
          {busy ? "Sending..." : resetTexts.requestSubmit}
        </Button>
      </Flex>
    </fetcher.Form>
  );
}

function ChooseForm({ token }: { token: string }) {
  const { fetcher, busy, result } = useFormResult<ResetActionData>({ intent: "reset" });
  const show = useToast();
  useActionErrorToast(result, toasts.error.title);
  return (
    <fetcher.Form
      method="post"
      aria-label={resetTexts.chooseHeading}
      onSubmit={(event) => {
        const data = new FormData(event.currentTarget);
        const value = (name: string) => {
          const v = data.get(name);
          return typeof v === "string" ? v : "";
        };
        const problem = passwordChangeProblem({ password: value("password"), confirmPassword: value("confirmPassword") });
        if (problem) {
          event.preventDefault();
          show({ title: toasts.error.title, description: problem, variant: "destructive" });
        }
      }}
    >
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name="token" value={token} />
      <Flex direction="column" gap="3">
        <Field label="New Password" name="password" type="password" autoComplete="new-password" required autoFocus maxLength={PASSWORD_MAX_LENGTH} />
        <Field label="Confirm New Password" name="confirmPassword" type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX_LENGTH} />
        <FormError message={result?.error} />
        <Button type="submit" size="3" disabled={busy}>
          {busy ? "Updating..." : resetTexts.chooseSubmit}
        </Button>
      </Flex>
    </fetcher.Form>
  );
}

export default function PasswordResetPage({ loaderData }: Route.ComponentProps) {
  const choosing = loaderData.mode === "choose";
  return (
    <main className="narrow-page">
      <Card size="4" className="glass-card">
        <Heading as="h1" size="7" mb="4">
          {choosing ? resetTexts.chooseHeading : resetTexts.requestHeading}
        </Heading>
        {loaderData.mode === "request" ? <RequestForm email={loaderData.email} /> : null}
        {loaderData.mode === "choose" && loaderData.usable ? <ChooseForm token={loaderData.token} /> : null}
        {loaderData.mode === "choose" && !loaderData.usable ? (
          <Flex direction="column" gap="3">
            <Text as="p" role="alert" size="3">
              {validation.resetLinkInvalid}
            </Text>
            <a className="text-link" href="/password-reset">
              {accountTexts.requestNewLink}
            </a>
          </Flex>
        ) : null}
        <Flex mt="4">
          <a className="text-link" href="/#signin">
            {accountTexts.backToSignIn}
          </a>
        </Flex>
      </Card>
    </main>
  );
}
