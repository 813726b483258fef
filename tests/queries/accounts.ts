import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createAccount, findUserByEmail, findUserById } from "../../db/queries/accounts";
import { PLAN } from "../../app/rules/plan";
import { deleteAccountRows } from "../../db/queries/account-data";
import { sessions, trialMemory, userSubscriptions, users } from "../../db/schema";
import { DAY_MS, makeAccount, newAccount, NOW, uniqueId } from "./fixtures";

async function rowsFor(db: Database, userId: string, sessionId: string) {
  return {
    users: await db.select().from(users).where(eq(users.id, userId)),
    subscriptions: await db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId)),
    sessions: await db.select().from(sessions).where(eq(sessions.id, sessionId)),
  };
}

export function accountQueries(getDb: () => Database) {
  describe("accounts", () => {
    it("createAccount writes the user, the trial subscription and the first session", async () => {
      const db = getDb();
      const account = newAccount();
      expect(await createAccount({ db, account })).toEqual({
        ok: true,
        trial: { conversations: 5, endsAt: new Date(NOW.getTime() + 30 * DAY_MS), remembered: false },
      });

      const rows = await rowsFor(db, account.userId, account.sessionId);
      expect(rows.users).toEqual([
        {
          id: account.userId,
          email: account.email,
          passwordHash: account.passwordHash,
          // Sign-up never verifies the address: the mailed link does (decision 011).
          emailVerifiedAt: null,
          // A new writer works with "No project" (issue 13).
          activeProjectId: null,
          // Nothing generated yet: the owner's writers list puts them last (issue 14).
          lastActiveAt: null,
          createdAt: NOW,
          updatedAt: NOW,
        },
      ]);
      expect(rows.subscriptions).toHaveLength(1);
      expect(rows.subscriptions[0]).toMatchObject({
        userId: account.userId,
        isAdmin: false,
        isSubscribed: false,
        queriesRemaining: 5,
        queriesUsed: 0,
        trialEndDate: new Date(NOW.getTime() + 30 * DAY_MS),
        subscriptionEndDate: null,
        cancelAtPeriodEnd: false,
      });
      // The spec's numbers: a 30-day trial with 5 queries (trial conversations).
      expect(PLAN.trialConversations).toBe(5);
      expect(PLAN.trialDays).toBe(30);
      expect(rows.sessions).toEqual([
        { id: account.sessionId, userId: account.userId, expiresAt: account.sessionExpiresAt, createdAt: NOW },
      ]);
    });

    it("an address whose account was deleted continues that trial (trial_memory), whatever is left of it", async () => {
      const db = getDb();
      const addressHash = uniqueId("address");
      const first = await makeAccount(db, { addressHash });
      await db.update(userSubscriptions).set({ queriesRemaining: 2 }).where(eq(userSubscriptions.userId, first.userId));
      const later = new Date(NOW.getTime() + 3 * DAY_MS);
      await deleteAccountRows({ db, userId: first.userId, addressHash, now: later });
      // Only the hash and the trial's state are kept.
      expect(await db.select().from(trialMemory).where(eq(trialMemory.addressHash, addressHash))).toEqual([
        { addressHash, conversationsLeft: 2, trialEndsAt: new Date(NOW.getTime() + 30 * DAY_MS), updatedAt: later },
      ]);

      const again = newAccount({ email: first.email, addressHash, now: later, trial: { conversations: 5, endsAt: new Date(later.getTime() + 30 * DAY_MS) } });
      expect(await createAccount({ db, account: again })).toEqual({
        ok: true,
        trial: { conversations: 2, endsAt: new Date(NOW.getTime() + 30 * DAY_MS), remembered: true },
      });
      const [row] = await db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, again.userId));
      expect(row).toMatchObject({ queriesRemaining: 2, queriesUsed: 0, trialEndDate: new Date(NOW.getTime() + 30 * DAY_MS) });

      // Deleted again with nothing left: the next account starts with nothing, never fresh.
      await db.update(userSubscriptions).set({ queriesRemaining: 0 }).where(eq(userSubscriptions.userId, again.userId));
      await deleteAccountRows({ db, userId: again.userId, addressHash, now: later });
      const third = newAccount({ email: first.email, addressHash, now: later });
      expect(await createAccount({ db, account: third })).toMatchObject({ ok: true, trial: { conversations: 0, remembered: true } });

      // Another address is not affected.
      expect(await createAccount({ db, account: newAccount() })).toMatchObject({ ok: true, trial: { conversations: 5, remembered: false } });
      // Without a hash (no TRIAL_MEMORY_KEY) a deletion remembers nothing.
      const unkeyed = await makeAccount(db);
      await deleteAccountRows({ db, userId: unkeyed.userId, addressHash: null });
      expect(await db.select().from(trialMemory).where(eq(trialMemory.addressHash, unkeyed.addressHash))).toEqual([]);
    });

    it("stores is_admin for the owner", async () => {
      const db = getDb();
      const account = await makeAccount(db, { isAdmin: true });
      const [row] = await db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, account.userId));
      expect(row?.isAdmin).toBe(true);
    });

    it("a taken e-mail is reported as such and nothing of the second account is written", async () => {
      const db = getDb();
      const first = await makeAccount(db);
      const second = newAccount({ email: first.email });
      expect(await createAccount({ db, account: second })).toEqual({ ok: false, reason: "email_taken" });

      const rows = await rowsFor(db, second.userId, second.sessionId);
      expect(rows).toEqual({ users: [], subscriptions: [], sessions: [] });
      // The first account is untouched.
      expect((await findUserByEmail({ db, email: first.email }))?.id).toBe(first.userId);
      expect((await rowsFor(db, first.userId, first.sessionId)).sessions).toHaveLength(1);
    });

    it("is atomic: when the last statement fails, the user and subscription are not written either", async () => {
      const db = getDb();
      const first = await makeAccount(db);
      // Same session id as an existing one: the third insert hits the primary key.
      const second = newAccount({ sessionId: first.sessionId });
      await expect(createAccount({ db, account: second })).rejects.toThrow();
      const rows = await rowsFor(db, second.userId, "none");
      expect(rows.users).toEqual([]);
      expect(rows.subscriptions).toEqual([]);
      expect(await findUserByEmail({ db, email: second.email })).toBeUndefined();
      // The existing session still belongs to the first user.
      const [session] = await db.select().from(sessions).where(eq(sessions.id, first.sessionId));
      expect(session?.userId).toBe(first.userId);
    });

    it("two concurrent sign-ups with one e-mail: exactly one account", async () => {
      const db = getDb();
      const email = newAccount().email;
      const attempts = Array.from({ length: 5 }, () => newAccount({ email }));
      const results = await Promise.all(attempts.map((account) => createAccount({ db, account })));
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual(
        Array.from({ length: 4 }, () => ({ ok: false, reason: "email_taken" })),
      );
      const winner = attempts[results.findIndex((result) => result.ok)]!;
      expect((await findUserByEmail({ db, email }))?.id).toBe(winner.userId);
      for (const loser of attempts.filter((account) => account !== winner)) {
        expect(await rowsFor(db, loser.userId, loser.sessionId)).toEqual({ users: [], subscriptions: [], sessions: [] });
      }
    });

    it("findUserByEmail and findUserById find exactly that user", async () => {
      const db = getDb();
      const a = await makeAccount(db);
      const b = await makeAccount(db);
      expect(await findUserByEmail({ db, email: a.email })).toEqual({ id: a.userId, email: a.email, passwordHash: a.passwordHash });
      expect(await findUserById({ db, userId: b.userId })).toEqual({ id: b.userId, email: b.email, passwordHash: b.passwordHash });
      expect(await findUserByEmail({ db, email: "nobody@example.com" })).toBeUndefined();
      expect(await findUserById({ db, userId: "no-such-user" })).toBeUndefined();
      // E-mails are stored lower-cased by the caller; the lookup is exact.
      expect(await findUserByEmail({ db, email: a.email.toUpperCase() })).toBeUndefined();
    });
  });
}
