/**
 * The owner's console (issue 14): writers by e-mail and state, most recently active first, a page
 * at a time (keyset: last activity then id, never-active writers last); one writer's details; and
 * the console's changes to a writer, each in one batch with its audit entry.
 */
import { and, count, desc, eq, gt, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { queryHistory, sessions, usageEvents, userSubscriptions, users } from "../schema";
import { auditEntry, auditEntryIfChanged, type AuditInput } from "./admin-audit";

export type WriterFilter = "trial" | "trial-used-up" | "subscribed" | "past-due" | "admin";
export type WriterCursor = { lastActiveAt: number | null; id: string };

const s = userSubscriptions;

/** The SQL of each state (the same rules as app/admin/writer-state.ts). */
function stateCondition(state: WriterFilter, now: Date): SQL {
  const unlimited = or(eq(s.isAdmin, true), eq(s.isSubscribed, true))!;
  const trialOpen = and(gt(s.queriesRemaining, 0), gt(s.trialEndDate, now))!;
  switch (state) {
    case "admin":
      return eq(s.isAdmin, true);
    case "subscribed":
      return and(eq(s.isAdmin, false), eq(s.isSubscribed, true), sql`coalesce(${s.subscriptionStatus}, '') <> 'past_due'`)!;
    case "past-due":
      return and(eq(s.isAdmin, false), eq(s.isSubscribed, true), eq(s.subscriptionStatus, "past_due"))!;
    case "trial":
      return and(sql`not ${unlimited}`, trialOpen)!;
    case "trial-used-up":
      return and(sql`not ${unlimited}`, sql`not (${trialOpen})`)!;
  }
}

/** After `cursor` in the order: last activity newest first, never-active writers last, then id. */
function after(cursor: WriterCursor): SQL {
  if (cursor.lastActiveAt === null) return and(isNull(users.lastActiveAt), lt(users.id, cursor.id))!;
  const at = new Date(cursor.lastActiveAt);
  return or(lt(users.lastActiveAt, at), and(eq(users.lastActiveAt, at), lt(users.id, cursor.id)), isNull(users.lastActiveAt))!;
}

export async function listWriters({
  db,
  search,
  state,
  cursor,
  limit,
  now = new Date(),
}: {
  db: Database;
  search?: string;
  state?: WriterFilter;
  cursor?: WriterCursor | null;
  limit: number;
  now?: Date;
}) {
  const conditions = [
    // instr, not LIKE: D1 refuses a LIKE pattern over 50 bytes ("pattern too complex"), and a
    // plain substring needs no escaping. Addresses are stored lower-cased.
    search ? sql`instr(${users.email}, ${search.toLowerCase()}) > 0` : undefined,
    state ? stateCondition(state, now) : undefined,
    cursor ? after(cursor) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  return db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      lastActiveAt: users.lastActiveAt,
      isAdmin: s.isAdmin,
      isSubscribed: s.isSubscribed,
      queriesRemaining: s.queriesRemaining,
      trialEndDate: s.trialEndDate,
      subscriptionStatus: s.subscriptionStatus,
    })
    .from(users)
    .innerJoin(s, eq(s.userId, users.id))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(sql`${users.lastActiveAt} is null`, desc(users.lastActiveAt), desc(users.id))
    .limit(limit);
}

export async function readWriter({ db, id }: { db: Database; id: string }) {
  const [[writer], [conversations], recent] = await db.batch([
    db
      .select({
        id: users.id,
        email: users.email,
        createdAt: users.createdAt,
        emailVerifiedAt: users.emailVerifiedAt,
        lastActiveAt: users.lastActiveAt,
        subscription: s,
      })
      .from(users)
      .innerJoin(s, eq(s.userId, users.id))
      .where(eq(users.id, id))
      .limit(1),
    db.select({ n: count() }).from(queryHistory).where(eq(queryHistory.userId, id)),
    db
      .select({
        queryType: usageEvents.queryType,
        model: usageEvents.model,
        inputTokens: usageEvents.inputTokens,
        outputTokens: usageEvents.outputTokens,
        latencyMs: usageEvents.latencyMs,
        firstTokenMs: usageEvents.firstTokenMs,
        outcome: usageEvents.outcome,
        createdAt: usageEvents.createdAt,
      })
      .from(usageEvents)
      .where(eq(usageEvents.userId, id))
      .orderBy(desc(usageEvents.createdAt))
      .limit(20),
  ]);
  return writer ? { ...writer, conversations: conversations?.n ?? 0, recent } : null;
}

type Audit = Omit<AuditInput, "targetUserId">;

/** Adds `n` trial conversations (queries_remaining), with its audit entry. */
export async function addTrialConversations({ db, id, n, audit }: { db: Database; id: string; n: number; audit: Audit }) {
  await db.batch([
    db.update(s).set({ queriesRemaining: sql`${s.queriesRemaining} + ${n}`, updatedAt: audit.now }).where(eq(s.userId, id)),
    auditEntry(db, { ...audit, targetUserId: id }),
  ]);
}

/** Sets the trial's end, with its audit entry. */
export async function setTrialEnd({ db, id, end, audit }: { db: Database; id: string; end: Date; audit: Audit }) {
  await db.batch([db.update(s).set({ trialEndDate: end, updatedAt: audit.now }).where(eq(s.userId, id)), auditEntry(db, { ...audit, targetUserId: id })]);
}

/** Ends every session of the writer, with its audit entry. */
export async function endSessions({ db, id, audit }: { db: Database; id: string; audit: Audit }) {
  await db.batch([db.delete(sessions).where(eq(sessions.userId, id)), auditEntry(db, { ...audit, targetUserId: id })]);
}

/**
 * Makes the writer an admin or not. Removing is one conditional UPDATE — only while another
 * verified admin remains (an unverified one cannot open the console) — so two removals at once can never leave no admin; its audit entry is written
 * in the same batch only if the UPDATE applied. False when it did not apply.
 */
export async function setAdmin({ db, id, admin, audit }: { db: Database; id: string; admin: boolean; audit: Audit }): Promise<boolean> {
  // Only a verified admin can open the console (isVerifiedAdmin), so only they count as another.
  const others = sql`(SELECT count(*) FROM ${s} AS other JOIN ${users} AS person ON person.id = other.user_id
    WHERE other.is_admin = 1 AND person.email_verified_at IS NOT NULL AND other.user_id <> ${id})`;
  const [changed] = await db.batch([
    db
      .update(s)
      .set({ isAdmin: admin, updatedAt: audit.now })
      .where(admin ? eq(s.userId, id) : and(eq(s.userId, id), eq(s.isAdmin, true), sql`${others} > 0`))
      .returning({ id: s.userId }),
    auditEntryIfChanged(db, { ...audit, targetUserId: id }),
  ]);
  return changed.length > 0;
}
