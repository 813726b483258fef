import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUpUser, signIn, signUp } from "./support/accounts";
import {
  Browser,
  expectSessionExpired,
  flashToast,
  setCookies,
  startOfQuietRateLimitWindow,
} from "./support/browser";
import { sessionById, sessionsOf, snapshotCounts } from "./support/db";
import { actionError, dataResponse } from "./support/html";
import { sha256Hex, uniqueEmail, uniqueIp } from "./support/ids";

const ROUTE = "routes/landing";

// The per-account limiter allows 5 sign-in attempts a minute: Alice is used for at most 4,
// Bob (sign-out) for 4.
let alice: SignedUpUser;
let bob: SignedUpUser;
beforeAll(async () => {
  alice = await signUp({ email: uniqueEmail("alice") });
  bob = await signUp({ email: uniqueEmail("bob") });
});

describe("POST /?index intent=signin", () => {
  it("signs in: 302 /dashboard, a new hashed session cookie and the 'Signed In!' toast", async () => {
    const before = await sessionsOf(alice.userId);
    const { browser, response } = await signIn(`  ${alice.email.toUpperCase()} `, alice.password);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(flashToast(response)).toEqual({ title: "Signed In!", description: "Welcome back!" });

    const cookie = setCookies(response).get("tws_session");
    expect(cookie?.attributes.has("httponly")).toBe(true);
    expect(cookie?.attributes.get("samesite")).toBe("Lax");
    const after = await sessionsOf(alice.userId);
    expect(after).toHaveLength(before.length + 1);
    expect(after.map((s) => s.id)).toContain(await sha256Hex(cookie!.value));

    const dashboard = await browser.get("/dashboard");
    expect(dashboard.status).toBe(200);
    // The flash toast is handed to the page once, then its cookie is cleared.
    expect(await dashboard.text()).toContain("Signed In!");
    expect(setCookies(dashboard).get("tws_toast")?.attributes.get("max-age")).toBe("0");
  });

  it("gives a wrong password and an unknown e-mail the same status and text", async () => {
    const before = await snapshotCounts();
    const wrong = await new Browser().post("/?index", { intent: "signin", email: alice.email, password: "wrong-password" });
    const unknown = await new Browser().post("/?index", {
      intent: "signin",
      email: uniqueEmail("nobody"),
      password: "wrong-password",
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    const wrongError = await actionError(wrong, ROUTE);
    expect(wrongError).toBe("Invalid e-mail or password.");
    expect(await actionError(unknown, ROUTE)).toBe(wrongError);
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith("tws_session="))).toBe(false);
    expect(unknown.headers.getSetCookie().some((c) => c.startsWith("tws_session="))).toBe(false);
    expect(await snapshotCounts()).toEqual(before);
  });

  it("requires both fields", async () => {
    const cases: Record<string, string>[] = [
      { intent: "signin", email: "", password: "x" },
      { intent: "signin", email: alice.email, password: "" },
      { intent: "signin" },
    ];
    for (const fields of cases) {
      const response = await new Browser().post("/?index", fields);
      expect(response.status).toBe(400);
      expect(await actionError(response, ROUTE)).toBe("Please enter your e-mail and password.");
    }
  });

  it("rejects oversize and wrongly typed input with 400", async () => {
    const oversize = await new Browser().post("/?index", {
      intent: "signin",
      email: alice.email,
      password: "p".repeat(201),
    });
    expect(oversize.status).toBe(400);
    expect(await actionError(oversize, ROUTE)).toBe("Invalid e-mail or password.");

    const form = new FormData();
    form.set("intent", "signin");
    form.set("email", alice.email);
    form.set("password", new File([alice.password], "password.txt"));
    const file = await new Browser().postRaw("/?index", form, { Accept: "text/html" });
    expect(file.status).toBe(400);
    expect(await actionError(file, ROUTE)).toBe("Please enter your e-mail and password.");

    const json = await new Browser().postRaw(
      "/?index",
      JSON.stringify({ intent: "signin", email: alice.email, password: alice.password }),
      { Accept: "text/html", "Content-Type": "application/json" },
    );
    expect(json.status).toBe(400);
    expect(await actionError(json, ROUTE)).toBe("Unsupported form encoding.");
  });

  it("works as the sign-in fetcher's data request (POST /_.data?index)", async () => {
    const browser = new Browser();
    const ok = await browser.post("/_.data?index", { intent: "signin", email: alice.email, password: alice.password });
    expect(ok.status).toBe(202);
    expect(await dataResponse(ok)).toMatchObject({ redirect: "/dashboard", status: 302 });
    expect((await browser.get("/dashboard")).status).toBe(200);

    const empty = await new Browser().post("/_.data?index", { intent: "signin", email: "", password: "" });
    expect(empty.status).toBe(400);
    expect(await dataResponse(empty)).toMatchObject({ data: { error: "Please enter your e-mail and password." } });
  });

  it("answers an unknown intent with 400", async () => {
    const response = await new Browser().post("/?index", { intent: "delete-everything", email: alice.email });
    expect(response.status).toBe(400);
    expect(await actionError(response, ROUTE)).toBe("Unknown action.");
  });

  it("slows a burst of wrong passwords for one account from one network down with 429; another network still gets in", async () => {
    const victim = await signUp({ email: uniqueEmail("burst") });
    await startOfQuietRateLimitWindow(10_000);
    const statuses: number[] = [];
    let last: Response | undefined;
    const attackerIp = uniqueIp();
    for (let attempt = 0; attempt < 6; attempt++) {
      // One network: the per-account-and-IP limiter (5 a minute) must catch this (decision 011).
      last = await new Browser({ ip: attackerIp }).post("/?index", { intent: "signin", email: victim.email, password: `guess-${attempt}` });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    expect(await actionError(last!, ROUTE)).toBe("Too many attempts. Please wait a minute and try again.");
    // The writer, from another network, is not locked out; other accounts are unaffected.
    expect((await signIn(victim.email, victim.password)).response.status).toBe(302);
    const other = await signIn(alice.email, alice.password);
    expect(other.response.status).toBe(302);
  });

  it("limits auth attempts per IP (30 a minute)", async () => {
    // Reset requests for unknown e-mails are cheap (no hashing) and each uses a new account
    // key, so only the per-IP limit can stop them.
    const browser = new Browser();
    const statuses: number[] = [];
    await startOfQuietRateLimitWindow(5_000);
    for (let attempt = 0; attempt < 31; attempt++) {
      const response = await browser.post("/password-reset", { intent: "request", email: uniqueEmail("flood") });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // The same IP is now refused for sign-in as well, with the clear message.
    const signInFromSameIp = await browser.post("/?index", { intent: "signin", email: alice.email, password: alice.password });
    expect(signInFromSameIp.status).toBe(429);
    expect(await actionError(signInFromSameIp, ROUTE)).toBe("Too many attempts. Please wait a minute and try again.");
  });
});

describe("POST /signout", () => {
  it("deletes the session, clears the cookie and goes to /; the old cookie then counts as expired", async () => {
    const { browser, response } = await signIn(bob.email, bob.password);
    expect(response.status).toBe(302);
    const token = browser.sessionToken()!;
    const sessionId = await sha256Hex(token);
    expect(await sessionById(sessionId)).not.toBeNull();

    const signOut = await browser.post("/signout", {});
    expect(signOut.status).toBe(302);
    expect(signOut.headers.get("Location")).toBe("/");
    expect(setCookies(signOut).get("tws_session")?.attributes.get("max-age")).toBe("0");
    expect(flashToast(signOut)).toEqual({ title: "Signed Out", description: "You have been successfully signed out." });
    expect(await sessionById(sessionId)).toBeNull();
    expect(browser.sessionToken()).toBeUndefined();

    // Replaying the old cookie: revoked session → back to / with "Session Expired".
    const replay = new Browser();
    replay.jar.cookies.set("tws_session", token);
    expectSessionExpired(await replay.get("/dashboard"));
  });

  it("signs out only the session it was sent with", async () => {
    const first = await signIn(bob.email, bob.password);
    const second = await signIn(bob.email, bob.password);
    await first.browser.post("/signout", {});
    expect(await sessionById(await sha256Hex(second.browser.sessionToken()!))).not.toBeNull();
    expect((await second.browser.get("/dashboard")).status).toBe(200);
  });

  it("is harmless when signed out", async () => {
    const response = await new Browser().post("/signout", {});
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("GET /signout does not sign out", async () => {
    const { browser } = await signIn(bob.email, bob.password);
    const response = await browser.get("/signout");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await sessionById(await sha256Hex(browser.sessionToken()!))).not.toBeNull();
  });
});
