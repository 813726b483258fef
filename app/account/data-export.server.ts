/** Reads everything a writer's account holds, for "Download all my data" (data-zip.ts), a page of conversations at a time. */
import { getDb } from "~/lib/db.server";
import { parseDetails } from "~/history/titles";
import { bundleBible } from "~/projects/bundle/bundle-bible";
import { bundleConversation } from "~/projects/bundle/bundle.server";
import { readAccount, type StoredAccount } from "~db/queries/account-data";
import { countConversations, listConversationsPage, type ConversationCursor } from "~db/queries/project-bundle";
import { listProjectsWithEntries } from "~db/queries/projects";
import type { AccountHead, DataConversation } from "./data-zip";

/** Conversations read and written per step: a page's threads are what the export holds in memory. */
const CONVERSATIONS_PER_PAGE = 50;

function accountJson({ user, subscription }: StoredAccount, conversations: number, projects: number): AccountHead["account"] {
  return {
    email: user.email,
    createdAt: user.createdAt.toISOString(),
    emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
    plan: subscription && {
      admin: subscription.isAdmin,
      subscribed: subscription.isSubscribed,
      trialConversationsLeft: subscription.queriesRemaining,
      trialConversationsUsed: subscription.queriesUsed,
      trialEnds: subscription.trialEndDate?.toISOString() ?? null,
      subscriptionEnds: subscription.subscriptionEndDate?.toISOString() ?? null,
      subscriptionStatus: subscription.subscriptionStatus,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      stripeCustomerId: subscription.stripeCustomerId,
      stripeSubscriptionId: subscription.stripeSubscriptionId,
    },
    conversations,
    projects,
  };
}

/** The account, its bibles and how many conversations it has; and its conversations, a page at a time. */
export async function readAccountExport(userId: string): Promise<{ head: AccountHead; pages: AsyncGenerator<DataConversation[]> } | null> {
  const db = getDb();
  const [account, conversationCount, projects] = await Promise.all([
    readAccount({ db, userId }),
    countConversations({ db, userId }),
    listProjectsWithEntries({ db, userId }),
  ]);
  if (!account) return null;
  const titles = new Map(projects.map((project) => [project.id, project.title]));

  async function* pages(): AsyncGenerator<DataConversation[]> {
    let after: ConversationCursor | null = null;
    for (;;) {
      const rows = await listConversationsPage({ db, userId, after, limit: CONVERSATIONS_PER_PAGE });
      if (rows.length === 0) return;
      yield rows.map((row) => ({
        ...bundleConversation(row),
        projectTitle: row.projectId ? (titles.get(row.projectId) ?? null) : null,
        details: parseDetails(row.details),
      }));
      if (rows.length < CONVERSATIONS_PER_PAGE) return;
      const last = rows[rows.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  return {
    head: { account: accountJson(account, conversationCount, projects.length), conversationCount, bibles: projects.map(bundleBible) },
    pages: pages(),
  };
}
