/**
 * Rate limits on the Workers Rate Limiting binding: per client IP for every auth form, and
 * per account for sign-in and reset requests. Windows are one minute, so a burst of wrong
 * passwords slows an attacker down without locking the real owner out for good.
 */
import { getBindings } from "./config.server";

export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

export async function allowAuthAttempt({
  request,
  action,
  account,
}: {
  request: Request;
  action: "signin" | "signup" | "reset";
  account?: string;
}): Promise<boolean> {
  const { AUTH_IP_LIMITER, AUTH_ACCOUNT_LIMITER } = getBindings();
  const ip = await AUTH_IP_LIMITER.limit({ key: `ip:${clientIp(request)}` });
  if (!ip.success) return false;
  if (account) {
    const perAccount = await AUTH_ACCOUNT_LIMITER.limit({ key: `${action}:${account}` });
    if (!perAccount.success) return false;
  }
  return true;
}
