/** Shared helpers for the query suite: fresh accounts with unique ids, on either driver. */
import type { Database } from "../../db/client";
import { createAccount, type NewAccount } from "../../db/queries/accounts";
import { PLAN, trialEndsAt } from "../../app/rules/plan";

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

/** A fixed clock: results must not depend on when the suite runs. */
export const NOW = new Date("2026-03-01T12:00:00.000Z");

let counter = 0;

export function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}-${crypto.randomUUID()}`;
}

export function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  const userId = uniqueId("user");
  return {
    userId,
    email: `${userId}@example.com`,
    passwordHash: `hash-of-${userId}`,
    isAdmin: false,
    sessionId: uniqueId("session"),
    sessionExpiresAt: new Date(NOW.getTime() + 30 * DAY_MS),
    trial: { conversations: PLAN.trialConversations, endsAt: trialEndsAt(NOW) },
    addressHash: uniqueId("address"),
    now: NOW,
    ...overrides,
  };
}

/** Creates an account and fails loudly if the query layer refuses it. */
export async function makeAccount(db: Database, overrides: Partial<NewAccount> = {}): Promise<NewAccount> {
  const account = newAccount(overrides);
  const result = await createAccount({ db, account });
  if (!result.ok) throw new Error(`could not create ${account.email}: ${result.reason}`);
  return account;
}
