/**
 * Password change (asks for the current password) and reset by e-mail link. After either, the
 * writer gets a "your password was changed" e-mail (decision 011). E-mails go out after the
 * answer, so a reset request answers alike for known and unknown addresses.
 */
import { createPasswordResetToken, isPasswordResetTokenUsable, resetPasswordWithToken } from "~db/queries/password-resets";
import { findUserByEmail, findUserById } from "~db/queries/accounts";
import { changePasswordAndRevokeOtherSessions } from "~db/queries/sessions";
import { validation } from "~/messages/account";
import { passwordChangedEmail, resetEmail } from "~/messages/emails";
import { getConfig } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { allowAuthAttempt } from "~/lib/rate-limit.server";
import { appLink, canSendEmail, mailLater, type Background } from "./account-mail.server";
import { tooMany, type Failure } from "./accounts.server";
import { checkPassword } from "./password-check.server";
import { hashPassword } from "./password.server";
import { generateToken, hashToken } from "./tokens.server";
import { normalizeEmail, passwordChangeProblem, resetRequestProblem } from "./validation";

const RESET_PATH = "/password-reset";

function mailPasswordChanged(request: Request, email: string, background: Background) {
  mailLater(background, "password changed", async () => ({
    to: email,
    content: passwordChangedEmail({ email, resetLink: appLink(request, RESET_PATH) }),
  }));
}

export async function changePassword(
  request: Request,
  { userId, email, sessionId }: { userId: string; email: string; sessionId: string },
  input: { currentPassword: string; password: string; confirmPassword: string },
  background: Background,
): Promise<{ ok: true } | Failure> {
  if (!input.currentPassword) return { ok: false, error: validation.currentPasswordRequired, status: 400 };
  const problem = passwordChangeProblem(input);
  if (problem) return { ok: false, error: problem, status: 400 };
  const db = getDb();
  // A stolen session must not be able to guess the current password at leisure.
  const check = await checkPassword({ request, email, password: input.currentPassword, account: () => findUserById({ db, userId }) });
  if (check.result !== "ok") return check.result === "limited" ? tooMany : { ok: false, error: validation.currentPasswordIncorrect, status: 403 };
  const user = check.account;
  await changePasswordAndRevokeOtherSessions({
    db,
    userId,
    passwordHash: await hashPassword(input.password),
    keepSessionId: sessionId,
    now: new Date(),
  });
  mailPasswordChanged(request, user.email, background);
  return { ok: true };
}

/**
 * Always answers the same way, at the same speed, whether or not the account exists: the
 * token and the e-mail are made after the answer. Only missing e-mail configuration is
 * reported, since that is ours and not a hint about the account.
 */
export async function requestPasswordReset(
  request: Request,
  input: { email: string },
  background: Background,
): Promise<{ ok: true } | Failure> {
  const problem = resetRequestProblem(input);
  if (problem) return { ok: false, error: problem, status: 400 };
  const email = normalizeEmail(input.email);
  if (!(await allowAuthAttempt({ request, action: "reset", account: email }))) return tooMany;
  if (!canSendEmail()) {
    console.error("password reset requested, but EMAIL_API_KEY or EMAIL_FROM is not set");
    return { ok: false, error: validation.resetEmailUnavailable, status: 503 };
  }
  mailLater(background, "password reset", async () => {
    const db = getDb();
    const user = await findUserByEmail({ db, email });
    if (!user) return null;
    const token = generateToken();
    await createPasswordResetToken({ db, tokenHash: await hashToken(token), userId: user.id, now: new Date() });
    return { to: user.email, content: resetEmail(appLink(request, RESET_PATH, { token })) };
  });
  return { ok: true };
}

export async function isResetTokenUsable(token: string): Promise<boolean> {
  if (!token || token.length > 100) return false;
  return isPasswordResetTokenUsable({ db: getDb(), tokenHash: await hashToken(token), now: new Date() });
}

export async function completePasswordReset(
  request: Request,
  input: { token: string; password: string; confirmPassword: string },
  background: Background,
): Promise<{ ok: true } | Failure> {
  const problem = passwordChangeProblem(input);
  if (problem) return { ok: false, error: problem, status: 400 };
  if (!input.token || input.token.length > 100) {
    return { ok: false, error: validation.resetLinkInvalid, status: 400 };
  }
  const db = getDb();
  const result = await resetPasswordWithToken({
    db,
    tokenHash: await hashToken(input.token),
    passwordHash: await hashPassword(input.password),
    // Following the link proves the inbox: the reset confirms the address too (decision 011).
    ownerEmail: getConfig().OWNER_EMAIL,
    now: new Date(),
  });
  if (!result.ok) return { ok: false, error: validation.resetLinkInvalid, status: 400 };
  const user = await findUserById({ db, userId: result.userId });
  if (user) mailPasswordChanged(request, user.email, background);
  return { ok: true };
}
