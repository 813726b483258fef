import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { resendVerificationLink, type ResendResult } from "~/auth/email-verification.server";
import { requireUser } from "~/auth/guards.server";
import { describeSubscription } from "~/billing/card-view";
import { toolPath, tools } from "~/catalog/tools";
import { AppHeader } from "~/components/app-header";
import { AllWorkSearch } from "~/components/history/all-work-search";
import { ActiveProjectPicker } from "~/components/projects/active-project-picker";
import { activeProjectTexts } from "~/messages/project-pages";
import { loadProjectChoice } from "~/projects/active-project.server";
import { ChangePasswordDialog } from "~/components/change-password-dialog";
import { SubscriptionCard } from "~/components/subscription-card";
import { VerifyEmailBanner } from "~/components/verify-email-banner";
import { getPublicConfig } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { formError, text, withForm } from "~/lib/form.server";
import { isEmailVerified } from "~db/queries/email-verifications";
import { getSubscription } from "~db/queries/subscriptions";
import { verifyTexts } from "~/messages/account";
import { accountPageTexts } from "~/messages/account-data";
import { adminTexts } from "~/messages/admin";
import { isVerifiedAdmin } from "~db/queries/admins";
import { latestConversationPerType } from "~db/queries/history";
import { CategoryIcon } from "~/components/category-icon";
import { recentWorkByTool, timeAgo, type RecentWork } from "~/history/recent-work";
import { dashboardTexts } from "~/messages/dashboard";
import { PRIVATE_PAGE_HEADERS, privatePageMeta } from "~/lib/page-meta";

export function meta() {
  return privatePageMeta("Dashboard");
}

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { user } = requireUser(request, context);
  const db = getDb();
  const [row, emailVerified, projects, admin, latest] = await Promise.all([
    getSubscription({ db, userId: user.id }),
    isEmailVerified({ db, userId: user.id }),
    loadProjectChoice(user.id),
    isVerifiedAdmin({ db, userId: user.id }),
    latestConversationPerType({ db, userId: user.id }),
  ]);
  const checkout = url.searchParams.get("checkout");
  return {
    email: user.email,
    emailVerified,
    subscription: describeSubscription(row, new Date()),
    testPayments: getPublicConfig().testPayments,
    checkout: checkout === "success" || checkout === "cancelled" ? (checkout as "success" | "cancelled") : null,
    projects,
    admin,
    recentWork: recentWorkByTool(latest),
    /** The server's clock: the cards' "2 hours ago" reads the same in the HTML and after hydration. */
    now: new Date().toISOString(),
  };
}

function RecentWorkLine({ work, now }: { work: RecentWork | undefined; now: string }) {
  return (
    <Text as="p" size="1" color="gray" className="category-recent">
      {work ? dashboardTexts.recentWork(work.title, timeAgo(new Date(work.updatedAt), new Date(now))) : dashboardTexts.noWork}
    </Text>
  );
}

const RESEND_ANSWERS: Record<Exclude<ResendResult, "sent">, { error: string; status: number }> = {
  too_soon: { error: verifyTexts.tooSoon, status: 429 },
  verified: { error: verifyTexts.alreadyVerified, status: 409 },
  unavailable: { error: verifyTexts.unavailable, status: 503 },
};

/** POST intent=resend-verification: the banner's "Resend link". */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = requireUser(request, context);
  return withForm(request, async (form) => {
    const intent = text(form, "intent");
    if (intent === "resend-verification") {
      const result = await resendVerificationLink(request, user);
      if (result === "sent") return { resent: true as const, intent };
      return formError(RESEND_ANSWERS[result].error, RESEND_ANSWERS[result].status, { intent });
    }
    return formError("Unknown action.");
  });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <AppHeader>
        <ActiveProjectPicker projects={loaderData.projects.projects} activeProjectId={loaderData.projects.activeId} />
        <Button asChild variant="soft">
          <Link to="/projects">{activeProjectTexts.manage}</Link>
        </Button>
        <Text size="2" color="gray" className="signed-in-as">
          {dashboardTexts.signedInAs(loaderData.email)}
        </Text>
        <ChangePasswordDialog />
        <Button asChild variant="soft">
          <Link to="/account">{accountPageTexts.menuLink}</Link>
        </Button>
        {loaderData.admin ? (
          <Button asChild variant="soft">
            <Link to="/admin">{adminTexts.menuLink}</Link>
          </Button>
        ) : null}
      </AppHeader>
      <main className="page-main">
        {loaderData.emailVerified ? null : <VerifyEmailBanner email={loaderData.email} />}
        <Heading as="h1" size="8" mb="2">
          {dashboardTexts.heading}
        </Heading>
        <Text as="p" size="3" color="gray" mb="5">
          {dashboardTexts.intro}
        </Text>
        <AllWorkSearch />
        <nav aria-label={dashboardTexts.categories}>
          <ul className="card-grid category-grid">
            {tools.map((tool) => (
              <li key={tool.slug}>
                <Card asChild size="3" className="glass-card category-card">
                  <Link to={toolPath(tool)}>
                    <Flex direction="column" gap="2" height="100%">
                      <CategoryIcon slug={tool.slug} />
                      <Heading as="h2" size="5">
                        {tool.cardLabel}
                      </Heading>
                      <Text as="p" size="2" color="gray">
                        {tool.cardDescription}
                      </Text>
                      <RecentWorkLine work={loaderData.recentWork[tool.slug]} now={loaderData.now} />
                    </Flex>
                  </Link>
                </Card>
              </li>
            ))}
          </ul>
        </nav>
        <SubscriptionCard
          view={loaderData.subscription}
          testPayments={loaderData.testPayments}
          checkout={loaderData.checkout}
        />
      </main>
    </div>
  );
}
