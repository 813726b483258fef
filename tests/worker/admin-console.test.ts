/**
 * The owner's console (issue 14) through HTTP against the Worker: who may use it (a verified
 * admin; anyone else — signed out, a writer, an unverified admin — gets the dashboard redirect on
 * pages and a 404 from the API, and nothing changes), each action on a writer with its
 * validation and its audit entry, the last admin kept under concurrent removals, the writers
 * list's search, state filter, order and pages, and a generation moving the writer's last activity.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type SignedUpUser, signUp } from "./support/accounts";
import { Browser, ORIGIN } from "./support/browser";
import { execute } from "./support/db";
import { generateOk } from "./support/generation";
import { eventually } from "./support/wait";

type Row = Record<string, unknown>;

async function all(sql: string, ...params: unknown[]): Promise<Row[]> {
  const { results } = await env.DB.prepare(sql)
    .bind(...params)
    .all<Row>();
  return results;
}

async function one(sql: string, ...params: unknown[]): Promise<Row | null> {
  return (await all(sql, ...params))[0] ?? null;
}

async function makeAdmin(user: SignedUpUser, { verified = true } = {}) {
  await execute("UPDATE user_subscriptions SET is_admin = 1 WHERE user_id = ?", user.userId);
  if (verified) await execute("UPDATE users SET email_verified_at = ? WHERE id = ?", Date.now(), user.userId);
  return user;
}

function act(browser: Browser, writerId: string, action: string, body: unknown = {}) {
  return browser.request(`/api/admin/writers/${writerId}/${action}`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
}

const subscriptionRow = (userId: string) => one("SELECT is_admin, queries_remaining, trial_end_date FROM user_subscriptions WHERE user_id = ?", userId);
const sessionCount = async (userId: string) => Number((await one("SELECT count(*) AS n FROM sessions WHERE user_id = ?", userId))!.n);
const auditRows = (targetUserId: string) =>
  all("SELECT action, admin_email, target, before, after FROM admin_audit WHERE target_user_id = ? ORDER BY created_at, rowid", targetUserId);

describe("who may use the console", () => {
  it("pages: anyone but a verified admin is sent to the dashboard (signed out: to /)", async () => {
    const writer = await signUp();
    const unverifiedAdmin = await makeAdmin(await signUp(), { verified: false });
    const admin = await makeAdmin(await signUp());
    for (const path of ["/admin", "/admin/writers", `/admin/writers/${writer.userId}`, "/admin/audit"]) {
      expect((await new Browser().get(path)).headers.get("Location"), path).toBe("/");
      for (const who of [writer, unverifiedAdmin]) {
        const response = await who.browser.get(path);
        expect(response.status, path).toBe(302);
        expect(response.headers.get("Location"), path).toBe("/dashboard");
      }
    }
    expect((await admin.browser.get("/admin/writers")).status).toBe(200);
    expect((await admin.browser.get("/admin")).status).toBe(200);
  });

  it("API: every action replayed by a writer, an unverified admin or nobody is a 404 and changes nothing", async () => {
    const target = await signUp();
    const writer = await signUp();
    const unverifiedAdmin = await makeAdmin(await signUp(), { verified: false });
    const before = await subscriptionRow(target.userId);
    const sessionsBefore = await sessionCount(target.userId);
    for (const browser of [writer.browser, unverifiedAdmin.browser, new Browser()]) {
      for (const [action, body] of [["add-conversations", { amount: 3 }], ["extend-trial", { amount: 30 }], ["sign-out", {}], ["make-admin", {}], ["remove-admin", {}], ["delete", {}]] as const) {
        const response = await act(browser, target.userId, action, body);
        expect(response.status, action).toBe(404);
      }
    }
    expect(await subscriptionRow(target.userId)).toEqual(before);
    expect(await sessionCount(target.userId)).toBe(sessionsBefore);
    expect(await auditRows(target.userId)).toEqual([]);
    expect(await one("SELECT id FROM users WHERE id = ?", target.userId)).not.toBeNull();
  });
});

describe("actions on a writer", () => {
  it("add trial conversations: 1–100, audited with before → after; bad numbers change nothing", async () => {
    const admin = await makeAdmin(await signUp());
    const writer = await signUp();
    for (const amount of [0, 101, 2.5, "3", null]) {
      const response = await act(admin.browser, writer.userId, "add-conversations", { amount });
      expect(response.status, String(amount)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe("Enter a whole number from 1 to 100.");
    }
    expect((await subscriptionRow(writer.userId))!.queries_remaining).toBe(5);
    expect((await act(admin.browser, writer.userId, "add-conversations", { amount: 3 })).status).toBe(200);
    expect((await subscriptionRow(writer.userId))!.queries_remaining).toBe(8);
    expect(await auditRows(writer.userId)).toEqual([{ action: "add-conversations", admin_email: admin.email, target: writer.email, before: "5", after: "8" }]);
    // The writer's dashboard card says so.
    expect(await (await writer.browser.get("/dashboard")).text()).toContain("8 of 8 trial conversations left");
  });

  it("extend the trial from its end (or from now when it is over); sign out everywhere", async () => {
    const admin = await makeAdmin(await signUp());
    const writer = await signUp();
    const end = Number((await subscriptionRow(writer.userId))!.trial_end_date);
    expect((await act(admin.browser, writer.userId, "extend-trial", { amount: 366 })).status).toBe(400);
    expect((await act(admin.browser, writer.userId, "extend-trial", { amount: 7 })).status).toBe(200);
    expect(Number((await subscriptionRow(writer.userId))!.trial_end_date)).toBe(end + 7 * 24 * 60 * 60 * 1000);
    await execute("UPDATE user_subscriptions SET trial_end_date = ? WHERE user_id = ?", Date.now() - 1000, writer.userId);
    const now = Date.now();
    expect((await act(admin.browser, writer.userId, "extend-trial", { amount: 1 })).status).toBe(200);
    expect(Number((await subscriptionRow(writer.userId))!.trial_end_date)).toBeGreaterThanOrEqual(now + 24 * 60 * 60 * 1000);

    expect(await sessionCount(writer.userId)).toBe(1);
    expect((await act(admin.browser, writer.userId, "sign-out")).status).toBe(200);
    expect(await sessionCount(writer.userId)).toBe(0);
    expect((await writer.browser.get("/dashboard")).status).toBe(302);
    expect((await auditRows(writer.userId)).map((row) => row.action)).toEqual(["extend-trial", "extend-trial", "sign-out"]);
  });

  it("unknown writer or action: 404, nothing recorded", async () => {
    const admin = await makeAdmin(await signUp());
    expect((await act(admin.browser, crypto.randomUUID(), "add-conversations", { amount: 1 })).status).toBe(404);
    const writer = await signUp();
    expect((await act(admin.browser, writer.userId, "format-disk")).status).toBe(404);
    expect(await auditRows(writer.userId)).toEqual([]);
  });

  it("make and remove admin; never the last admin, even when two admins remove each other at once", async () => {
    const first = await makeAdmin(await signUp());
    const second = await signUp();
    expect((await act(first.browser, second.userId, "make-admin")).status).toBe(200);
    await execute("UPDATE users SET email_verified_at = ? WHERE id = ?", Date.now(), second.userId);
    // Every other admin row (other test files' admins) is set aside so these two are the only ones.
    const others = await all("SELECT user_id FROM user_subscriptions WHERE is_admin = 1 AND user_id NOT IN (?, ?)", first.userId, second.userId);
    await execute(`UPDATE user_subscriptions SET is_admin = 0 WHERE user_id IN (SELECT value FROM json_each(?))`, JSON.stringify(others.map((row) => row.user_id)));
    try {
      const [a, b] = await Promise.all([act(first.browser, second.userId, "remove-admin"), act(second.browser, first.userId, "remove-admin")]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const admins = await one("SELECT count(*) AS n FROM user_subscriptions WHERE is_admin = 1 AND user_id IN (?, ?)", first.userId, second.userId);
      expect(admins!.n).toBe(1);
      // The audit log has the removal that happened, and none for the one refused.
      const removals = await all(
        "SELECT target_user_id FROM admin_audit WHERE action = 'remove-admin' AND target_user_id IN (?, ?)",
        first.userId,
        second.userId,
      );
      const removed = a.status === 200 ? second.userId : first.userId;
      expect(removals.map((row) => row.target_user_id)).toEqual([removed]);
    } finally {
      await execute(`UPDATE user_subscriptions SET is_admin = 1 WHERE user_id IN (SELECT value FROM json_each(?))`, JSON.stringify(others.map((row) => row.user_id)));
    }
  });

  it("an unverified admin is not another admin: the owner cannot remove their own admin and leave nobody to open the console (issue 31)", async () => {
    const owner = await makeAdmin(await signUp());
    const newcomer = await signUp();
    expect((await act(owner.browser, newcomer.userId, "make-admin")).status).toBe(200);
    const others = await all("SELECT user_id FROM user_subscriptions WHERE is_admin = 1 AND user_id NOT IN (?, ?)", owner.userId, newcomer.userId);
    await execute(`UPDATE user_subscriptions SET is_admin = 0 WHERE user_id IN (SELECT value FROM json_each(?))`, JSON.stringify(others.map((row) => row.user_id)));
    try {
      const refused = await act(owner.browser, owner.userId, "remove-admin");
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: string }).error).toBe("This is the last admin: make someone else admin first.");
      expect((await subscriptionRow(owner.userId))!.is_admin).toBe(1);
      expect((await owner.browser.get("/admin")).status).toBe(200);
      // Once the newcomer confirms the address, they count, and the owner may step down.
      await execute("UPDATE users SET email_verified_at = ? WHERE id = ?", Date.now(), newcomer.userId);
      expect((await act(owner.browser, owner.userId, "remove-admin")).status).toBe(200);
      expect((await newcomer.browser.get("/admin")).status).toBe(200);
    } finally {
      await execute(`UPDATE user_subscriptions SET is_admin = 1 WHERE user_id IN (SELECT value FROM json_each(?))`, JSON.stringify(others.map((row) => row.user_id)));
    }
  });

  it("delete the account and its data (audited; the admin cannot delete themselves here)", async () => {
    const admin = await makeAdmin(await signUp());
    const writer = await signUp();
    expect((await act(admin.browser, admin.userId, "delete")).status).toBe(409);
    expect((await act(admin.browser, writer.userId, "delete")).status).toBe(200);
    expect(await one("SELECT id FROM users WHERE id = ?", writer.userId)).toBeNull();
    expect(await one("SELECT user_id FROM user_subscriptions WHERE user_id = ?", writer.userId)).toBeNull();
    expect((await auditRows(writer.userId)).map((row) => [row.action, row.target])).toEqual([["delete", writer.email]]);
    expect((await act(admin.browser, writer.userId, "delete")).status).toBe(404);
  });
});

describe("the writers list", () => {
  it("searches by e-mail, filters by state, orders by last activity and pages", async () => {
    const admin = await makeAdmin(await signUp());
    const tag = `list${crypto.randomUUID().slice(0, 8)}`;
    const writers: SignedUpUser[] = [];
    for (let i = 0; i < 3; i++) writers.push(await signUp({ email: `${tag}-${i}@example.test` }));
    await execute("UPDATE users SET last_active_at = ? WHERE id = ?", 3_000, writers[0]!.userId);
    await execute("UPDATE users SET last_active_at = ? WHERE id = ?", 9_000, writers[2]!.userId);
    await execute("UPDATE user_subscriptions SET queries_remaining = 0 WHERE user_id = ?", writers[1]!.userId);
    const emailsOn = async (query: string) => {
      const html = await (await admin.browser.get(`/admin/writers?${query}`)).text();
      // Each e-mail is in the page twice (the table, then the data the page hydrates from).
      return [...new Set([...html.matchAll(new RegExp(`${tag}-\\d@example\\.test`, "g"))].map((match) => match[0]))];
    };
    // Most recently active first, never active last; the search matches part of the e-mail.
    expect(await emailsOn(`q=${tag}`)).toEqual([`${tag}-2@example.test`, `${tag}-0@example.test`, `${tag}-1@example.test`]);
    expect(await emailsOn(`q=${tag}&state=trial-used-up`)).toEqual([`${tag}-1@example.test`]);
    expect(await emailsOn(`q=${tag}&state=subscribed`)).toEqual([]);
    // A LIKE wildcard in the search is a plain character.
    expect(await emailsOn("q=%25")).toEqual([]);
    // A long search (a whole long address, past the 50 bytes D1 allows a LIKE pattern) still answers (issue 31).
    const long = await signUp({ email: `${tag}-${"long-address-of-a-writer".repeat(3)}@example.test` });
    const page = await admin.browser.get(`/admin/writers?q=${encodeURIComponent(long.email)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(long.email);
    expect((await admin.browser.get(`/admin/writers?q=${"x".repeat(200)}`)).status).toBe(200);
    // The next page starts after the last one shown.
    expect(await emailsOn(`q=${tag}&after=9000.${writers[2]!.userId}`)).toEqual([`${tag}-0@example.test`, `${tag}-1@example.test`]);
  });

  it("a generation moves the writer's last activity", async () => {
    const writer = await signUp();
    expect((await one("SELECT last_active_at FROM users WHERE id = ?", writer.userId))!.last_active_at).toBeNull();
    await generateOk(writer.browser, { kind: "initial", tool: "poetry", element: "imagery", fields: { premise: "last activity" } });
    await eventually(async () => (await one("SELECT last_active_at FROM users WHERE id = ?", writer.userId))!.last_active_at);
  });
});
