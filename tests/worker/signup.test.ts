import { describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD, signUp } from "./support/accounts";
import { Browser, flashToast, setCookies } from "./support/browser";
import { findUser, sessionsOf, snapshotCounts, subscriptionOf } from "./support/db";
import { actionError, dataResponse } from "./support/html";
import { sha256Hex, uniqueEmail } from "./support/ids";

const DAY_MS = 24 * 60 * 60 * 1000;
const ROUTE = "routes/signup";

describe("POST /signup", () => {
  it("creates the user, the trial subscription and a hashed session, then redirects to /dashboard", async () => {
    const browser = new Browser();
    const email = uniqueEmail("new");
    const before = Date.now();
    const response = await browser.post("/signup", { email, password: "secret-1", confirmPassword: "secret-1" });
    const after = Date.now();

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(flashToast(response)).toEqual({ title: "Welcome!", description: "Your 30-day free trial has started." });

    const cookie = setCookies(response).get("tws_session");
    expect(cookie).toBeDefined();
    expect(cookie!.value).toMatch(/^[a-z2-7]{32,}$/);
    expect(cookie!.attributes.has("httponly")).toBe(true);
    expect(cookie!.attributes.get("samesite")).toBe("Lax");
    expect(cookie!.attributes.get("path")).toBe("/");
    // Plain http in tests: no Secure flag and no __Host- prefix.
    expect(cookie!.attributes.has("secure")).toBe(false);
    expect(Number(cookie!.attributes.get("max-age"))).toBeGreaterThan(29 * 24 * 60 * 60);

    const user = await findUser(email);
    expect(user).not.toBeNull();
    expect(user!.password_hash).toMatch(/^scrypt\$/);
    expect(user!.password_hash).not.toContain("secret-1");

    const subscription = await subscriptionOf(user!.id);
    expect(subscription).toMatchObject({
      is_admin: 0,
      is_subscribed: 0,
      queries_remaining: 5,
      queries_used: 0,
      subscription_end_date: null,
    });
    expect(subscription!.trial_end_date).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(subscription!.trial_end_date).toBeLessThanOrEqual(after + 30 * DAY_MS);

    const sessions = await sessionsOf(user!.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.id).toBe(await sha256Hex(cookie!.value));
    expect(sessions[0]!.id).not.toBe(cookie!.value);
    expect(sessions[0]!.expires_at).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(sessions[0]!.expires_at).toBeLessThanOrEqual(after + 30 * DAY_MS);

    // The new cookie signs the browser in.
    const dashboard = await browser.get("/dashboard");
    expect(dashboard.status).toBe(200);
  });

  it("trims and lower-cases the e-mail", async () => {
    const email = uniqueEmail("Mixed");
    const { userId } = await signUp({ email: `   ${email.toUpperCase()}  ` });
    const user = await findUser(email.toLowerCase());
    expect(user?.id).toBe(userId);
    expect(user?.email).toBe(email.toLowerCase());
  });

  it("never makes OWNER_EMAIL an admin at sign-up, whatever its case and spaces: it starts a trial like anyone", async () => {
    const response = await new Browser().post("/signup", {
      email: "  Owner@EXAMPLE.com ",
      password: "secret-1",
      confirmPassword: "secret-1",
    });
    expect(response.status).toBe(302);
    expect(flashToast(response)).toEqual({ title: "Welcome!", description: "Your 30-day free trial has started." });
    const user = await findUser("owner@example.com");
    const row = await subscriptionOf(user!.id);
    expect(row?.is_admin).toBe(0);
    expect(row?.queries_remaining).toBe(5);
  });

  it.each([
    ["a NUL", "owner@example.com\u0000"],
    ["an escape", "own\u001ber@example.com"],
    ["a zero-width space", "\u200bowner@example.com"],
    ["a right-to-left override", "owner@exa\u202emple.com"],
  ])("refuses an e-mail address with %s with the sign-up error and writes nothing", async (_, email) => {
    const before = await snapshotCounts();
    const response = await new Browser().post("/signup", { email, password: "secret-1", confirmPassword: "secret-1" });
    expect(response.status).toBe(400);
    expect(await actionError(response, ROUTE)).toBe("Please enter a valid e-mail address.");
    expect(await snapshotCounts()).toEqual(before);
  });

  it("rejects a duplicate e-mail in another case with 409 and writes nothing", async () => {
    const email = uniqueEmail("dup");
    const first = await signUp({ email });
    const before = await snapshotCounts();
    const sessionsBefore = await sessionsOf(first.userId);
    const hashBefore = (await findUser(email))?.password_hash;

    const browser = new Browser();
    const response = await browser.post("/signup", {
      email: ` ${email.toUpperCase()} `,
      password: "another-pass",
      confirmPassword: "another-pass",
    });
    expect(response.status).toBe(409);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("tws_session="))).toBe(false);
    expect(await actionError(response, ROUTE)).toBe(
      "An account with this e-mail already exists. Please sign in instead.",
    );
    expect(await snapshotCounts()).toEqual(before);
    expect(await sessionsOf(first.userId)).toEqual(sessionsBefore);
    // The first account's password is untouched.
    expect((await findUser(email))?.password_hash).toBe(hashBefore);
    const signIn = await new Browser().post("/?index", { intent: "signin", email, password: DEFAULT_PASSWORD });
    expect(signIn.status).toBe(302);
  });

  describe("validation (spec texts), nothing written", () => {
    const cases: [string, Record<string, string>, string][] = [
      ["all fields empty", { email: "", password: "", confirmPassword: "" }, "Please fill in all fields"],
      ["e-mail only spaces", { email: "   ", password: "secret-1", confirmPassword: "secret-1" }, "Please fill in all fields"],
      ["password missing", { email: "x@example.com", password: "", confirmPassword: "secret-1" }, "Please fill in all fields"],
      ["confirmation missing", { email: "x@example.com", password: "secret-1", confirmPassword: "" }, "Please fill in all fields"],
      ["fields absent", {}, "Please fill in all fields"],
      ["mismatch", { email: "x@example.com", password: "secret-1", confirmPassword: "secret-2" }, "Passwords do not match"],
      ["short password", { email: "x@example.com", password: "abc12", confirmPassword: "abc12" }, "Password must be at least 6 characters long."],
      ["not an e-mail", { email: "not-an-email", password: "secret-1", confirmPassword: "secret-1" }, "Please enter a valid e-mail address."],
    ];
    for (const [name, fields, message] of cases) {
      it(name, async () => {
        const before = await snapshotCounts();
        const response = await new Browser().post("/signup", fields);
        expect(response.status).toBe(400);
        expect(await actionError(response, ROUTE)).toBe(message);
        expect(await snapshotCounts()).toEqual(before);
      });
    }
  });

  describe("oversize input gets 400 with a clear message and writes nothing", () => {
    it("e-mail longer than 254 characters", async () => {
      const before = await snapshotCounts();
      const email = `${"a".repeat(250)}@example.com`;
      const response = await new Browser().post("/signup", { email, password: "secret-1", confirmPassword: "secret-1" });
      expect(response.status).toBe(400);
      expect(await actionError(response, ROUTE)).toBe("Please enter a valid e-mail address.");
      expect(await snapshotCounts()).toEqual(before);
    });

    it("password longer than 200 characters", async () => {
      const before = await snapshotCounts();
      const password = "p".repeat(201);
      const response = await new Browser().post("/signup", { email: uniqueEmail(), password, confirmPassword: password });
      expect(response.status).toBe(400);
      expect(await actionError(response, ROUTE)).toBe("Password must be at most 200 characters long.");
      expect(await snapshotCounts()).toEqual(before);
    });

    it("a password of exactly 200 characters is accepted", async () => {
      const password = "p".repeat(200);
      const { userId } = await signUp({ password });
      expect(await subscriptionOf(userId)).not.toBeNull();
    });

    it("form body over 64 KB (with Content-Length)", async () => {
      const before = await snapshotCounts();
      const response = await new Browser().post("/signup", {
        email: uniqueEmail(),
        password: "secret-1",
        confirmPassword: "secret-1",
        padding: "x".repeat(70 * 1024),
      });
      expect(response.status).toBe(413);
      expect(await actionError(response, ROUTE)).toBe("The form is too large.");
      expect(await snapshotCounts()).toEqual(before);
    });

    it("form body over 64 KB streamed without Content-Length", async () => {
      const before = await snapshotCounts();
      const body = new URLSearchParams({
        email: uniqueEmail(),
        password: "secret-1",
        confirmPassword: "secret-1",
        padding: "x".repeat(70 * 1024),
      }).toString();
      const bytes = new TextEncoder().encode(body);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let offset = 0; offset < bytes.length; offset += 8192) {
            controller.enqueue(bytes.slice(offset, offset + 8192));
          }
          controller.close();
        },
      });
      const response = await new Browser().postRaw("/signup", stream, {
        Accept: "text/html",
        "Content-Type": "application/x-www-form-urlencoded",
      });
      expect(response.status).toBe(413);
      expect(await actionError(response, ROUTE)).toBe("The form is too large.");
      expect(await snapshotCounts()).toEqual(before);
    });
  });

  describe("wrong types get 400 and write nothing", () => {
    it("multipart with a file in the password fields", async () => {
      const before = await snapshotCounts();
      const form = new FormData();
      form.set("email", uniqueEmail());
      form.set("password", new File(["secret-1"], "password.txt", { type: "text/plain" }));
      form.set("confirmPassword", new File(["secret-1"], "password.txt", { type: "text/plain" }));
      const response = await new Browser().postRaw("/signup", form, { Accept: "text/html" });
      expect(response.status).toBe(400);
      expect(await actionError(response, ROUTE)).toBe("Please fill in all fields");
      expect(await snapshotCounts()).toEqual(before);
    });

    it("a well-formed multipart form is accepted (the encoding itself is fine)", async () => {
      const email = uniqueEmail("multipart");
      const form = new FormData();
      form.set("email", email);
      form.set("password", "secret-1");
      form.set("confirmPassword", "secret-1");
      const response = await new Browser().postRaw("/signup", form, { Accept: "text/html" });
      expect(response.status).toBe(302);
      expect(await findUser(email)).not.toBeNull();
    });

    it("a JSON body", async () => {
      const before = await snapshotCounts();
      const response = await new Browser().postRaw(
        "/signup",
        JSON.stringify({ email: uniqueEmail(), password: "secret-1", confirmPassword: "secret-1" }),
        { Accept: "text/html", "Content-Type": "application/json" },
      );
      expect(response.status).toBe(400);
      expect(await actionError(response, ROUTE)).toBe("Unsupported form encoding.");
      expect(await snapshotCounts()).toEqual(before);
    });

    it("no content type at all", async () => {
      const before = await snapshotCounts();
      const body = new TextEncoder().encode(
        new URLSearchParams({ email: uniqueEmail(), password: "secret-1", confirmPassword: "secret-1" }).toString(),
      );
      const response = await new Browser().postRaw("/signup", body, { Accept: "text/html" });
      expect(response.status).toBe(400);
      expect(await actionError(response, ROUTE)).toBe("Unsupported form encoding.");
      expect(await snapshotCounts()).toEqual(before);
    });

    it("a malformed multipart body", async () => {
      const before = await snapshotCounts();
      const response = await new Browser().postRaw("/signup", "definitely not multipart", {
        Accept: "text/html",
        "Content-Type": "multipart/form-data; boundary=xyz",
      });
      expect(response.status).toBe(400);
      expect(await actionError(response, ROUTE)).toBe("The form could not be read.");
      expect(await snapshotCounts()).toEqual(before);
    });
  });
});

