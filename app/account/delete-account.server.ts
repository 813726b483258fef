/**
 * Deleting an account and everything in it (issue 14): any live Stripe subscription of the
 * writer is cancelled at once first — if Stripe cannot be reached, nothing is deleted, so no
 * one is left paying for an account that is gone — then every row of the writer goes in one
 * batch, and a confirmation is mailed once the answer is out. Used by the writer's own "Delete
 * my account" and by the owner's console.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { getStripe } from "~/billing/stripe.server";
import { listLiveSubscriptions } from "~/billing/duplicates.server";
import { getDb } from "~/lib/db.server";
import { mailLater, type Background } from "~/auth/account-mail.server";
import { addressHash } from "~/auth/address-hash.server";
import { accountDeleteTexts } from "~/messages/account-data";
import { accountDeletedEmail } from "~/messages/emails";
import { deleteAccountRows, readAccount, type StoredAccount } from "~db/queries/account-data";

export class SubscriptionCancelError extends Error {}

/** Cancels now every subscription of the writer's Stripe customer that is still live; how many. */
async function cancelSubscriptions(subscription: StoredAccount["subscription"]): Promise<number> {
  const customerId = subscription?.stripeCustomerId;
  if (!customerId) return 0;
  try {
    const { stripe } = getStripe();
    const live = await listLiveSubscriptions(stripe, customerId);
    for (const one of live) await stripe.subscriptions.cancel(one.id);
    return live.length;
  } catch (error) {
    console.error("account deletion: cancelling the subscription failed", error);
    throw new SubscriptionCancelError(accountDeleteTexts.stripeFailed);
  }
}

/** Deletes the account `userId` with all its data; false when there is no such account. */
/** `audit`: the console's audit entry for the deletion, written in the same batch as the deletes. */
export async function deleteAccountAndData({ userId, background, audit }: { userId: string; background: Background; audit?: BatchItem<"sqlite"> }) {
  const db = getDb();
  const account = await readAccount({ db, userId });
  if (!account) return { deleted: false as const };
  const cancelledSubscriptions = await cancelSubscriptions(account.subscription);
  // What is left of the trial stays with the address (as a keyed hash only): a new account on it
  // continues it. Without the key (logged as a missing setting) the account is still deleted.
  const hash = await addressHash(account.user.email);
  if (hash === null) console.error("account deletion: TRIAL_MEMORY_KEY is not set, so the address's trial is not remembered");
  await deleteAccountRows({ db, userId, audit, addressHash: hash });
  const { email } = account.user;
  mailLater(background, "account deleted", async () => ({
    to: email,
    content: accountDeletedEmail(email),
  }));
  return { deleted: true as const, cancelledSubscriptions };
}
