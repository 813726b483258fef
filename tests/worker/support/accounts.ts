/** Writers signed up and signed in through the real forms, each in its own simulated browser. */
import { Browser } from "./browser";
import { findUser } from "./db";
import { captureEmail, verifyLinkFrom } from "./email";
import { uniqueEmail } from "./ids";
import { eventually } from "./wait";

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


/**
 * Presses "Confirm my e-mail" on the page a confirmation link opens (`password` when signed
 * out): opening the link alone confirms nothing (decision 011).
 */
export function confirmEmail(browser: Browser, link: { path: string; token: string }, password?: string): Promise<Response> {
  return browser.post(link.path, { intent: "confirm", token: link.token, ...(password === undefined ? {} : { password }) });
}

/**
 * Signs up, opens the confirmation link from the e-mail and confirms, as the writer would: the
 * owner's address (OWNER_EMAIL) becomes admin only this way (decision 011).
 */
export async function signUpVerified(options: { email?: string; password?: string } = {}): Promise<SignedUpUser> {
  const mail = captureEmail();
  try {
    const user = await signUp(options);
    const email = await eventually(async () => mail.sent.find((sent) => sent.to.includes(user.email)));
    const link = verifyLinkFrom(email);
    await user.browser.get(link.path);
    const confirmed = await confirmEmail(user.browser, link);
    if (confirmed.status !== 302) throw new Error(`confirming ${user.email} failed: ${confirmed.status}`);
    return user;
  } finally {
    mail.restore();
  }
}
