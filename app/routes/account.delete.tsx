import { Button, Card, Heading, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import type { Route } from "./+types/account.delete";
import { deleteAccountAndData, SubscriptionCancelError } from "~/account/delete-account.server";
import { requireUser } from "~/auth/guards.server";
import { checkPassword } from "~/auth/password-check.server";
import { clearedSessionCookie } from "~/auth/session.server";
import { AppHeader } from "~/components/app-header";
import { DeleteAccountForm } from "~/components/delete-account-dialog";
import { getDb } from "~/lib/db.server";
import { backgroundOf } from "~/lib/execution-context.server";
import { formError, text, withForm } from "~/lib/form.server";
import { redirectWithToast } from "~/lib/toast.server";
import { validation } from "~/messages/account";
import { accountDeleteTexts, accountPageTexts as texts } from "~/messages/account-data";
import { PRIVATE_PAGE_HEADERS, privatePageMeta } from "~/lib/page-meta";
import { readAccount } from "~db/queries/account-data";

export function meta() {
  return privatePageMeta(texts.deleteHeading);
}

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

/**
 * POST intent=delete-account, password: the dialog's form and this page's. The password goes
 * through the one password limiter (a stolen session cannot guess it and erase the account);
 * then delete-account.server.ts deletes everything and the writer is signed out.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = requireUser(request, context);
  return withForm(request, async (form) => {
    const intent = text(form, "intent");
    if (intent !== "delete-account") return formError("Unknown action.");
    const refuse = (error: string, status: number) => formError(error, status, { intent });
    const password = text(form, "password");
    if (!password) return refuse(accountDeleteTexts.passwordRequired, 400);
    const check = await checkPassword({ request, email: user.email, password, account: async () => (await readAccount({ db: getDb(), userId: user.id }))?.user });
    if (check.result === "limited") return refuse(validation.tooManyAttempts, 429);
    if (check.result === "wrong") return refuse(accountDeleteTexts.wrongPassword, 403);
    try {
      await deleteAccountAndData({ userId: user.id, background: backgroundOf(context) });
    } catch (error) {
      if (error instanceof SubscriptionCancelError) return refuse(error.message, 502);
      throw error;
    }
    throw redirectWithToast(request, "/", accountDeleteTexts.deleted, { headers: { "Set-Cookie": clearedSessionCookie(request) } });
  });
}

/** `/account/delete`: "Delete my account" as a page, for a press before (or without) the page's scripts. */
export default function DeleteAccountPage() {
  return (
    <div className="page">
      <AppHeader>
        <Button asChild variant="soft">
          <Link to="/account">{texts.backToAccount}</Link>
        </Button>
      </AppHeader>
      <main className="narrow-page">
        <Card size="4" className="glass-card">
          <Heading as="h1" size="7" mb="2">
            {texts.deleteDialogTitle}
          </Heading>
          <Text as="p" size="2">
            {texts.deleteDescription}
          </Text>
          <DeleteAccountForm
            cancel={() => (
              <Button asChild variant="soft" color="gray">
                <Link to="/account">{texts.cancel}</Link>
              </Button>
            )}
          />
        </Card>
      </main>
    </div>
  );
}
