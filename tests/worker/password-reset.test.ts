import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type SignedUpUser, signIn, signUp } from "./support/accounts";
import { Browser, expectSessionExpired, flashToast } from "./support/browser";
import { execute, findUser, sessionsOf, snapshotCounts } from "./support/db";
import { interceptEmail, resetLinkFrom } from "./support/email";
import { actionError, routerData, visibleText } from "./support/html";
import { sha256Hex, uniqueEmail } from "./support/ids";
import { eventually } from "./support/wait";

const ROUTE = "routes/password-reset";
const INVALID_LINK = "This reset link is invalid or has expired. Please request a new one.";

let mail: ReturnType<typeof interceptEmail> | undefined;
afterEach(() => {
  mail?.restore();
  mail = undefined;
});

/** Requests a reset for the user and returns the link from the one e-mail it sends. */
async function requestLink(user: SignedUpUser) {
  mail = interceptEmail();
  const response = await new Browser().post("/password-reset", { intent: "request", email: user.email });
  expect(response.status).toBe(200);
  const sent = await eventually(async () => mail!.sent[0]);
  const link = resetLinkFrom(sent);
  mail.restore();
  mail = undefined;
  return link;
}

describe("GET /password-reset", () => {
  it("shows the request form to anyone, signed in or not", async () => {
    const visitor = await new Browser().get("/password-reset");
    expect(visitor.status).toBe(200);
    expect(visibleText(await visitor.text())).toContain("Reset your password");
    const { browser } = await signUp();
    const member = await browser.get("/password-reset");
    expect(member.status).toBe(200);
  });
});

