import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import type { Route } from "./+types/account";
import { requireUser } from "~/auth/guards.server";
import { AppHeader } from "~/components/app-header";
import { ChangePasswordDialog } from "~/components/change-password-dialog";
import { DeleteAccountDialog } from "~/components/delete-account-dialog";
import { VerifyEmailBanner } from "~/components/verify-email-banner";
import { getDb } from "~/lib/db.server";
import { accountPageTexts as texts } from "~/messages/account-data";
import { PRIVATE_PAGE_HEADERS, privatePageMeta } from "~/lib/page-meta";
import { readAccount } from "~db/queries/account-data";

export function meta() {
  return privatePageMeta(texts.title);
}

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** `/account`: the writer's e-mail and its verification, password, their data and deleting it all. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireUser(request, context);
  const account = await readAccount({ db: getDb(), userId: user.id });
  return { email: user.email, emailVerified: Boolean(account?.user.emailVerifiedAt) };
}

export default function AccountRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page account-page">
      <AppHeader>
        <Button asChild variant="soft">
          <Link to="/dashboard">{texts.back}</Link>
        </Button>
      </AppHeader>
      <main className="page-main">
        {loaderData.emailVerified ? null : <VerifyEmailBanner email={loaderData.email} />}
        <Heading as="h1" size="8" mb="5">
          {texts.heading}
        </Heading>
        <Flex direction="column" gap="4" maxWidth="720px">
          <Card size="3" className="glass-card">
            <Heading as="h2" size="4" mb="2">
              {texts.emailLabel}
            </Heading>
            <Flex gap="3" align="center" wrap="wrap">
              <Text size="3">{loaderData.email}</Text>
              <Badge color={loaderData.emailVerified ? "green" : "orange"}>{loaderData.emailVerified ? texts.verified : texts.notVerified}</Badge>
            </Flex>
            <Heading as="h2" size="4" mt="4" mb="2">
              {texts.passwordHeading}
            </Heading>
            <ChangePasswordDialog />
          </Card>
          <Card size="3" className="glass-card">
            <Heading as="h2" size="4" mb="2">
              {texts.dataHeading}
            </Heading>
            <Text as="p" size="2" color="gray" mb="3">
              {texts.dataDescription}
            </Text>
            <Button asChild variant="soft">
              <a href="/api/account/export.zip" download>
                {texts.download}
              </a>
            </Button>
          </Card>
          <Card size="3" className="glass-card">
            <Heading as="h2" size="4" mb="2">
              {texts.deleteHeading}
            </Heading>
            <Text as="p" size="2" color="gray" mb="3">
              {texts.deleteDescription}
            </Text>
            <DeleteAccountDialog />
          </Card>
        </Flex>
      </main>
    </div>
  );
}
