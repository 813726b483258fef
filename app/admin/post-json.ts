/**
 * The console's writes from the browser: POST JSON to an admin API and answer the error to show
 * (the server's own words, or a plain sentence when it was not reached), or what it answered.
 */
import { adminTexts } from "~/messages/admin";

/** The answer's JSON body when it worked, else the error to show. */
export async function postAdminJsonFor<T>(path: string, body: unknown): Promise<{ ok: true; body: T } | { ok: false; error: string }> {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
    if (response.ok) return { ok: true, body: answer as T };
    return { ok: false, error: answer?.error ?? adminTexts.serverAnswered(response.status) };
  } catch {
    return { ok: false, error: adminTexts.unreachable };
  }
}

/** The error to show, or null when it worked. */
export async function postAdminJson(path: string, body: unknown): Promise<string | null> {
  const answer = await postAdminJsonFor<unknown>(path, body);
  return answer.ok ? null : answer.error;
}
