/**
 * E-mail confirmation (decision 011): sign-up sends a single-use link, the dashboard can send
 * another (at most one a minute, five a day). Opening the link shows a page; the address is
 * confirmed from that page by the account itself (its session or its password), or by a
 * completed password reset. Only a verified `OWNER_EMAIL` account is ever made admin.
 */
import { getConfig } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { sendEmail } from "~/lib/email.server";
import { verificationEmail } from "~/messages/emails";
import { findUserById } from "~db/queries/accounts";
import { findVerificationToken, issueVerificationToken, verifyEmailWithToken, withdrawVerificationToken } from "~db/queries/email-verifications";
import { appLink, canSendEmail, type Background } from "./account-mail.server";
import { checkPassword } from "./password-check.server";
import { generateToken, hashToken } from "./tokens.server";

export const VERIFY_PATH = "/verify-email";

type Writer = { id: string; email: string };

export type ResendResult = "sent" | "too_soon" | "verified" | "unavailable";

/**
 * Stores a new link's token and mails it. A delivery that fails takes its token back out, so it
 * does not use up the one-a-minute slot (or a day's five): the next resend goes out at once.
 */
async function sendLink(request: Request, writer: Writer): Promise<ResendResult> {
  const db = getDb();
  const token = generateToken();
  const tokenHash = await hashToken(token);
  const issued = await issueVerificationToken({ db, tokenHash, userId: writer.id, now: new Date() });
  if (issued !== "issued") return issued;
  try {
    await sendEmail({ to: writer.email, ...verificationEmail(appLink(request, VERIFY_PATH, { token })) });
    return "sent";
  } catch (error) {
    console.error("confirmation e-mail failed", error);
    await withdrawVerificationToken({ db, tokenHash });
    return "unavailable";
  }
}

/** Sign-up: the first link, sent after the answer so sign-up never waits on e-mail. */
export function sendFirstVerificationLink(request: Request, writer: Writer, background: Background) {
  background(() => sendLink(request, writer));
}

/** The dashboard's "Resend link": the writer waits for it, so a delivery fault is reported. */
export async function resendVerificationLink(request: Request, writer: Writer): Promise<ResendResult> {
  if (!canSendEmail()) return "unavailable";
  return sendLink(request, writer);
}

const usableToken = (token: string) => token.length > 0 && token.length <= 100;

/** Whose address an open link confirms — reading only: opening a link never confirms anything. */
export async function readVerificationLink(token: string) {
  if (!usableToken(token)) return null;
  return findVerificationToken({ db: getDb(), tokenHash: await hashToken(token), now: new Date() });
}

export type ConfirmResult =
  | { ok: true; userId: string; isAdmin: boolean; signedIn: boolean }
  | { ok: false; reason: "invalid" | "other-account" | "password-required" | "wrong-password" | "limited" };

/**
 * Confirms the address a link was sent for (decision 011). Only the account itself may: with its
 * own signed-in session, or — signed out — with its password (checked through the one password
 * limiter); a password that proves it also signs the writer in (`signedIn`). A visitor who does
 * not know the password is offered a reset instead, which proves the inbox on its own.
 */
export async function confirmEmail(
  request: Request,
  { token, viewer, password }: { token: string; viewer: { id: string } | null; password: string },
): Promise<ConfirmResult> {
  const link = await readVerificationLink(token);
  if (!link) return { ok: false, reason: "invalid" };
  if (viewer && viewer.id !== link.userId) return { ok: false, reason: "other-account" };
  if (!viewer) {
    if (!password) return { ok: false, reason: "password-required" };
    const check = await checkPassword({ request, email: link.email, password, account: () => findUserById({ db: getDb(), userId: link.userId }) });
    if (check.result !== "ok") return { ok: false, reason: check.result === "limited" ? "limited" : "wrong-password" };
  }
  const result = await verifyEmailWithToken({
    db: getDb(),
    tokenHash: await hashToken(token),
    userId: link.userId,
    ownerEmail: getConfig().OWNER_EMAIL,
    now: new Date(),
  });
  return result.ok ? { ...result, signedIn: viewer === null } : { ok: false, reason: "invalid" };
}
