import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD, type SignedUpUser, signIn, signUp } from "./support/accounts";
import { Browser, expectSessionExpired, setCookies } from "./support/browser";
import { execute, findUser, sessionById, sessionsOf } from "./support/db";
import { actionError, routerData, visibleText } from "./support/html";
import { sha256Hex, uniqueEmail } from "./support/ids";
import { SPEC_TOOLS } from "../spec/tables";
import { seedEntry } from "./support/history-seed";

const DAY_MS = 24 * 60 * 60 * 1000;
const ROUTE = "routes/dashboard";
/** The card's words for a subscriber (billingTexts.active). */
const ACTIVE = "Your subscription is active: unlimited conversations and follow-ups, $5/month.";

describe("sessions", () => {
  let user: SignedUpUser;
  beforeAll(async () => {
    user = await signUp({ email: uniqueEmail("sessions") });
  });

  it("an expired session on /dashboard → / with 'Session Expired', cookie cleared, row deleted", async () => {
    const { browser } = await signIn(user.email, user.password);
    const sessionId = await sha256Hex(browser.sessionToken()!);
    await execute("UPDATE sessions SET expires_at = ? WHERE id = ?", Date.now() - 1000, sessionId);

    expectSessionExpired(await browser.get("/dashboard"));
    expect(await sessionById(sessionId)).toBeNull();
    expect(browser.sessionToken()).toBeUndefined();
  });

  it("an expired session on a tool page also gives 'Session Expired'", async () => {
    const { browser } = await signIn(user.email, user.password);
    await execute("UPDATE sessions SET expires_at = ? WHERE id = ?", Date.now() - 1, await sha256Hex(browser.sessionToken()!));
    expectSessionExpired(await browser.get("/poetry"));
  });

  it("a made-up session cookie counts as expired", async () => {
    const browser = new Browser();
    browser.jar.cookies.set("tws_session", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
    expectSessionExpired(await browser.get("/dashboard"));
  });

  it("renews a session with less than half its life left (sliding expiry) and re-sends the cookie", async () => {
    const { browser } = await signIn(user.email, user.password);
    const token = browser.sessionToken()!;
    const sessionId = await sha256Hex(token);
    await execute("UPDATE sessions SET expires_at = ? WHERE id = ?", Date.now() + 10 * DAY_MS, sessionId);

    const before = Date.now();
    const response = await browser.get("/dashboard");
    expect(response.status).toBe(200);
    const cookie = setCookies(response).get("tws_session");
    expect(cookie?.value).toBe(token);
    expect(Number(cookie?.attributes.get("max-age"))).toBeGreaterThan(29 * 24 * 60 * 60);
    expect(cookie?.attributes.has("httponly")).toBe(true);
    const row = await sessionById(sessionId);
    expect(row!.expires_at).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
    expect(row!.expires_at).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
  });

  it("does not touch a fresh session", async () => {
    const { browser } = await signIn(user.email, user.password);
    const sessionId = await sha256Hex(browser.sessionToken()!);
    const expiresAt = (await sessionById(sessionId))!.expires_at;
    const response = await browser.get("/dashboard");
    expect(response.status).toBe(200);
    expect(setCookies(response).has("tws_session")).toBe(false);
    expect((await sessionById(sessionId))!.expires_at).toBe(expiresAt);
  });
});

describe("dashboard loader", () => {
  // One member whose subscription row each test rewrites: the card must follow the database.
  let member: SignedUpUser;
  beforeAll(async () => {
    member = await signUp({ email: uniqueEmail("card") });
  });

  async function dashboardText() {
    const response = await member.browser.get("/dashboard");
    expect(response.status).toBe(200);
    return visibleText(await response.text());
  }

  it("each category card has a line of recent work: the last conversation's title and when, else 'No work yet'", async () => {
    const writer = await signUp({ email: uniqueEmail("recent") });
    const fresh = routerData(await (await writer.browser.get("/dashboard")).text()).loaderData?.[ROUTE] as {
      recentWork: Record<string, unknown>;
    };
    expect(fresh.recentWork).toEqual({});
    expect(visibleText(await (await writer.browser.get("/dashboard")).text()).match(/No work yet/g)).toHaveLength(6);

    await seedEntry(writer.userId, { queryType: "poetry", element: "poem", details: JSON.stringify({ theme: "salt marsh" }) });
    await seedEntry(writer.userId, { queryType: "songwriting", element: "lyrics", title: "Porch light" });
    const html = await (await writer.browser.get("/dashboard")).text();
    const data = routerData(html).loaderData?.[ROUTE] as { recentWork: Record<string, { title: string }> };
    expect(Object.keys(data.recentWork).sort()).toEqual(["poetry", "songwriting"]);
    const text = visibleText(html);
    // The seeded clock is not the Worker's, so "when" is whatever phrase that distance gives.
    expect(text).toMatch(/Last: Poem · salt marsh · \S/);
    expect(text).toContain("Last: Porch light · ");
    expect(text.match(/No work yet/g)).toHaveLength(4);
  });

  it("sends visitors to /", async () => {
    const response = await new Browser().get("/dashboard");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(setCookies(response).has("tws_toast")).toBe(false);
  });

  it("shows a new user the trial card, unindexed", async () => {
    const response = await member.browser.get("/dashboard");
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Robots-Tag")).toContain("noindex");
    const html = await response.text();
    expect(html).toMatch(/<meta name="robots" content="noindex[^"]*"/);
    const text = visibleText(html);
    expect(text).toContain("Subscription Status");
    expect(text).toContain("Free trial: 30 days remaining");
    expect(text).toContain("5 of 5 trial conversations left · each includes up to 10 follow-ups");
    expect(text.indexOf("Free trial: 30 days remaining")).toBeLessThan(text.indexOf("5 of 5 trial conversations left"));
    expect(text).toContain("Subscribe for unlimited conversations and follow-ups at $5/month.");
    expect(text).toContain("Subscribe Now");
    expect(text).toContain(member.email);
    for (const { cardLabel, path } of SPEC_TOOLS) {
      expect(text).toContain(cardLabel);
      expect(html).toContain(`href="${path}"`);
    }
    expect(text).not.toContain("(Coming Soon)");
  });

  it("reads the subscription state from the database: subscribed → active message", async () => {
    await execute("UPDATE user_subscriptions SET is_subscribed = 1 WHERE user_id = ?", member.userId);
    const text = await dashboardText();
    expect(text).toContain(ACTIVE);
    expect(text).not.toContain("Free trial:");
    expect(text).not.toContain("trial conversations");
    expect(text).not.toContain("No active subscription");
  });

  it("trial days come from trial_end_date, rounded up; conversations left from queries_remaining", async () => {
    await execute(
      "UPDATE user_subscriptions SET is_subscribed = 0, trial_end_date = ?, queries_remaining = 1 WHERE user_id = ?",
      Date.now() + 2 * DAY_MS + 60_000,
      member.userId,
    );
    const text = await dashboardText();
    expect(text).toContain("Free trial: 3 days remaining");
    expect(text).toContain("1 of 5 trial conversations left · each includes up to 10 follow-ups");
    expect(text).not.toContain(ACTIVE);
  });

  it("conversations used up: the card leads with that, and says follow-ups stay open for the days left", async () => {
    await execute(
      "UPDATE user_subscriptions SET is_subscribed = 0, trial_end_date = ?, queries_remaining = 0 WHERE user_id = ?",
      Date.now() + 6 * DAY_MS + 60_000,
      member.userId,
    );
    const text = await dashboardText();
    const usedUp = "You have used all 5 trial conversations.";
    const stayOpen = "You can keep refining them for 7 more days (up to 10 follow-ups each).";
    expect(text).toContain(usedUp);
    expect(text).toContain(stayOpen);
    expect(text.indexOf(usedUp)).toBeLessThan(text.indexOf(stayOpen));
    expect(text).not.toContain("Free trial:");
    expect(text).not.toContain("trial conversations left");
    expect(text).toContain("Subscribe Now");
  });

  it("trial period over: 'Your free trial has ended.', whatever conversations are left", async () => {
    await execute(
      "UPDATE user_subscriptions SET is_subscribed = 0, trial_end_date = ?, queries_remaining = 3 WHERE user_id = ?",
      Date.now() - 60_000,
      member.userId,
    );
    const text = await dashboardText();
    expect(text).toContain("Your free trial has ended.");
    expect(text).not.toContain("Free trial:");
    expect(text).not.toContain("trial conversations left");
    expect(text).not.toContain("You can keep refining them");
    expect(text).toContain("Subscribe Now");
  });

  it("no trial and not subscribed → 'No active subscription'", async () => {
    await execute("UPDATE user_subscriptions SET trial_end_date = NULL, is_subscribed = 0 WHERE user_id = ?", member.userId);
    const text = await dashboardText();
    expect(text).toContain("No active subscription");
    expect(text).toContain("Subscribe Now");
    expect(text).not.toContain("Free trial:");
    expect(text).not.toContain("trial conversations");
    expect(text).not.toContain(ACTIVE);
  });
});

const PASSWORD_PATH = "/account/password";
const PASSWORD_ROUTE = "routes/account.password";

describe("Change Password (POST /account/password, the dialog's and the page's form)", () => {
  it("validates with the spec's texts and changes nothing", async () => {
    const { browser, email } = await signUp();
    const hashBefore = (await findUser(email))!.password_hash;
    const cases: [Record<string, string>, string][] = [
      [{ password: "new-pass-1", confirmPassword: "new-pass-1" }, "Please enter your current password."],
      [{ currentPassword: "", password: "new-pass-1", confirmPassword: "new-pass-1" }, "Please enter your current password."],
      [{ currentPassword: DEFAULT_PASSWORD, password: "", confirmPassword: "" }, "Please fill in both password fields."],
      [{ currentPassword: DEFAULT_PASSWORD, password: "new-pass-1", confirmPassword: "" }, "Please fill in both password fields."],
      [{ currentPassword: DEFAULT_PASSWORD, password: "", confirmPassword: "new-pass-1" }, "Please fill in both password fields."],
      [{ currentPassword: DEFAULT_PASSWORD, password: "new-pass-1", confirmPassword: "new-pass-2" }, "Passwords do not match."],
      [{ currentPassword: DEFAULT_PASSWORD, password: "abc", confirmPassword: "abc" }, "Password must be at least 6 characters long."],
      [{ currentPassword: DEFAULT_PASSWORD, password: "p".repeat(201), confirmPassword: "p".repeat(201) }, "Password must be at most 200 characters long."],
      [{ currentPassword: "not my password", password: "new-pass-1", confirmPassword: "new-pass-1" }, "Current password is incorrect."],
    ];
    for (const [fields, message] of cases) {
      const response = await browser.post(PASSWORD_PATH, { intent: "change-password", ...fields });
      expect(response.status).toBe(message === "Current password is incorrect." ? 403 : 400);
      expect(await actionError(response, PASSWORD_ROUTE)).toBe(message);
    }
    const unknown = await browser.post(PASSWORD_PATH, { intent: "cancel-everything" });
    expect(unknown.status).toBe(400);
    expect(await actionError(unknown, PASSWORD_ROUTE)).toBe("Unknown action.");
    // The dashboard's own action no longer takes it (one place changes passwords).
    const old = await browser.post("/dashboard", { intent: "change-password", currentPassword: DEFAULT_PASSWORD, password: "new-pass-1", confirmPassword: "new-pass-1" });
    expect(await actionError(old, ROUTE)).toBe("Unknown action.");

    const json = await browser.postRaw(
      PASSWORD_PATH,
      JSON.stringify({ intent: "change-password", password: "new-pass-1", confirmPassword: "new-pass-1" }),
      { Accept: "text/html", "Content-Type": "application/json" },
    );
    expect(json.status).toBe(400);

    const form = new FormData();
    form.set("intent", "change-password");
    form.set("currentPassword", DEFAULT_PASSWORD);
    form.set("password", new File(["new-pass-1"], "p.txt"));
    form.set("confirmPassword", new File(["new-pass-1"], "p.txt"));
    const file = await browser.postRaw(PASSWORD_PATH, form, { Accept: "text/html" });
    expect(file.status).toBe(400);
    expect(await actionError(file, PASSWORD_ROUTE)).toBe("Please fill in both password fields.");

    expect((await findUser(email))!.password_hash).toBe(hashBefore);
  });

  it("changes the password and revokes the user's other sessions but keeps this one", async () => {
    const owner = await signUp();
    const other = await signIn(owner.email, owner.password);
    expect(other.response.status).toBe(302);
    const current = await sha256Hex(owner.browser.sessionToken()!);
    const otherId = await sha256Hex(other.browser.sessionToken()!);
    expect(await sessionsOf(owner.userId)).toHaveLength(2);

    const response = await owner.browser.post(PASSWORD_PATH, {
      intent: "change-password",
      currentPassword: owner.password,
      password: "brand-new-pass",
      confirmPassword: "brand-new-pass",
    });
    expect(response.status).toBe(200);
    expect(routerData(await response.text()).actionData?.[PASSWORD_ROUTE]).toEqual({ ok: true, intent: "change-password" });

    expect((await sessionsOf(owner.userId)).map((s) => s.id)).toEqual([current]);
    expect(await sessionById(otherId)).toBeNull();
    expect((await owner.browser.get("/dashboard")).status).toBe(200);
    expectSessionExpired(await other.browser.get("/dashboard"));

    const oldPassword = await signIn(owner.email, owner.password);
    expect(oldPassword.response.status).toBe(401);
    const newPassword = await signIn(owner.email, "brand-new-pass");
    expect(newPassword.response.status).toBe(302);
  });

  it("sends a signed-out POST to / and changes nothing", async () => {
    const response = await new Browser().post(PASSWORD_PATH, {
      intent: "change-password",
      password: "whatever-1",
      confirmPassword: "whatever-1",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("with an expired session: 'Session Expired' and the password stays", async () => {
    const { browser, userId, email } = await signUp();
    const hashBefore = (await findUser(email))!.password_hash;
    await execute("UPDATE sessions SET expires_at = ? WHERE user_id = ?", Date.now() - 1, userId);
    expectSessionExpired(
      await browser.post(PASSWORD_PATH, { intent: "change-password", password: "whatever-1", confirmPassword: "whatever-1" }),
    );
    expect((await findUser(email))!.password_hash).toBe(hashBefore);
  });
});
