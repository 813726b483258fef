/**
 * Account flows: sign-up, sign-in, password change and reset. Routes turn the results into
 * HTTP; these functions own the rules (validation, hashing, rate limits, atomic writes).
 */
import { PLAN, trialEndsAt } from "~/billing/plan";
import { createAccount, findUserByEmail, findUserById } from "~db/queries/accounts";
import {
  createPasswordResetToken,
  isPasswordResetTokenUsable,
  resetPasswordWithToken,
} from "~db/queries/password-resets";
import { changePasswordAndRevokeOtherSessions } from "~db/queries/sessions";
import { resetTexts, validation } from "~/messages/account";
import { getConfig } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { sendEmail } from "~/lib/email.server";
import { allowAuthAttempt } from "~/lib/rate-limit.server";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password.server";
import { createSession, newSessionToken } from "./session.server";
import { generateToken, hashToken } from "./tokens.server";
import {
  normalizeEmail,
  passwordChangeProblem,
  resetRequestProblem,
  signInProblem,
  signUpProblem,
} from "./validation";

type Failure = { ok: false; error: string; status: number };
type SignedIn = { ok: true; userId: string; token: string; expiresAt: Date };
type SignedUp = SignedIn & { isAdmin: boolean };

const tooMany: Failure = { ok: false, error: validation.tooManyAttempts, status: 429 };

export async function signUp(
  request: Request,
  input: { email: string; password: string; confirmPassword: string },
): Promise<SignedUp | Failure> {
  const problem = signUpProblem(input);
  if (problem) return { ok: false, error: problem, status: 400 };
  const email = normalizeEmail(input.email);
  if (!(await allowAuthAttempt({ request, action: "signup" }))) return tooMany;

  const db = getDb();
  const now = new Date();
  const session = await newSessionToken(now);
  const userId = crypto.randomUUID();
  const isAdmin = getConfig().OWNER_EMAIL === email;
  const result = await createAccount({
    db,
    account: {
      userId,
      email,
      passwordHash: await hashPassword(input.password),
      isAdmin,
      sessionId: session.sessionId,
      sessionExpiresAt: session.expiresAt,
      trial: { conversations: PLAN.trialConversations, endsAt: trialEndsAt(now) },
      now,
    },
  });
  if (!result.ok) return { ok: false, error: validation.emailTaken, status: 409 };
  return { ok: true, userId, token: session.token, expiresAt: session.expiresAt, isAdmin };
}

export async function signIn(
  request: Request,
  input: { email: string; password: string },
): Promise<SignedIn | Failure> {
  const problem = signInProblem(input);
  if (problem) return { ok: false, error: problem, status: 400 };
  const email = normalizeEmail(input.email);
  if (!(await allowAuthAttempt({ request, action: "signin", account: email }))) return tooMany;

  const user = await findUserByEmail({ db: getDb(), email });
  if (!user) {
    await burnPasswordCheck(input.password);
    return { ok: false, error: validation.signInInvalid, status: 401 };
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    return { ok: false, error: validation.signInInvalid, status: 401 };
  }
  const session = await createSession(user.id);
  return { ok: true, userId: user.id, ...session };
}

export async function changePassword(
  { userId, sessionId }: { userId: string; sessionId: string },
  input: { password: string; confirmPassword: string },
): Promise<{ ok: true } | Failure> {
  const problem = passwordChangeProblem(input);
  if (problem) return { ok: false, error: problem, status: 400 };
  const db = getDb();
  if (!(await findUserById({ db, userId }))) {
    return { ok: false, error: validation.passwordChangeFailed, status: 404 };
  }
  await changePasswordAndRevokeOtherSessions({
    db,
    userId,
    passwordHash: await hashPassword(input.password),
    keepSessionId: sessionId,
    now: new Date(),
  });
  return { ok: true };
}

/**
 * Always answers the same way whether or not the account exists; only a configuration or
 * delivery fault is reported, since that is ours and not a hint about the account.
 */
export async function requestPasswordReset(
  request: Request,
  input: { email: string },
): Promise<{ ok: true } | Failure> {
  const problem = resetRequestProblem(input);
  if (problem) return { ok: false, error: problem, status: 400 };
  const email = normalizeEmail(input.email);
  if (!(await allowAuthAttempt({ request, action: "reset", account: email }))) return tooMany;

  const db = getDb();
  const user = await findUserByEmail({ db, email });
  if (!user) return { ok: true };
  const token = generateToken();
  const now = new Date();
  await createPasswordResetToken({ db, tokenHash: await hashToken(token), userId: user.id, now });
  const link = new URL("/password-reset", getConfig().APP_URL ?? new URL(request.url).origin);
  link.searchParams.set("token", token);
  try {
    await sendEmail({
      to: user.email,
      subject: resetTexts.emailSubject,
      text: resetEmailText(link.toString()),
      html: resetEmailHtml(link.toString()),
    });
  } catch (error) {
    console.error("password reset e-mail failed", error);
    return { ok: false, error: validation.resetEmailUnavailable, status: 503 };
  }
  return { ok: true };
}

export async function isResetTokenUsable(token: string): Promise<boolean> {
  if (!token || token.length > 100) return false;
  return isPasswordResetTokenUsable({ db: getDb(), tokenHash: await hashToken(token), now: new Date() });
}

export async function completePasswordReset(input: {
  token: string;
  password: string;
  confirmPassword: string;
}): Promise<{ ok: true } | Failure> {
  const problem = passwordChangeProblem(input);
  if (problem) return { ok: false, error: problem, status: 400 };
  if (!input.token || input.token.length > 100) {
    return { ok: false, error: validation.resetLinkInvalid, status: 400 };
  }
  const result = await resetPasswordWithToken({
    db: getDb(),
    tokenHash: await hashToken(input.token),
    passwordHash: await hashPassword(input.password),
    now: new Date(),
  });
  return result.ok ? { ok: true } : { ok: false, error: validation.resetLinkInvalid, status: 400 };
}

function resetEmailText(link: string): string {
  return [
    "Someone (hopefully you) asked to reset the password of your The Write Stuff account.",
    "",
    `Choose a new password here: ${link}`,
    "",
    "The link works once and expires in one hour. If you did not ask for this, ignore this e-mail: your password stays as it is.",
  ].join("\n");
}

function resetEmailHtml(link: string): string {
  const safe = link.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<p>Someone (hopefully you) asked to reset the password of your The Write Stuff account.</p>
<p><a href="${safe}">Choose a new password</a></p>
<p>The link works once and expires in one hour. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`;
}
