/** The app's outbound e-mail, intercepted (the Worker runs in this isolate and shares `fetch`). */
import { env } from "cloudflare:workers";
import { vi } from "vitest";

export type SentEmail = { to: string[]; from: string; subject: string; text: string; html: string };

/**
 * Intercepts the app's calls to `${EMAIL_API_BASE}/emails` (the Worker runs in this isolate,
 * so it shares `globalThis.fetch`). Anything else outbound fails the test loudly.
 *
 * E-mails go out after the answer (waitUntil): wait for them with `eventually`. Every sign-up
 * sends a confirmation link; those are kept apart in `confirmations`, so a test about another
 * e-mail is not confused by a sign-up that happened just before. `hold` keeps every delivery
 * pending until `release()`, to show that an answer does not wait for its e-mail.
 */
export function interceptEmail({ status = 200, hold = false }: { status?: number; hold?: boolean } = {}) {
  const sent: SentEmail[] = [];
  const confirmations: SentEmail[] = [];
  const authorizations: (string | null)[] = [];
  let release = () => {};
  const held = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url !== `${env.EMAIL_API_BASE}/emails` || request.method !== "POST") {
      throw new Error(`unexpected outbound request ${request.method} ${request.url}`);
    }
    const email = (await request.json()) as SentEmail;
    if (email.subject === CONFIRMATION_SUBJECT) {
      confirmations.push(email);
      return Response.json({ id: crypto.randomUUID() });
    }
    authorizations.push(request.headers.get("Authorization"));
    sent.push(email);
    await held;
    return Response.json({ id: crypto.randomUUID() }, { status });
  });
  return { sent, confirmations, authorizations, release: () => release(), restore: () => spy.mockRestore() };
}

export const CONFIRMATION_SUBJECT = "Confirm your e-mail for The Write Stuff";

/** The reset link in an e-mail's text, as a path with query. */
export function resetLinkFrom(email: SentEmail): { path: string; token: string } {
  const match = /(https?:\/\/[^\s"<>]+\/password-reset\?token=[A-Za-z0-9]+)/.exec(email.text);
  if (!match?.[1]) throw new Error(`no reset link in e-mail: ${email.text}`);
  const url = new URL(match[1]);
  return { path: `${url.pathname}${url.search}`, token: url.searchParams.get("token") ?? "" };
}


/**
 * Records the app's e-mails while letting every other outbound request through (the model
 * stand-in, Stripe's): for tests that send mail in the middle of other work.
 */
export function captureEmail() {
  const sent: SentEmail[] = [];
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url !== `${env.EMAIL_API_BASE}/emails` || request.method !== "POST") return realFetch(input, init);
    sent.push((await request.json()) as SentEmail);
    return Response.json({ id: crypto.randomUUID() });
  });
  return { sent, restore: () => spy.mockRestore() };
}

/** The confirmation link in an e-mail's text, as a path with query. */
export function verifyLinkFrom(email: SentEmail): { path: string; token: string } {
  const match = /(https?:\/\/[^\s"<>]+\/verify-email\?token=[A-Za-z0-9]+)/.exec(email.text);
  if (!match?.[1]) throw new Error(`no confirmation link in e-mail: ${email.text}`);
  const url = new URL(match[1]);
  return { path: `${url.pathname}${url.search}`, token: url.searchParams.get("token") ?? "" };
}
