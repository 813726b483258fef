/** The app's outbound e-mail, intercepted (the Worker runs in this isolate and shares `fetch`). */
import { env } from "cloudflare:workers";
import { vi } from "vitest";

export type SentEmail = { to: string[]; from: string; subject: string; text: string; html: string };

/**
 * Intercepts the app's calls to `${EMAIL_API_BASE}/emails` (the Worker runs in this isolate,
 * so it shares `globalThis.fetch`). Anything else outbound fails the test loudly.
 */
export function interceptEmail({ status = 200 }: { status?: number } = {}) {
  const sent: SentEmail[] = [];
  const authorizations: (string | null)[] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url !== `${env.EMAIL_API_BASE}/emails` || request.method !== "POST") {
      throw new Error(`unexpected outbound request ${request.method} ${request.url}`);
    }
    authorizations.push(request.headers.get("Authorization"));
    sent.push((await request.json()) as SentEmail);
    return Response.json({ id: crypto.randomUUID() }, { status });
  });
  return { sent, authorizations, restore: () => spy.mockRestore() };
}

/** The reset link in an e-mail's text, as a path with query. */
export function resetLinkFrom(email: SentEmail): { path: string; token: string } {
  const match = /(https?:\/\/[^\s"<>]+\/password-reset\?token=[A-Za-z0-9]+)/.exec(email.text);
  if (!match?.[1]) throw new Error(`no reset link in e-mail: ${email.text}`);
  const url = new URL(match[1]);
  return { path: `${url.pathname}${url.search}`, token: url.searchParams.get("token") ?? "" };
}

