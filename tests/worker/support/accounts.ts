/** Writers signed up and signed in through the real forms, each in its own simulated browser. */
import { Browser } from "./browser";
import { findUser } from "./db";
import { uniqueEmail } from "./ids";

export const DEFAULT_PASSWORD = "correct horse 1";

export type SignedUpUser = { email: string; password: string; browser: Browser; userId: string };

/** Signs a new user up through POST /signup and returns their signed-in browser. */
export async function signUp({
  email = uniqueEmail(),
  password = DEFAULT_PASSWORD,
}: { email?: string; password?: string } = {}): Promise<SignedUpUser> {
  const browser = new Browser();
  const response = await browser.post("/signup", { email, password, confirmPassword: password });
  if (response.status !== 302) {
    throw new Error(`sign-up of ${email} failed: ${response.status} ${await response.text()}`);
  }
  const user = await findUser(email.trim().toLowerCase());
  if (!user) throw new Error(`sign-up of ${email} wrote no user`);
  return { email: user.email, password, browser, userId: user.id };
}

/** Signs in through the landing page action in a fresh browser (a second device). */
export async function signIn(email: string, password: string): Promise<{ browser: Browser; response: Response }> {
  const browser = new Browser();
  const response = await browser.post("/?index", { intent: "signin", email, password });
  return { browser, response };
}

