import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { Route } from "./+types/verify-email";
import { confirmEmail, readVerificationLink, type ConfirmResult } from "~/auth/email-verification.server";
import { optionalUser } from "~/auth/guards.server";
import { createSession, sessionCookie } from "~/auth/session.server";
import { Field, FormError } from "~/components/field";
import { SignOutButton } from "~/components/sign-out-button";
import { useActionErrorToast } from "~/components/toaster";
import { useFormResult } from "~/components/use-form-result";
import { getDb } from "~/lib/db.server";
import type { FormResult } from "~/lib/form-result";
import { formError, text, withForm } from "~/lib/form.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PASSWORD_MAX_LENGTH, validation, verifyTexts } from "~/messages/account";
import { privatePageMeta } from "~/lib/page-meta";
import { toasts } from "~/messages/toasts";
import { isEmailVerified } from "~db/queries/email-verifications";

export function meta() {
  return privatePageMeta(verifyTexts.pageTitle);
}

export function headers() {
  // The token is in the URL: never cached, never sent to another site as a referrer. Not
  // "no-referrer": a browser then sends `Origin: null` with the page's own form, which the
  // same-origin check must refuse.
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
}

/**
 * The link from the confirmation e-mail (decision 011). Opening it — a GET or a HEAD, by the
 * writer, a mail scanner or anyone who got hold of it — confirms nothing: it shows whose address
 * the link is for and how to confirm it. The account's own session confirms with one press; a
 * signed-out visitor confirms with the account's password, or resets the password instead (which
 * proves the inbox too). Another account's session is told to sign out first.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const viewer = optionalUser(context);
  const link = await readVerificationLink(token);
  if (!link) {
    if (viewer && (await isEmailVerified({ db: getDb(), userId: viewer.id }))) {
      throw redirectWithToast(request, "/dashboard", { title: verifyTexts.confirmed.title, description: verifyTexts.alreadyVerified });
    }
    return { state: "invalid" as const, signedIn: viewer !== null };
  }
  if (viewer && viewer.id !== link.userId) return { state: "other-account" as const, token, email: link.email };
  return { state: viewer ? ("confirm" as const) : ("sign-in" as const), token, email: link.email };
}

const REFUSALS: Record<Exclude<ConfirmResult, { ok: true }>["reason"], { error: string; status: number }> = {
  invalid: { error: verifyTexts.invalidBody, status: 400 },
  "other-account": { error: verifyTexts.otherAccountError, status: 403 },
  "password-required": { error: verifyTexts.passwordRequired, status: 400 },
  "wrong-password": { error: verifyTexts.wrongPassword, status: 403 },
  limited: { error: validation.tooManyAttempts, status: 429 },
};

export async function action({ request, context }: Route.ActionArgs) {
  return withForm(request, async (form) => {
    if (text(form, "intent") !== "confirm") return formError("Unknown action.");
    const viewer = optionalUser(context);
    const result = await confirmEmail(request, { token: text(form, "token"), viewer, password: text(form, "password") });
    if (!result.ok) return formError(REFUSALS[result.reason].error, REFUSALS[result.reason].status, { intent: "confirm" });
    const toast = result.isAdmin ? verifyTexts.confirmedAdmin : verifyTexts.confirmed;
    if (!result.signedIn) return redirectWithToast(request, "/dashboard", toast);
    const session = await createSession(result.userId);
    return redirectWithToast(request, "/dashboard", toast, { headers: { "Set-Cookie": sessionCookie(request, session.token, session.expiresAt) } });
  });
}

/** The one button (signed in as the account) or the account's password (signed out). */
function ConfirmForm({ token, email, withPassword }: { token: string; email: string; withPassword: boolean }) {
  const { fetcher, busy, result } = useFormResult<FormResult>({ key: "confirm-email", intent: "confirm" });
  useActionErrorToast(result, toasts.error.title);
  return (
    <fetcher.Form method="post" aria-label={verifyTexts.pageTitle}>
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="token" value={token} />
      <Flex direction="column" gap="3">
        {withPassword ? (
          <>
            {/* For password managers: the account the password belongs to. */}
            <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
            <Field label="Password" name="password" type="password" autoComplete="current-password" required autoFocus maxLength={PASSWORD_MAX_LENGTH} />
          </>
        ) : null}
        <FormError message={result?.error} />
        <Button type="submit" size="3" disabled={busy}>
          {busy ? verifyTexts.confirming : withPassword ? verifyTexts.confirmAndSignIn : verifyTexts.confirmButton}
        </Button>
      </Flex>
    </fetcher.Form>
  );
}

function PageCard({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <main className="narrow-page">
      <Card size="4" className="glass-card">
        <Heading as="h1" size="7" mb="4">
          {heading}
        </Heading>
        <Flex direction="column" gap="4">
          {children}
        </Flex>
      </Card>
    </main>
  );
}

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "invalid") {
    const next = loaderData.signedIn ? { href: "/dashboard", label: verifyTexts.toDashboard } : { href: "/#signin", label: verifyTexts.toSignIn };
    return (
      <PageCard heading={verifyTexts.invalidHeading}>
        <Text as="p" size="3">
          {verifyTexts.invalidBody}
        </Text>
        <a className="text-link" href={next.href}>
          {next.label}
        </a>
      </PageCard>
    );
  }
  if (loaderData.state === "other-account") {
    return (
      <PageCard heading={verifyTexts.otherAccountHeading}>
        <Text as="p" size="3">
          {verifyTexts.otherAccountBody(loaderData.email)}
        </Text>
        <Flex>
          <SignOutButton />
        </Flex>
      </PageCard>
    );
  }
  const signedOut = loaderData.state === "sign-in";
  return (
    <PageCard heading={verifyTexts.pageTitle}>
      <Text as="p" size="3">
        {signedOut ? verifyTexts.signInBody(loaderData.email) : verifyTexts.confirmBody(loaderData.email)}
      </Text>
      <ConfirmForm token={loaderData.token} email={loaderData.email} withPassword={signedOut} />
      {signedOut ? (
        <Text as="p" size="2" color="gray">
          {verifyTexts.notYourAccount}{" "}
          <a className="text-link" href={`/password-reset?${new URLSearchParams({ email: loaderData.email })}`}>
            {verifyTexts.resetInstead}
          </a>
        </Text>
      ) : null}
    </PageCard>
  );
}