describe("requesting a reset", () => {
  it("answers the same for an existing and an unknown e-mail; only the existing one gets mail", async () => {
    const user = await signUp();
    mail = interceptEmail();
    const existing = await new Browser().post("/password-reset", { intent: "request", email: ` ${user.email.toUpperCase()} ` });
    const unknown = await new Browser().post("/password-reset", { intent: "request", email: uniqueEmail("ghost") });

    expect(existing.status).toBe(200);
    expect(unknown.status).toBe(existing.status);
    const existingData = routerData(await existing.text()).actionData?.[ROUTE];
    const unknownData = routerData(await unknown.text()).actionData?.[ROUTE];
    expect(existingData).toEqual({ sent: true, intent: "request" });
    expect(unknownData).toEqual(existingData);

    // The e-mail goes out after the answer; the unknown address never gets one.
    await eventually(async () => mail!.sent.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mail.sent).toHaveLength(1);
    const [email] = mail.sent;
    expect(email!.to).toEqual([user.email]);
    expect(email!.from).toBe(env.EMAIL_FROM);
    expect(email!.subject).toBe("Reset your password for The Write Stuff");
    expect(mail.authorizations).toEqual([`Bearer ${env.EMAIL_API_KEY}`]);
    const link = resetLinkFrom(email!);
    expect(link.path).toMatch(/^\/password-reset\?token=[a-z2-7]{32,}$/);
    expect(email!.html).toContain(link.path);

    // Stored hashed, with a one-hour lifetime.
    const row = await env.DB.prepare("SELECT * FROM password_reset_tokens WHERE user_id = ?")
      .bind(user.userId)
      .first<{ id: string; expires_at: number; used_at: number | null }>();
    expect(row!.id).toBe(await sha256Hex(link.token));
    expect(row!.used_at).toBeNull();
    expect(row!.expires_at - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(row!.expires_at - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it("validates the e-mail field and sends nothing", async () => {
    mail = interceptEmail();
    const before = await snapshotCounts();
    for (const email of ["", "   ", "not-an-email", `${"a".repeat(250)}@example.com`]) {
      const response = await new Browser().post("/password-reset", { intent: "request", email });
      expect(response.status).toBe(400);
      expect(await actionError(response, ROUTE)).toBe("Please enter a valid e-mail address.");
    }
    const json = await new Browser().postRaw("/password-reset", JSON.stringify({ intent: "request", email: "a@b.co" }), {
      Accept: "text/html",
      "Content-Type": "application/json",
    });
    expect(json.status).toBe(400);
    const unknownIntent = await new Browser().post("/password-reset", { intent: "explode", email: "a@b.co" });
    expect(unknownIntent.status).toBe(400);
    expect(await actionError(unknownIntent, ROUTE)).toBe("Unknown action.");
    expect(mail.sent).toHaveLength(0);
    expect(await snapshotCounts()).toEqual(before);
  });

  it("answers without waiting for the e-mail API: the answer is the same before the e-mail is delivered", async () => {
    const user = await signUp();
    mail = interceptEmail({ hold: true });
    const response = await new Browser().post("/password-reset", { intent: "request", email: user.email });
    // Delivery is still pending (held), yet the writer already has the answer.
    expect(response.status).toBe(200);
    expect(routerData(await response.text()).actionData?.[ROUTE]).toEqual({ sent: true, intent: "request" });
    await eventually(async () => mail!.sent.length === 1);
    mail.release();
  });

  it("a failing e-mail API is logged, never hinted to the requester: the answer stays 'sent'", async () => {
    const user = await signUp();
    mail = interceptEmail({ status: 500 });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await new Browser().post("/password-reset", { intent: "request", email: user.email });
    expect(response.status).toBe(200);
    expect(routerData(await response.text()).actionData?.[ROUTE]).toEqual({ sent: true, intent: "request" });
    await eventually(async () => logged.mock.calls.some(([message]) => message === "password reset e-mail failed"));
    logged.mockRestore();
    expect(mail.sent).toHaveLength(1);
  });
});

describe("choosing a new password", () => {
  it("shows the choose form for a good token and the spec text for a bad one", async () => {
    const user = await signUp();
    const link = await requestLink(user);

    const good = await new Browser().get(link.path);
    expect(good.status).toBe(200);
    const goodText = visibleText(await good.text());
    expect(goodText).toContain("Choose a new password");
    expect(goodText).toContain("New Password");
    expect(goodText).not.toContain(INVALID_LINK);

    for (const path of ["/password-reset?token=not-a-real-token", "/password-reset?token=", `/password-reset?token=${"a".repeat(500)}`]) {
      const bad = await new Browser().get(path);
      expect(bad.status).toBe(200);
      const text = visibleText(await bad.text());
      expect(text).toContain(INVALID_LINK);
      expect(text).not.toContain("New Password");
    }
  });

  it("changes the password, revokes every session, sends to /#signin, and works only once", async () => {
    const user = await signUp();
    const second = await signIn(user.email, user.password);
    expect(await sessionsOf(user.userId)).toHaveLength(2);
    const hashBefore = (await findUser(user.email))!.password_hash;
    const link = await requestLink(user);

    const response = await new Browser().post("/password-reset", {
      intent: "reset",
      token: link.token,
      password: "reset-pass-1",
      confirmPassword: "reset-pass-1",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/#signin");
    expect(flashToast(response)?.title).toBe("Password Updated");

    expect((await findUser(user.email))!.password_hash).not.toBe(hashBefore);
    expect(await sessionsOf(user.userId)).toHaveLength(0);
    expectSessionExpired(await user.browser.get("/dashboard"));
    expectSessionExpired(await second.browser.get("/dashboard"));

    // Single use: the link page now says it is invalid, and a second completion fails.
    expect(visibleText(await (await new Browser().get(link.path)).text())).toContain(INVALID_LINK);
    const again = await new Browser().post("/password-reset", {
      intent: "reset",
      token: link.token,
      password: "reset-pass-2",
      confirmPassword: "reset-pass-2",
    });
    expect(again.status).toBe(400);
    expect(await actionError(again, ROUTE)).toBe(INVALID_LINK);

    expect((await signIn(user.email, user.password)).response.status).toBe(401);
    expect((await signIn(user.email, "reset-pass-2")).response.status).toBe(401);
    expect((await signIn(user.email, "reset-pass-1")).response.status).toBe(302);
  });

  it("validates the new password with the password-change texts and keeps the token usable", async () => {
    const user = await signUp();
    const link = await requestLink(user);
    const cases: [Record<string, string>, string][] = [
      [{ password: "", confirmPassword: "" }, "Please fill in both password fields."],
      [{ password: "reset-pass-1", confirmPassword: "reset-pass-2" }, "Passwords do not match."],
      [{ password: "short", confirmPassword: "short" }, "Password must be at least 6 characters long."],
      [{ password: "p".repeat(201), confirmPassword: "p".repeat(201) }, "Password must be at most 200 characters long."],
    ];
    for (const [fields, message] of cases) {
      const response = await new Browser().post("/password-reset", { intent: "reset", token: link.token, ...fields });
      expect(response.status).toBe(400);
      expect(await actionError(response, ROUTE)).toBe(message);
    }
    expect(await sessionsOf(user.userId)).toHaveLength(1);
    expect(visibleText(await (await new Browser().get(link.path)).text())).not.toContain(INVALID_LINK);
  });

  it("refuses a wrong or missing token", async () => {
    for (const token of ["", "nope", "x".repeat(101)]) {
      const response = await new Browser().post("/password-reset", {
        intent: "reset",
        token,
        password: "reset-pass-1",
        confirmPassword: "reset-pass-1",
      });
      expect(response.status).toBe(400);
      expect(await actionError(response, ROUTE)).toBe(INVALID_LINK);
    }
  });

  it("refuses an expired token", async () => {
    const user = await signUp();
    const link = await requestLink(user);
    await execute("UPDATE password_reset_tokens SET expires_at = ? WHERE id = ?", Date.now() - 1000, await sha256Hex(link.token));

    expect(visibleText(await (await new Browser().get(link.path)).text())).toContain(INVALID_LINK);
    const hashBefore = (await findUser(user.email))!.password_hash;
    const response = await new Browser().post("/password-reset", {
      intent: "reset",
      token: link.token,
      password: "reset-pass-1",
      confirmPassword: "reset-pass-1",
    });
    expect(response.status).toBe(400);
    expect(await actionError(response, ROUTE)).toBe(INVALID_LINK);
    expect((await findUser(user.email))!.password_hash).toBe(hashBefore);
    expect(await sessionsOf(user.userId)).toHaveLength(1);
  });

  it("lets exactly one of two concurrent completions with the same token win", async () => {
    const user = await signUp();
    const link = await requestLink(user);
    const [first, second] = await Promise.all(
      ["race-pass-a", "race-pass-b"].map((password) =>
        new Browser().post("/password-reset", { intent: "reset", token: link.token, password, confirmPassword: password }),
      ),
    );
    const statuses = [first!.status, second!.status].sort();
    expect(statuses).toEqual([302, 400]);
    const winner = first!.status === 302 ? "race-pass-a" : "race-pass-b";
    const loser = winner === "race-pass-a" ? "race-pass-b" : "race-pass-a";
    expect((await signIn(user.email, loser)).response.status).toBe(401);
    expect((await signIn(user.email, winner)).response.status).toBe(302);
  });

  it("a newer link burns the older ones when it is used", async () => {
    const user = await signUp();
    const older = await requestLink(user);
    const newer = await requestLink(user);
    expect(older.token).not.toBe(newer.token);
    const used = await new Browser().post("/password-reset", {
      intent: "reset",
      token: newer.token,
      password: "reset-pass-1",
      confirmPassword: "reset-pass-1",
    });
    expect(used.status).toBe(302);
    const stale = await new Browser().post("/password-reset", {
      intent: "reset",
      token: older.token,
      password: "reset-pass-2",
      confirmPassword: "reset-pass-2",
    });
    expect(stale.status).toBe(400);
    expect(await actionError(stale, ROUTE)).toBe(INVALID_LINK);
  });
});