describe("POST /signup.data (the sign-up fetcher's data request)", () => {
  it("signs up and answers with a redirect to /dashboard plus the session cookie", async () => {
    const browser = new Browser();
    const email = uniqueEmail("fetcher");
    const response = await browser.post("/signup.data", { email, password: "secret-1", confirmPassword: "secret-1" });
    expect(response.status).toBe(202);
    expect(await dataResponse(response)).toMatchObject({ redirect: "/dashboard", status: 302 });
    const user = await findUser(email);
    expect(user).not.toBeNull();
    expect((await sessionsOf(user!.id))[0]?.id).toBe(await sha256Hex(browser.sessionToken()!));
  });

  it("answers validation problems with the error for the form", async () => {
    const before = await snapshotCounts();
    const response = await new Browser().post("/signup.data", { email: "a@b.co", password: "secret-1", confirmPassword: "secret-2" });
    expect(response.status).toBe(400);
    expect(await dataResponse(response)).toMatchObject({ data: { error: "Passwords do not match" } });
    expect(await snapshotCounts()).toEqual(before);
  });
});

describe("GET /signup", () => {
  it("shows the Create Account form to visitors", async () => {
    const response = await new Browser().get("/signup");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Create Account");
    expect(html).toContain("Already have an account? Sign In");
  });

  it("sends a signed-in user to /dashboard", async () => {
    const { browser } = await signUp();
    const response = await browser.get("/signup");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
  });
});
