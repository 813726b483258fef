/**
 * The console's actions on a writer (issue 14): validated and applied with their audit entry.
 * Unknown writer → 404, bad number → 400, last admin → 409 (thrown as the API's failures);
 * nothing changes on any refusal.
 */
import { deleteAccountAndData, SubscriptionCancelError } from "~/account/delete-account.server";
import { DAY_MS } from "~/rules/plan";
import { fail, found } from "~/lib/api-failure";
import { getDb } from "~/lib/db.server";
import type { Background } from "~/lib/execution-context.server";
import { adminErrors } from "~/messages/admin";
import { auditEntry } from "~db/queries/admin-audit";
import { addTrialConversations, endSessions, readWriter, setAdmin, setTrialEnd } from "~db/queries/admin-writers";
import type { Admin } from "./guard.server";

export const WRITER_ACTIONS = ["add-conversations", "extend-trial", "sign-out", "make-admin", "remove-admin", "delete"] as const;
export type WriterAction = (typeof WRITER_ACTIONS)[number];
export const AMOUNT_LIMITS = { "add-conversations": { min: 1, max: 100 }, "extend-trial": { min: 1, max: 365 } } as const;

function amountOf(action: keyof typeof AMOUNT_LIMITS, value: unknown): number | null {
  const { min, max } = AMOUNT_LIMITS[action];
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? value : null;
}

type Input = { admin: Admin; writerId: string; action: string; amount?: unknown; background: Background };

export async function runWriterAction({ admin, writerId, action, amount, background }: Input): Promise<void> {
  if (!WRITER_ACTIONS.includes(action as WriterAction)) throw fail("not-found", adminErrors.unknownAction);
  const db = getDb();
  const writer = found(await readWriter({ db, id: writerId }), () => fail("not-found", adminErrors.notFound));
  const now = new Date();
  const audit = { admin, action, target: writer.email, now };
  const sub = writer.subscription;
  if (action === "add-conversations" || action === "extend-trial") {
    const n = amountOf(action, amount);
    if (n === null) throw fail("invalid", adminErrors.amount(AMOUNT_LIMITS[action].min, AMOUNT_LIMITS[action].max));
    if (action === "add-conversations") {
      await addTrialConversations({ db, id: writerId, n, audit: { ...audit, before: sub.queriesRemaining, after: sub.queriesRemaining + n } });
    } else {
      const from = Math.max(now.getTime(), sub.trialEndDate?.getTime() ?? 0);
      const end = new Date(from + n * DAY_MS);
      await setTrialEnd({ db, id: writerId, end, audit: { ...audit, before: sub.trialEndDate?.toISOString() ?? null, after: end.toISOString() } });
    }
  } else if (action === "sign-out") {
    await endSessions({ db, id: writerId, audit });
  } else if (action === "make-admin" || action === "remove-admin") {
    const admin_ = action === "make-admin";
    const applied = await setAdmin({ db, id: writerId, admin: admin_, audit: { ...audit, before: sub.isAdmin, after: admin_ } });
    if (!applied) throw fail("conflict", adminErrors.lastAdmin);
  } else {
    if (writerId === admin.id) throw fail("conflict", adminErrors.self);
    try {
      const entry = auditEntry(db, { ...audit, targetUserId: writerId, before: { email: writer.email }, after: null });
      await deleteAccountAndData({ userId: writerId, background, audit: entry });
    } catch (error) {
      if (error instanceof SubscriptionCancelError) throw fail("upstream", error.message);
      throw error;
    }
  }
}
