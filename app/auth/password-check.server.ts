/**
 * The one way the app checks a writer's password (sign-in, Change Password, Delete my account,
 * confirming an address): every check first goes through the same limiter, keyed by the
 * account's address, so guesses made through any of them count against one budget (decision
 * 011). A stolen session cannot guess the password through one form after another.
 */
import { allowAuthAttempt } from "~/lib/rate-limit.server";
import { burnPasswordCheck, verifyPassword } from "./password.server";

export type PasswordCheck<A> = { result: "ok"; account: A } | { result: "wrong" | "limited" };

/**
 * `email` is the normalised address the attempt is about. `account` loads the account (null when
 * there is none: the check then costs as long as a real one); it is read only once the limiter
 * has let the attempt through.
 */
export async function checkPassword<A extends { passwordHash: string }>({
  request,
  email,
  password,
  account,
}: {
  request: Request;
  email: string;
  password: string;
  account: () => Promise<A | null | undefined>;
}): Promise<PasswordCheck<A>> {
  if (!(await allowAuthAttempt({ request, action: "password", account: email }))) return { result: "limited" };
  const found = await account();
  if (!found) {
    await burnPasswordCheck(password);
    return { result: "wrong" };
  }
  return (await verifyPassword(password, found.passwordHash)) ? { result: "ok", account: found } : { result: "wrong" };
}
