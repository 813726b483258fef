/**
 * The console's writes from the browser: POST JSON to an admin API and answer the error to show
 * (the server's own words, or a plain sentence when it was not reached), or null when it worked.
 */
import { adminTexts } from "~/messages/admin";

export async function postAdminJson(path: string, body: unknown): Promise<string | null> {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    if (response.ok) return null;
    const answer = (await response.json().catch(() => null)) as { error?: string } | null;
    return answer?.error ?? adminTexts.serverAnswered(response.status);
  } catch {
    return adminTexts.unreachable;
  }
}
