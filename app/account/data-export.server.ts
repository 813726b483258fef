/** Reads everything a writer's account holds, for "Download all my data" (data-zip.ts). */
import { getDb } from "~/lib/db.server";
import { parseDetails } from "~/history/titles";
import { bundleBible } from "~/projects/bundle/bundle-bible";
import { bundleConversation } from "~/projects/bundle/bundle.server";
import { readAccount } from "~db/queries/account-data";
import { listAllConversations } from "~db/queries/project-bundle";
import { listProjectsWithEntries } from "~db/queries/projects";
import type { AccountData } from "./data-zip";

export async function readAccountData(userId: string): Promise<AccountData | null> {
  const db = getDb();
  const [account, conversations, projects] = await Promise.all([
    readAccount({ db, userId }),
    listAllConversations({ db, userId }),
    listProjectsWithEntries({ db, userId }),
  ]);
  if (!account) return null;
  const { user, subscription } = account;
  const titles = new Map(projects.map((project) => [project.id, project.title]));
  return {
    account: {
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
      conversations: conversations.length,
      projects: projects.length,
    },
    conversations: conversations.map((row) => ({
      ...bundleConversation(row),
      projectTitle: row.projectId ? (titles.get(row.projectId) ?? null) : null,
      details: parseDetails(row.details),
    })),
    bibles: projects.map(bundleBible),
  };
}
