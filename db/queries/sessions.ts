/** Database-backed sessions: the id is the SHA-256 of the cookie token. */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../client";
import { sessions, users } from "../schema";
import { preparedPerDatabase } from "./prepared";

export async function insertSession({
  db,
  sessionId,
  userId,
  expiresAt,
  now,
}: {
  db: Database;
  sessionId: string;
  userId: string;
  expiresAt: Date;
  now: Date;
}) {
  await db.insert(sessions).values({ id: sessionId, userId, expiresAt, createdAt: now });
}

/** Read on every signed-in request. */
const sessionWithUser = preparedPerDatabase((db) =>
  db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .limit(1)
    .prepare(),
);

export async function findSessionWithUser({ db, sessionId }: { db: Database; sessionId: string }) {
  const rows = await sessionWithUser(db).all({ sessionId });
  return rows[0];
}

export async function extendSession({
  db,
  sessionId,
  expiresAt,
}: {
  db: Database;
  sessionId: string;
  expiresAt: Date;
}) {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

export async function deleteSession({ db, sessionId }: { db: Database; sessionId: string }) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Password change: the new password, and every other session of the user revoked, at once. */
export async function changePasswordAndRevokeOtherSessions({
  db,
  userId,
  passwordHash,
  keepSessionId,
  now,
}: {
  db: Database;
  userId: string;
  passwordHash: string;
  keepSessionId: string;
  now: Date;
}) {
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId)),
    db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))),
  ]);
}

export async function countUserSessions({ db, userId }: { db: Database; userId: string }) {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  return rows.length;
}
