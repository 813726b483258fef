/**
 * The hourly sign-up count per client IP (SIGNUP_LIMIT_PER_IP_HOUR, decision 011). A slot is
 * taken with one conditional insert, so concurrent sign-ups from one IP can never exceed the
 * limit; a sign-up that then fails (the e-mail was taken) gives its slot back.
 */
import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { signupAttempts } from "../schema";

export const SIGNUP_WINDOW_MS = 60 * 60 * 1000;

/** Takes one of the IP's sign-ups for the last hour; false when they are all taken. */
export async function takeSignupSlot({
  db,
  slotId,
  ip,
  limit,
  now,
}: {
  db: Database;
  slotId: string;
  ip: string;
  limit: number;
  now: Date;
}): Promise<boolean> {
  const nowMs = now.getTime();
  const windowStart = nowMs - SIGNUP_WINDOW_MS;
  // Rows older than the window count for nobody: keep the table to about an hour of sign-ups.
  await db.delete(signupAttempts).where(lt(signupAttempts.createdAt, new Date(windowStart)));
  const taken = await db.all<{ id: string }>(sql`
    INSERT INTO ${signupAttempts} (id, ip, created_at)
    SELECT ${slotId}, ${ip}, ${nowMs}
    WHERE (SELECT count(*) FROM ${signupAttempts}
           WHERE ${signupAttempts.ip} = ${ip} AND ${signupAttempts.createdAt} > ${windowStart}) < ${limit}
    RETURNING id`);
  return taken.length > 0;
}

export async function releaseSignupSlot({ db, slotId }: { db: Database; slotId: string }) {
  await db.delete(signupAttempts).where(eq(signupAttempts.id, slotId));
}
