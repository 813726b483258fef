/**
 * Rate limits on the Workers Rate Limiting binding (one-minute windows), decision 011:
 * - per client IP for every auth form;
 * - per account AND client IP, the short limit: a burst of wrong passwords from one place is
 *   slowed down, while the writer signing in from elsewhere is not;
 * - per account across all IPs, a much larger limit: a spread-out guessing run still meets a wall.
 * Nothing locks an account for good.
 */
import { getBindings } from "./config.server";

export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

/** "password": every check of a password (app/auth/password-check.server.ts), one budget per account. */
export type AuthAction = "password" | "signup" | "reset";

export async function allowAuthAttempt({
  request,
  action,
  account,
}: {
  request: Request;
  action: AuthAction;
  account?: string;
}): Promise<boolean> {
  const { AUTH_IP_LIMITER, AUTH_ACCOUNT_LIMITER, AUTH_ACCOUNT_WIDE_LIMITER } = getBindings();
  const ip = clientIp(request);
  if (!(await AUTH_IP_LIMITER.limit({ key: `ip:${ip}` })).success) return false;
  if (!account) return true;
  if (!(await AUTH_ACCOUNT_LIMITER.limit({ key: `${action}:${account}:${ip}` })).success) return false;
  return (await AUTH_ACCOUNT_WIDE_LIMITER.limit({ key: `${action}:${account}` })).success;
}
