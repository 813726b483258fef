import { Card, Heading, Text } from "@radix-ui/themes";
import type { Route } from "./+types/verify-email";
import { confirmEmail } from "~/auth/email-verification.server";
import { optionalUser } from "~/auth/guards.server";
import { getDb } from "~/lib/db.server";
import { redirectWithToast } from "~/lib/toast.server";
import { verifyTexts } from "~/messages/account";
import { PRIVATE_PAGE_DESCRIPTION, TITLE_SUFFIX } from "~/messages/site";
import { isEmailVerified } from "~db/queries/email-verifications";

export function meta() {
  return [{ title: `${verifyTexts.pageTitle}${TITLE_SUFFIX}` }, { name: "description", content: PRIVATE_PAGE_DESCRIPTION }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers() {
  // The token is in the URL: never cached, never sent on as a referrer.
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

/**
 * The link from the confirmation e-mail. Opening it confirms the address (and, for the
 * owner's address, grants admin); a signed-in writer goes straight back to the dashboard.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = optionalUser(context);
  const result = await confirmEmail(url.searchParams.get("token") ?? "");
  if (result.ok && user?.id === result.userId) {
    throw redirectWithToast(request, "/dashboard", result.isAdmin ? verifyTexts.confirmedAdmin : verifyTexts.confirmed);
  }
  if (!result.ok && user && (await isEmailVerified({ db: getDb(), userId: user.id }))) {
    throw redirectWithToast(request, "/dashboard", { title: verifyTexts.confirmed.title, description: verifyTexts.alreadyVerified });
  }
  return { confirmed: result.ok, signedIn: user !== null };
}

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  const { confirmed, signedIn } = loaderData;
  const next = signedIn ? { href: "/dashboard", label: verifyTexts.toDashboard } : { href: "/#signin", label: verifyTexts.toSignIn };
  return (
    <main className="narrow-page">
      <Card size="4" className="glass-card">
        <Heading as="h1" size="7" mb="4">
          {confirmed ? verifyTexts.confirmedHeading : verifyTexts.invalidHeading}
        </Heading>
        <Text as="p" size="3" mb="4">
          {confirmed ? verifyTexts.confirmedBody : verifyTexts.invalidBody}
        </Text>
        <a className="text-link" href={next.href}>
          {next.label}
        </a>
      </Card>
    </main>
  );
}
