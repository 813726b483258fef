/**
 * Sessions, Lucia-style: a random token in an HttpOnly cookie, its SHA-256 in the database,
 * 30-day sliding expiry (renewed when less than half is left). The cookie is `__Host-`
 * prefixed and Secure whenever the app is served over https.
 */
import type { MiddlewareFunction } from "react-router";
import { authContext, type AuthState, type SessionUser } from "~/lib/auth-context";
import { deleteSession, extendSession, findSessionWithUser, insertSession } from "~db/queries/sessions";
import { getDb } from "~/lib/db.server";
import { appendHeader, hostCookieName, readCookie, responseSetsCookie, serializeCookie } from "~/lib/cookies.server";
import { generateToken, hashToken } from "./tokens.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_WHEN_LEFT_MS = SESSION_TTL_MS / 2;

export function sessionCookieName(request: Request): string {
  return hostCookieName(request, "tws_session");
}

export function sessionCookie(request: Request, token: string, expiresAt: Date): string {
  return serializeCookie(request, sessionCookieName(request), token, {
    maxAgeSeconds: (expiresAt.getTime() - Date.now()) / 1000,
  });
}

export function clearedSessionCookie(request: Request): string {
  return serializeCookie(request, sessionCookieName(request), "", { maxAgeSeconds: 0 });
}

/** Creates a session row and returns the token for the cookie. */
export async function createSession(userId: string, now = new Date()) {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await insertSession({ db: getDb(), sessionId: await hashToken(token), userId, expiresAt, now });
  return { token, expiresAt };
}

/** A fresh token/id pair for callers that insert the session in their own batch. */
export async function newSessionToken(now = new Date()) {
  const token = generateToken();
  return { token, sessionId: await hashToken(token), expiresAt: new Date(now.getTime() + SESSION_TTL_MS) };
}

/** What a session row means at `now`: none, expired (to delete), or valid — renewed until, or not. */
export type SessionVerdict = { status: "none" | "expired" } | { status: "valid"; renewedUntil: Date | null };

export function judgeSession(row: { expiresAt: Date } | undefined, now: Date): SessionVerdict {
  if (!row) return { status: "none" };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: "expired" };
  const renewal = sessionRenewal(now);
  return { status: "valid", renewedUntil: row.expiresAt.getTime() < renewal.before.getTime() ? renewal.until : null };
}

async function validateSessionToken(token: string, now = new Date()) {
  const db = getDb();
  const sessionId = await hashToken(token);
  const row = await findSessionWithUser({ db, sessionId });
  const verdict = judgeSession(row, now);
  if (verdict.status === "expired") await deleteSession({ db, sessionId });
  if (verdict.status !== "valid" || !row) return null;
  if (verdict.renewedUntil) await extendSession({ db, sessionId, expiresAt: verdict.renewedUntil });
  return { user: { id: row.userId, email: row.email }, sessionId, renewedUntil: verdict.renewedUntil };
}

/**
 * The renewal due at `now`: a session expiring before `before` slides to `until` — for a
 * caller that writes it in its own batch (`sessionOfRow`).
 */
export function sessionRenewal(now: Date): { before: Date; until: Date } {
  return { before: new Date(now.getTime() + RENEW_WHEN_LEFT_MS), until: new Date(now.getTime() + SESSION_TTL_MS) };
}

/**
 * A session row read by the caller in its own batch (the generation's one round trip, decision
 * 009), which also wrote the renewal `sessionRenewal(now)` asks for: the same state and cookie
 * `resolveSession` gives. An expired row is deleted before the answer (a 401: no model waits).
 */
export async function sessionOfRow(
  request: Request,
  { token, sessionId, row, now }: { token: string; sessionId: string; row: (SessionUser & { expiresAt: Date }) | undefined; now: Date },
): Promise<{ state: AuthState; pendingCookie?: string }> {
  const verdict = judgeSession(row, now);
  if (verdict.status === "expired") await deleteSession({ db: getDb(), sessionId });
  if (verdict.status !== "valid" || !row) {
    return { state: { status: "invalid", user: null, sessionId: null }, pendingCookie: clearedSessionCookie(request) };
  }
  return {
    state: { status: "valid", user: { id: row.id, email: row.email }, sessionId },
    pendingCookie: verdict.renewedUntil ? sessionCookie(request, token, verdict.renewedUntil) : undefined,
  };
}

export async function invalidateSession(sessionId: string) {
  await deleteSession({ db: getDb(), sessionId });
}

/**
 * The request's session and the cookie to send back: a renewed one when the session slid
 * forward, a cleared one when the cookie names no live session.
 */
export async function resolveSession(request: Request): Promise<{ state: AuthState; pendingCookie?: string }> {
  const token = readCookie(request, sessionCookieName(request));
  if (!token) return { state: { status: "none", user: null, sessionId: null } };
  const result = await validateSessionToken(token);
  if (!result) {
    return { state: { status: "invalid", user: null, sessionId: null }, pendingCookie: clearedSessionCookie(request) };
  }
  return {
    state: { status: "valid", user: result.user, sessionId: result.sessionId },
    pendingCookie: result.renewedUntil ? sessionCookie(request, token, result.renewedUntil) : undefined,
  };
}

/** Sends the cookie `resolveSession` asked for, unless the response already sets one. */
export function withSessionCookie(request: Request, response: Response, pendingCookie: string | undefined): Response {
  if (pendingCookie && !responseSetsCookie(response, sessionCookieName(request))) {
    return appendHeader(response, "Set-Cookie", pendingCookie);
  }
  return response;
}

/**
 * Root middleware: resolves the session once per request, then renews or clears the cookie
 * on the way out unless the route already set one (sign-in, sign-out).
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { state, pendingCookie } = await resolveSession(request);
  context.set(authContext, state);
  return withSessionCookie(request, await next(), pendingCookie);
};
