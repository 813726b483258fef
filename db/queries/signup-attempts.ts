/**
 * The hourly sign-up count per client IP (SIGNUP_LIMIT_PER_IP_HOUR, decision 011). A slot is
 * taken with one conditional insert, so concurrent sign-ups from one IP can never exceed the
 * limit; a sign-up that then fails (the e-mail was taken) gives its slot back.
 */
import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { signupAttempts } from "../schema";

export const SIGNUP_WINDOW_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Takes one of the IP's sign-ups for the last hour and, with a daily cap (issue 14's trial
 * guard), one of the day's new trials (UTC day, everyone). "ip": the IP's are all taken; "day":
 * today's are. Both counts and the insert are one statement, so concurrent sign-ups cannot
 * overshoot either limit.
 */
export async function takeSignupSlot({
  db,
  slotId,
  ip,
  limit,
  dailyCap = null,
  now,
}: {
  db: Database;
  slotId: string;
  ip: string;
  limit: number;
  dailyCap?: number | null;
  now: Date;
}): Promise<true | "ip" | "day"> {
  const nowMs = now.getTime();
  const windowStart = nowMs - SIGNUP_WINDOW_MS;
  const dayStart = nowMs - (nowMs % DAY_MS);
  // Rows older than the window and today count for nobody: the table keeps at most a day of sign-ups.
  await db.delete(signupAttempts).where(lt(signupAttempts.createdAt, new Date(Math.min(windowStart, dayStart))));
  const rows = await db.all<{ id: string | null; ipCount: number; dayCount: number }>(sql`
    WITH counts AS (
      SELECT (SELECT count(*) FROM ${signupAttempts}
              WHERE ${signupAttempts.ip} = ${ip} AND ${signupAttempts.createdAt} > ${windowStart}) AS ip_count,
             (SELECT count(*) FROM ${signupAttempts} WHERE ${signupAttempts.createdAt} >= ${dayStart}) AS day_count
    )
    INSERT INTO ${signupAttempts} (id, ip, created_at)
    SELECT ${slotId}, ${ip}, ${nowMs} FROM counts
    WHERE ip_count < ${limit} AND (${dailyCap} IS NULL OR day_count < ${dailyCap})
    RETURNING id`);
  if (rows.length > 0) return true;
  // Refused: say which limit (a second read, only on the refusal path).
  const [ipRow] = await db.all<{ n: number }>(sql`
    SELECT count(*) AS n FROM ${signupAttempts} WHERE ${signupAttempts.ip} = ${ip} AND ${signupAttempts.createdAt} > ${windowStart}`);
  return (ipRow?.n ?? 0) >= limit ? "ip" : "day";
}

export async function releaseSignupSlot({ db, slotId }: { db: Database; slotId: string }) {
  await db.delete(signupAttempts).where(eq(signupAttempts.id, slotId));
}
