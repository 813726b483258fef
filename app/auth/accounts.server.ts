/**
 * Sign-up and sign-in. Routes turn the results into HTTP; these functions own the rules
 * (validation, hashing, rate limits, atomic writes). Password change and reset: password-flows.
 */
import { PLAN, trialEndsAt } from "~/rules/plan";
import { createAccount, findUserByEmail, type StartedTrial } from "~db/queries/accounts";
import { releaseSignupSlot, takeSignupSlot } from "~db/queries/signup-attempts";
import { trialGuard } from "~/settings/trial-guard.server";
import { trialGuardTexts } from "~/messages/admin-prompts";
import { validation } from "~/messages/account";
import { getDb } from "~/lib/db.server";
import { allowAuthAttempt, clientIp } from "~/lib/rate-limit.server";
import type { Background } from "./account-mail.server";
import { addressHash } from "./address-hash.server";
import { sendFirstVerificationLink } from "./email-verification.server";
import { checkPassword } from "./password-check.server";
import { hashPassword } from "./password.server";
import { createSession, newSessionToken } from "./session.server";
import { normalizeEmail, signInProblem, signUpProblem } from "./validation";

export type Failure = { ok: false; error: string; status: number };
type SignedIn = { ok: true; userId: string; token: string; expiresAt: Date };
type SignedUp = SignedIn & { trial: StartedTrial };

export const tooMany: Failure = { ok: false, error: validation.tooManyAttempts, status: 429 };
const tooManySignUps: Failure = { ok: false, error: validation.tooManySignUps, status: 429 };
const dailyCapReached: Failure = { ok: false, error: trialGuardTexts.dailyCapReached, status: 429 };
const signUpUnavailable: Failure = { ok: false, error: validation.signUpUnavailable, status: 503 };

/**
 * A new account with its trial. Never admin: the owner's address becomes admin only once the
 * address has been confirmed (decision 011). Each client IP gets the trial guard's sign-ups an
 * hour (default SIGNUP_LIMIT_PER_IP_HOUR), everyone together its optional daily cap, counted in
 * the database (a sign-up that fails on our side gives its slot back). An address whose earlier
 * account was deleted continues that account's trial (trial_memory), never a fresh one.
 */
export async function signUp(
  request: Request,
  input: { email: string; password: string; confirmPassword: string },
  background: Background,
): Promise<SignedUp | Failure> {
  const problem = signUpProblem(input);
  if (problem) return { ok: false, error: problem, status: 400 };
  const email = normalizeEmail(input.email);
  if (!(await allowAuthAttempt({ request, action: "signup" }))) return tooMany;
  const hash = await addressHash(email);
  if (hash === null) {
    console.error("sign-up refused: TRIAL_MEMORY_KEY is not set, so a deleted account's trial could not be recognised");
    return signUpUnavailable;
  }

  const db = getDb();
  const now = new Date();
  const slotId = crypto.randomUUID();
  const guard = await trialGuard.load();
  const slot = await takeSignupSlot({ db, slotId, ip: clientIp(request), limit: guard.signupsPerIpHour, dailyCap: guard.dailyNewTrials, now });
  if (slot === "ip") return tooManySignUps;
  if (slot === "day") return dailyCapReached;
  const session = await newSessionToken(now);
  const userId = crypto.randomUUID();
  const result = await createAccount({
    db,
    account: {
      userId,
      email,
      passwordHash: await hashPassword(input.password),
      isAdmin: false,
      sessionId: session.sessionId,
      sessionExpiresAt: session.expiresAt,
      trial: { conversations: PLAN.trialConversations, endsAt: trialEndsAt(now) },
      addressHash: hash,
      now,
    },
  }).catch(async (error: unknown) => {
    await releaseSignupSlot({ db, slotId });
    throw error;
  });
  // "Already exists" keeps its slot: probing which addresses have accounts is bounded too.
  if (!result.ok) return { ok: false, error: validation.emailTaken, status: 409 };
  sendFirstVerificationLink(request, { id: userId, email }, background);
  return { ok: true, userId, token: session.token, expiresAt: session.expiresAt, trial: result.trial };
}

export async function signIn(
  request: Request,
  input: { email: string; password: string },
): Promise<SignedIn | Failure> {
  const problem = signInProblem(input);
  if (problem) return { ok: false, error: problem, status: 400 };
  const email = normalizeEmail(input.email);
  const check = await checkPassword({ request, email, password: input.password, account: () => findUserByEmail({ db: getDb(), email }) });
  if (check.result !== "ok") return check.result === "limited" ? tooMany : { ok: false, error: validation.signInInvalid, status: 401 };
  const user = check.account;
  const session = await createSession(user.id);
  return { ok: true, userId: user.id, ...session };
}

