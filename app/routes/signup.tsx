import { Card, Heading } from "@radix-ui/themes";
import type { Route } from "./+types/signup";
import { PLAN } from "~/rules/plan";
import { signUp } from "~/auth/accounts.server";
import { redirectSignedInUser } from "~/auth/guards.server";
import { sessionCookie } from "~/auth/session.server";
import { SignUpForm } from "~/components/auth-forms";
import { backgroundOf } from "~/lib/execution-context.server";
import { formError, text, withForm } from "~/lib/form.server";
import { redirectWithToast } from "~/lib/toast.server";
import { accountTexts, validation } from "~/messages/account";
import { TITLE_SUFFIX } from "~/messages/site";
import { welcomeToasts } from "~/messages/trial";
import type { StartedTrial } from "~db/queries/accounts";

export function meta() {
  return [
    { title: `Create Account${TITLE_SUFFIX}` },
    { name: "description", content: `Create your account and start a free ${PLAN.trialDays}-day trial.` },
  ];
}

/** A fresh trial, or — on an address whose earlier account was deleted — the trial it continues. */
function welcomeToastFor(trial: StartedTrial, now: Date) {
  if (!trial.remembered) return welcomeToasts.trial;
  const open = trial.conversations > 0 && trial.endsAt !== null && trial.endsAt > now;
  return open ? welcomeToasts.trialContinues(trial.conversations) : welcomeToasts.trialUsed;
}

export function loader({ context }: Route.LoaderArgs) {
  redirectSignedInUser(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return withForm(request, async (form) => {
    const input = { email: text(form, "email"), password: text(form, "password"), confirmPassword: text(form, "confirmPassword") };
    const result = await signUp(request, input, backgroundOf(context));
    if (!result.ok) return formError(result.error, result.status, { intent: "signup", values: { email: input.email } });
    return redirectWithToast(request, "/dashboard", welcomeToastFor(result.trial, new Date()), {
      headers: { "Set-Cookie": sessionCookie(request, result.token, result.expiresAt) },
    });
  }, { unexpected: validation.signUpFailed });
}

export default function SignUpPage() {
  return (
    <main className="narrow-page">
      <Card size="4" className="glass-card">
        <Heading as="h1" size="7" mb="4">
          {accountTexts.createAccount}
        </Heading>
        <SignUpForm autoFocus showSignInLink />
      </Card>
    </main>
  );
}
