/**
 * Issue 11, the accounts side (decision 011): the owner is admin only once verified, e-mail
 * confirmation and its resend limit, sign-ups per IP per hour, the current password on change,
 * "your password was changed" e-mails, and a lockout that keeps the writer in from elsewhere.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { verifyTexts } from "../../app/messages/account";
import { confirmEmail, DEFAULT_PASSWORD, signIn, signUp } from "./support/accounts";
import { Browser, flashToast, startOfQuietRateLimitWindow } from "./support/browser";
import { execute, findUser, snapshotCounts, subscriptionOf } from "./support/db";
import { interceptEmail, resetLinkFrom, verifyLinkFrom, type SentEmail } from "./support/email";
import { actionError, routerData, visibleText } from "./support/html";
import { sha256Hex, uniqueEmail, uniqueIp } from "./support/ids";
import { eventually } from "./support/wait";
import { confirmationFor as confirmationOf, isVerified, openLink } from "./support/verification";

const OWNER = "owner@example.com";
const DASHBOARD = "routes/dashboard";
let mail: ReturnType<typeof interceptEmail> | undefined;
afterEach(() => {
  mail?.restore();
  mail = undefined;
});

const confirmationFor = (address: string) => confirmationOf(mail!, address);

const countTokens = async (userId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM email_verification_tokens WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;


const VERIFY_ROUTE = "routes/verify-email";


describe("the owner's address is admin only once confirmed", () => {
  it("sign up as owner → a trial account and a confirmation e-mail → the link's page → Confirm → admin", async () => {
    mail = interceptEmail();
    const owner = await signUp({ email: ` ${OWNER.toUpperCase()} ` });
    expect((await subscriptionOf(owner.userId))?.is_admin).toBe(0);
    const dashboard = visibleText(await (await owner.browser.get("/dashboard")).text());
    expect(dashboard).toContain(`Confirm your e-mail — we sent a link to ${OWNER}.`);
    expect(dashboard).toContain("5 of 5 trial conversations left");

    const email = await confirmationFor(OWNER);
    expect(email.subject).toBe("Confirm your e-mail for The Write Stuff");
    const link = verifyLinkFrom(email);
    // Stored hashed, valid 24 hours.
    const row = await env.DB.prepare("SELECT id, expires_at FROM email_verification_tokens WHERE user_id = ?")
      .bind(owner.userId)
      .first<{ id: string; expires_at: number }>();
    expect(row!.id).toBe(await sha256Hex(link.token));
    expect(row!.expires_at - Date.now()).toBeGreaterThan(23.9 * 60 * 60 * 1000);

    // Opening the link, even signed in as the account, only shows the page.
    const opened = await openLink(owner.browser, link.path);
    expect(opened.response.status).toBe(200);
    expect(opened.text).toContain(`Confirm that ${OWNER} is your address.`);
    expect(await isVerified(owner.userId)).toBe(false);
    expect((await subscriptionOf(owner.userId))?.is_admin).toBe(0);

    const confirmed = await confirmEmail(owner.browser, link);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/dashboard");
    expect(flashToast(confirmed)?.description).toContain("admin access");
    expect((await subscriptionOf(owner.userId))?.is_admin).toBe(1);
    expect(await isVerified(owner.userId)).toBe(true);
    expect(visibleText(await (await owner.browser.get("/dashboard")).text())).not.toContain("Confirm your e-mail");

    // Single use: the same link again, signed out, explains that it no longer works.
    const again = await openLink(new Browser(), link.path);
    expect(again.response.status).toBe(200);
    expect(again.text).toContain("This link does not work any more");
  });

  it("signed out, the account's own password confirms and signs in; another account's session is refused", async () => {
    mail = interceptEmail();
    const writer = await signUp();
    const link = verifyLinkFrom(await confirmationFor(writer.email));

    const someoneElse = await signUp();
    const other = await openLink(someoneElse.browser, link.path);
    expect(other.text).toContain("This link is for another account");
    expect(other.text).toContain(writer.email);
    const refused = await confirmEmail(someoneElse.browser, link, writer.password);
    expect(refused.status).toBe(403);
    expect(await actionError(refused, VERIFY_ROUTE)).toBe("This link is for another account. Sign out, then open it again.");
    expect(await isVerified(writer.userId)).toBe(false);
    expect(await isVerified(someoneElse.userId)).toBe(false);

    const elsewhere = new Browser();
    const confirmed = await confirmEmail(elsewhere, link, writer.password);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/dashboard");
    expect(flashToast(confirmed)).toMatchObject({ title: "E-mail confirmed" });
    expect(await isVerified(writer.userId)).toBe(true);
    expect((await subscriptionOf(writer.userId))?.is_admin).toBe(0);
    // The password signed this browser in.
    expect((await elsewhere.get("/dashboard")).status).toBe(200);
  });

  it("password guesses on the confirmation page count against the one password limiter", async () => {
    mail = interceptEmail();
    const writer = await signUp();
    const link = verifyLinkFrom(await confirmationFor(writer.email));
    const guesser = new Browser();
    await startOfQuietRateLimitWindow(15_000);
    for (let n = 1; n <= 3; n += 1) expect((await confirmEmail(guesser, link, `guess ${n}`)).status).toBe(403);
    // Sign-in from the same network shares the budget: two more, then the wall.
    const signInAttempt = (password: string) => new Browser({ ip: guesser.ip }).post("/?index", { intent: "signin", email: writer.email, password });
    expect((await signInAttempt("guess 4")).status).toBe(401);
    expect((await signInAttempt("guess 5")).status).toBe(401);
    const limited = await confirmEmail(guesser, link, writer.password);
    expect(limited.status).toBe(429);
    expect(await isVerified(writer.userId)).toBe(false);
  });

  it("a dead or expired link changes nothing", async () => {
    mail = interceptEmail();
    const writer = await signUp();
    const link = verifyLinkFrom(await confirmationFor(writer.email));
    for (const path of ["/verify-email?token=not-a-real-token", "/verify-email", `/verify-email?token=${"a".repeat(500)}`]) {
      expect((await openLink(new Browser(), path)).text).toContain("This link does not work any more");
    }
    await execute("UPDATE email_verification_tokens SET expires_at = ? WHERE user_id = ?", Date.now() - 1, writer.userId);
    expect((await openLink(writer.browser, link.path)).text).toContain("This link does not work any more");
    const late = await confirmEmail(writer.browser, link);
    expect(late.status).toBe(400);
    expect(await isVerified(writer.userId)).toBe(false);

    await execute("UPDATE email_verification_tokens SET expires_at = ? WHERE user_id = ?", Date.now() + 60_000, writer.userId);
    expect((await confirmEmail(writer.browser, link)).status).toBe(302);
    expect(await isVerified(writer.userId)).toBe(true);
    expect((await subscriptionOf(writer.userId))?.is_admin).toBe(0);
  });

  it("resend: not within a minute of the last link, then a new link, at most five a day", async () => {
    mail = interceptEmail();
    const writer = await signUp();
    await confirmationFor(writer.email);
    const tooSoon = await writer.browser.post("/dashboard", { intent: "resend-verification" });
    expect(tooSoon.status).toBe(429);
    expect(await actionError(tooSoon, DASHBOARD)).toContain("Please wait a minute");

    const age = (minutes: number) =>
      execute("UPDATE email_verification_tokens SET created_at = created_at - ? WHERE user_id = ?", minutes * 60_000, writer.userId);
    for (let link = 2; link <= 5; link += 1) {
      await age(2);
      const resent = await writer.browser.post("/dashboard", { intent: "resend-verification" });
      expect(resent.status).toBe(200);
      expect(routerData(await resent.text()).actionData?.[DASHBOARD]).toEqual({ resent: true, intent: "resend-verification" });
    }
    expect(mail.confirmations.filter((sent) => sent.to.includes(writer.email))).toHaveLength(5);
    await age(2);
    const sixth = await writer.browser.post("/dashboard", { intent: "resend-verification" });
    expect(sixth.status).toBe(429);

    // Each link works; using one burns the others.
    const latest = verifyLinkFrom(mail.confirmations.at(-1)!);
    expect((await confirmEmail(writer.browser, latest)).status).toBe(302);
    // An earlier link no longer works; the page sends the (now confirmed) writer to the dashboard.
    const earlier = await confirmEmail(writer.browser, verifyLinkFrom(mail.confirmations.at(-2)!));
    expect(earlier.headers.get("Location")).toBe("/dashboard");
    expect(flashToast(earlier)?.description).toBe(verifyTexts.alreadyVerified);
    const verified = await writer.browser.post("/dashboard", { intent: "resend-verification" });
    expect(verified.status).toBe(409);
  });
});

describe("a confirmation e-mail that could not be sent (issue 31)", () => {
  it("does not use up the resend: the next one goes out at once, and the link that did arrive works", async () => {
    // The e-mail API fails the first two confirmations (the sign-up's and a resend), then works.
    const outcomes = [500, 500];
    const delivered: SentEmail[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      if (request.url !== `${env.EMAIL_API_BASE}/emails`) return realFetch(input, init);
      const email = (await request.json()) as SentEmail;
      const status = email.subject === "Confirm your e-mail for The Write Stuff" ? (outcomes.shift() ?? 200) : 200;
      if (status === 200) delivered.push(email);
      return Response.json(status === 200 ? { id: crypto.randomUUID() } : { message: "down" }, { status });
    });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const writer = await signUp();
      await eventually(async () => outcomes.length === 1);
      await eventually(async () => (await countTokens(writer.userId)) === 0);
      const failed = await writer.browser.post("/dashboard", { intent: "resend-verification" });
      expect(failed.status).toBe(503);
      expect(await actionError(failed, DASHBOARD)).toBe(verifyTexts.unavailable);
      expect(await countTokens(writer.userId)).toBe(0);
      // Nothing arrived, so nothing waits a minute: the next press sends.
      const resent = await writer.browser.post("/dashboard", { intent: "resend-verification" });
      expect(resent.status).toBe(200);
      expect(routerData(await resent.text()).actionData?.[DASHBOARD]).toEqual({ resent: true, intent: "resend-verification" });
      const link = verifyLinkFrom(delivered.find((sent) => sent.to.includes(writer.email))!);
      expect((await confirmEmail(writer.browser, link)).status).toBe(302);
      expect(await isVerified(writer.userId)).toBe(true);
      expect(error.mock.calls.map((call) => String(call[0]))).toEqual(["confirmation e-mail failed", "confirmation e-mail failed"]);
    } finally {
      spy.mockRestore();
      error.mockRestore();
    }
  });
});

describe("sign-ups per client IP per hour (SIGNUP_LIMIT_PER_IP_HOUR, default 5)", () => {
  it("five accounts from one IP, then a clear refusal that writes nothing; another IP is not affected", async () => {
    const ip = uniqueIp();
    for (let n = 1; n <= 5; n += 1) {
      const response = await new Browser({ ip }).post("/signup", { email: uniqueEmail("farm"), password: "secret-1", confirmPassword: "secret-1" });
      expect(response.status, `sign-up ${n}`).toBe(302);
    }
    const before = await snapshotCounts();
    const sixth = await new Browser({ ip }).post("/signup", { email: uniqueEmail("farm"), password: "secret-1", confirmPassword: "secret-1" });
    expect(sixth.status).toBe(429);
    expect(await actionError(sixth, "routes/signup")).toBe(
      "Too many accounts were created from your network in the last hour. Please try again later.",
    );
    expect(await snapshotCounts()).toEqual(before);
    expect((await signUp()).userId).toBeTruthy();

    // An hour later the IP may sign up again.
    await execute("UPDATE signup_attempts SET created_at = created_at - ? WHERE ip = ?", 61 * 60_000, ip);
    const later = await new Browser({ ip }).post("/signup", { email: uniqueEmail("farm"), password: "secret-1", confirmPassword: "secret-1" });
    expect(later.status).toBe(302);
  });

  it("ten concurrent sign-ups from one IP create exactly five accounts", async () => {
    const ip = uniqueIp();
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        new Browser({ ip }).post("/signup", { email: uniqueEmail("rush"), password: "secret-1", confirmPassword: "secret-1" }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 302)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });
});

describe("password change and reset", () => {
  it("a wrong current password: 'Current password is incorrect.', nothing changes, no e-mail", async () => {
    mail = interceptEmail();
    const writer = await signUp();
    const hash = (await findUser(writer.email))!.password_hash;
    const response = await writer.browser.post("/account/password", {
      intent: "change-password",
      currentPassword: "a stolen session does not know this",
      password: "taken-over-1",
      confirmPassword: "taken-over-1",
    });
    expect(response.status).toBe(403);
    expect(await actionError(response, "routes/account.password")).toBe("Current password is incorrect.");
    expect((await findUser(writer.email))!.password_hash).toBe(hash);
    expect((await signIn(writer.email, DEFAULT_PASSWORD)).response.status).toBe(302);
    expect(mail.sent).toHaveLength(0);
  });

  it("a change and a reset each send a 'your password was changed' e-mail", async () => {
    mail = interceptEmail();
    const writer = await signUp();
    const changed = await writer.browser.post("/account/password", {
      intent: "change-password",
      currentPassword: DEFAULT_PASSWORD,
      password: "new-pass-1",
      confirmPassword: "new-pass-1",
    });
    expect(changed.status).toBe(200);
    const notice = await eventually(async () => mail!.sent.find((sent) => sent.subject === "Your The Write Stuff password was changed"));
    expect(notice.to).toEqual([writer.email]);
    expect(notice.text).toContain("/password-reset");

    await new Browser().post("/password-reset", { intent: "request", email: writer.email });
    const link = resetLinkFrom(await eventually(async () => mail!.sent.find((sent) => sent.subject.startsWith("Reset"))));
    const reset = await new Browser().post("/password-reset", { intent: "reset", token: link.token, password: "new-pass-2", confirmPassword: "new-pass-2" });
    expect(reset.status).toBe(302);
    await eventually(async () => mail!.sent.filter((sent) => sent.subject === "Your The Write Stuff password was changed").length === 2);
  });
});

describe("lockout per account and IP", () => {
  it("wrong passwords from one IP lock that IP out for the account; the writer from another IP still signs in", async () => {
    const writer = await signUp();
    const attacker = uniqueIp();
    await startOfQuietRateLimitWindow(15_000);
    const attempt = (password: string, ip: string) => new Browser({ ip }).post("/?index", { intent: "signin", email: writer.email, password });
    for (let n = 1; n <= 5; n += 1) expect((await attempt(`guess ${n}`, attacker)).status).toBe(401);
    expect((await attempt("guess 6", attacker)).status).toBe(429);
    expect((await attempt(DEFAULT_PASSWORD, uniqueIp())).status).toBe(302);
  });

  it("across many IPs one account still meets a (much larger) wall: 50 a minute", async () => {
    // Reset requests share the account limiters with sign-in and cost no password hashing,
    // so fifty of them fit well inside one rate-limit window.
    const account = uniqueEmail("spread");
    await startOfQuietRateLimitWindow(20_000);
    const statuses: number[] = [];
    for (let n = 0; n < 52; n += 1) {
      const response = await new Browser().post("/password-reset", { intent: "request", email: account });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 50).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429]);
  }, 90_000);
});

describe("sign-up refuses addresses with invisible characters", () => {
  it("the owner's address with a NUL is not the owner's address: refused, nothing written", async () => {
    const before = await snapshotCounts();
    const response = await new Browser().post("/signup", { email: `${OWNER}\u0000`, password: "secret-1", confirmPassword: "secret-1" });
    expect(response.status).toBe(400);
    expect(await snapshotCounts()).toEqual(before);
    expect(await findUser(`${OWNER}\u0000`)).toBeNull();
  });
});
