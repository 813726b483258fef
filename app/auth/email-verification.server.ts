/**
 * E-mail confirmation (decision 011): sign-up sends a single-use link, the dashboard can send
 * another (at most one a minute, five a day), and opening it verifies the address. Only a
 * verified `OWNER_EMAIL` account is ever made admin.
 */
import { getConfig } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { sendEmail } from "~/lib/email.server";
import { verificationEmail } from "~/messages/emails";
import { issueVerificationToken, verifyEmailWithToken, type VerifyResult } from "~db/queries/email-verifications";
import { appLink, canSendEmail, mailLater, type Background } from "./account-mail.server";
import { generateToken, hashToken } from "./tokens.server";

export const VERIFY_PATH = "/verify-email";

type Writer = { id: string; email: string };

async function issueLink(request: Request, writer: Writer) {
  const token = generateToken();
  const issued = await issueVerificationToken({ db: getDb(), tokenHash: await hashToken(token), userId: writer.id, now: new Date() });
  return { issued, link: appLink(request, VERIFY_PATH, { token }) };
}

/** Sign-up: the first link, sent after the answer so sign-up never waits on e-mail. */
export function sendFirstVerificationLink(request: Request, writer: Writer, background: Background) {
  mailLater(background, "confirmation", async () => {
    const { issued, link } = await issueLink(request, writer);
    return issued === "issued" ? { to: writer.email, content: verificationEmail(link) } : null;
  });
}

export type ResendResult = "sent" | "too_soon" | "verified" | "unavailable";

/** The dashboard's "Resend link": the writer waits for it, so a delivery fault is reported. */
export async function resendVerificationLink(request: Request, writer: Writer): Promise<ResendResult> {
  if (!canSendEmail()) return "unavailable";
  const { issued, link } = await issueLink(request, writer);
  if (issued !== "issued") return issued;
  try {
    await sendEmail({ to: writer.email, ...verificationEmail(link) });
    return "sent";
  } catch (error) {
    console.error("confirmation e-mail failed", error);
    return "unavailable";
  }
}

export async function confirmEmail(token: string): Promise<VerifyResult> {
  if (!token || token.length > 100) return { ok: false };
  return verifyEmailWithToken({
    db: getDb(),
    tokenHash: await hashToken(token),
    ownerEmail: getConfig().OWNER_EMAIL,
    now: new Date(),
  });
}
