/**
 * The admin audit log (issue 14): append-only. An action writes its entry in the same batch as
 * its change (`auditEntry` gives the insert to put in that batch), so the log never misses a
 * change and never records one that did not happen.
 */
import { desc, lt, or, and, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { adminAudit, users } from "../schema";

export type AuditInput = {
  admin: { id: string; email: string };
  /** A short, stable name: "trial.add-conversations", "prompt.publish", "settings.model", … */
  action: string;
  targetUserId?: string | null;
  /** What was acted on, in words the log shows: an e-mail, a tool's name, "Model settings". */
  target: string;
  before?: unknown;
  after?: unknown;
  now: Date;
};

const asJson = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

const rowOf = (input: AuditInput) => ({
  id: crypto.randomUUID(),
  adminId: input.admin.id,
  adminEmail: input.admin.email,
  action: input.action,
  targetUserId: input.targetUserId ?? null,
  target: input.target,
  before: asJson(input.before),
  after: asJson(input.after),
  createdAt: input.now,
});

/** The insert of one audit entry, to run in the action's own batch. */
export function auditEntry(db: Database, input: AuditInput) {
  return db.insert(adminAudit).values(rowOf(input));
}

/**
 * The insert of an audit entry that applies only when the statement just before it in the same
 * batch changed a row (SQLite's `changes()`, read on the batch's one connection): for a
 * conditional change, the entry is written if and only if the change happened.
 */
export function auditEntryIfChanged(db: Database, input: AuditInput & { targetUserId: string }) {
  const row = rowOf(input);
  const value = <T>(v: T) => sql<T>`${v}`;
  return db.insert(adminAudit).select(
    db
      .select({
        id: value(row.id).as("id"),
        adminId: value(row.adminId).as("admin_id"),
        adminEmail: value(row.adminEmail).as("admin_email"),
        action: value(row.action).as("action"),
        targetUserId: value(row.targetUserId).as("target_user_id"),
        target: value(row.target).as("target"),
        before: value(row.before).as("before"),
        after: value(row.after).as("after"),
        createdAt: value(row.createdAt.getTime()).as("created_at"),
      })
      .from(users)
      .where(and(eq(users.id, input.targetUserId), sql`changes() = 1`)),
  );
}

export type AuditRow = typeof adminAudit.$inferSelect;
export type AuditCursor = { createdAt: Date; id: string };

/** Newest first, `limit` at a time; `after` is the last row of the previous page. */
export async function listAudit({ db, after, limit }: { db: Database; after?: AuditCursor | null; limit: number }): Promise<AuditRow[]> {
  const older = after
    ? or(lt(adminAudit.createdAt, after.createdAt), and(eq(adminAudit.createdAt, after.createdAt), lt(adminAudit.id, after.id)))
    : undefined;
  return db.select().from(adminAudit).where(older).orderBy(desc(adminAudit.createdAt), desc(adminAudit.id)).limit(limit);
}
