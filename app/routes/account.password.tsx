import { Button, Card, Heading, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import type { Route } from "./+types/account.password";
import { requireUser } from "~/auth/guards.server";
import { changePassword } from "~/auth/password-flows.server";
import { AppHeader } from "~/components/app-header";
import { ChangePasswordForm, useChangePassword } from "~/components/change-password-dialog";
import { backgroundOf } from "~/lib/execution-context.server";
import { formError, text, withForm } from "~/lib/form.server";
import { accountTexts, validation } from "~/messages/account";
import { accountPageTexts } from "~/messages/account-data";
import { PRIVATE_PAGE_HEADERS, privatePageMeta } from "~/lib/page-meta";
import { toasts } from "~/messages/toasts";

export function meta() {
  return privatePageMeta(accountTexts.changePassword);
}

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

/** POST intent=change-password: the dialog's form and this page's (decision 011: asks for the current password). */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, sessionId } = requireUser(request, context);
  return withForm(request, async (form) => {
    const intent = text(form, "intent");
    if (intent !== "change-password") return formError("Unknown action.");
    const input = { currentPassword: text(form, "currentPassword"), password: text(form, "password"), confirmPassword: text(form, "confirmPassword") };
    const result = await changePassword(request, { userId: user.id, email: user.email, sessionId }, input, backgroundOf(context));
    return result.ok ? { ok: true as const, intent } : formError(result.error, result.status, { intent });
  }, { unexpected: validation.passwordChangeFailed });
}

/** `/account/password`: Change Password as a page, for a press before (or without) the page's scripts. */
export default function ChangePasswordPage() {
  const state = useChangePassword();
  const back = (
    <Button asChild variant="soft" color="gray">
      <Link to="/account">{accountTexts.cancel}</Link>
    </Button>
  );
  return (
    <div className="page">
      <AppHeader>
        <Button asChild variant="soft">
          <Link to="/account">{accountPageTexts.backToAccount}</Link>
        </Button>
      </AppHeader>
      <main className="narrow-page">
        <Card size="4" className="glass-card">
          <Heading as="h1" size="7" mb="2">
            {accountTexts.changePassword}
          </Heading>
          {state.succeeded ? (
            <Text as="p" size="3" role="status">
              {toasts.passwordChanged.description}
            </Text>
          ) : (
            <>
              <Text as="p" size="2" mb="3">
                {accountTexts.changePasswordIntro}
              </Text>
              <ChangePasswordForm state={state} cancel={back} />
            </>
          )}
        </Card>
      </main>
    </div>
  );
}
