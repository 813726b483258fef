/**
 * Transactional e-mail over an HTTP e-mail API (Resend's request shape). Locally `npm start`
 * points EMAIL_API_BASE at the stand-in mailbox; without a key this refuses to send rather
 * than pretending to.
 */
import { getConfig, MissingConfigError } from "./config.server";

export type OutgoingEmail = { to: string; subject: string; text: string; html: string };

const DEFAULT_EMAIL_API_BASE = "https://api.resend.com";

export async function sendEmail(email: OutgoingEmail): Promise<void> {
  const config = getConfig();
  const missing = [
    ...(config.EMAIL_API_KEY ? [] : ["EMAIL_API_KEY"]),
    ...(config.EMAIL_FROM ? [] : ["EMAIL_FROM"]),
  ];
  if (missing.length > 0) throw new MissingConfigError(missing);
  const base = config.EMAIL_API_BASE ?? DEFAULT_EMAIL_API_BASE;
  const response = await fetch(new URL("/emails", base), {
    method: "POST",
    headers: {
      Authorization: `Bearer ${config.EMAIL_API_KEY}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({ ...email, from: config.EMAIL_FROM, to: [email.to] }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) {
    const detail = await response.text().catch(() => "");
    throw new Error(`E-mail API answered ${response.status}: ${detail.slice(0, 200)}`);
  }
}
