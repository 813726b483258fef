/**
 * A writer's own data (issue 14): "Download all my data" (GET /api/account/export.zip) holds
 * their account, plan, every conversation as Markdown and JSON and every project's bible — and
 * nothing of anyone else, streamed a page of conversations at a time (issue 31); "Delete my
 * account" (POST /account/delete) needs the password — through the one password limiter —
 * cancels the Stripe subscription at once at the stand-in, removes every row of the writer table
 * by table, mails a confirmation, signs out, and leaves the e-mail free to sign up again, with
 * what was left of its trial (remembered as a keyed hash of the address only).
 */
import { env } from "cloudflare:workers";
import { strFromU8, unzipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createD1Database } from "../../db/client";
import { createEntries } from "../../db/queries/bible-entries";
import { WRITER_TABLES } from "../../db/queries/account-data";
import { createProject } from "../../db/queries/projects";
import { MAX_ENTRIES_PER_PROJECT, MAX_PROJECTS_PER_WRITER } from "../../app/rules/project-limits";
import { accountDeleteTexts } from "../../app/messages/account-data";
import { payStripeCheckout, stripeState } from "../mocks/stripe-control";
import { CONFIRMATION_SUBJECT, type SentEmail } from "./support/email";
import { type SignedUpUser, signIn, signUp } from "./support/accounts";
import { Browser, flashToast, startOfQuietRateLimitWindow } from "./support/browser";
import { seedEntry } from "./support/history-seed";
import { STAND_IN_URL } from "./support/generation";
import { eventually } from "./support/wait";

const db = () => createD1Database(env.DB);

/** The app's e-mails are recorded; every other request (Stripe, the stand-ins) goes through. */
function recordEmails() {
  const sent: SentEmail[] = [];
  const original = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url !== `${env.EMAIL_API_BASE}/emails`) return original(input, init);
    const email = (await request.json()) as SentEmail;
    if (email.subject !== CONFIRMATION_SUBJECT) sent.push(email);
    return Response.json({ id: crypto.randomUUID() });
  });
  return sent;
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function exportZip(user: SignedUpUser): Promise<Record<string, string>> {
  const response = await user.browser.request("/api/account/export.zip");
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/zip");
  expect(response.headers.get("Content-Disposition")).toMatch(/filename="the-write-stuff-data-\d{4}-\d{2}-\d{2}\.zip"/);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, strFromU8(bytes)]));
}

async function giveProject(user: SignedUpUser, title: string) {
  const project = await createProject({ db: db(), userId: user.userId, title, limit: MAX_PROJECTS_PER_WRITER });
  if (project === "limit") throw new Error("limit");
  const entries = [{ kind: "character" as const, name: "Agnes Pell", aliases: [], description: "The keeper.", notes: "Dies in act three.", alwaysInclude: false }];
  await createEntries({ db: db(), userId: user.userId, projectId: project.id, entries, limit: MAX_ENTRIES_PER_PROJECT });
  return project;
}

/** How many rows of each of the writer's tables name `userId` (conversations' messages by their conversation). */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of WRITER_TABLES) {
    const where =
      table === "users"
        ? "id = ?1"
        : table === "query_messages"
          ? "conversation_id IN (SELECT conversation_id FROM query_history WHERE user_id = ?1) OR conversation_id IN (SELECT value FROM json_each(?2))"
          : "user_id = ?1";
    const params = table === "query_messages" ? [userId, JSON.stringify(conversationsSeen.get(userId) ?? [])] : [userId];
    const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
      .bind(...params)
      .first<{ n: number }>();
    counts[table] = row!.n;
  }
  return counts;
}
const conversationsSeen = new Map<string, string[]>();

async function seedConversation(user: SignedUpUser, marker: string) {
  const seeded = await seedEntry(user.userId, { queryType: "poetry", element: "imagery", prompt: `Prompt ${marker}`, answer: `Answer ${marker}`, details: JSON.stringify({ premise: marker }) });
  conversationsSeen.set(user.userId, [...(conversationsSeen.get(user.userId) ?? []), seeded.conversationId]);
  return seeded;
}

describe("GET /api/account/export.zip", () => {
  it("holds the writer's account, plan, conversations (Markdown and JSON) and bibles — nobody else's", async () => {
    const writer = await signUp();
    const other = await signUp();
    const mine = `mine-${crypto.randomUUID()}`;
    const theirs = `theirs-${crypto.randomUUID()}`;
    await seedConversation(writer, mine);
    await seedConversation(other, theirs);
    await giveProject(writer, "The Lock House");
    await giveProject(other, "Someone Else's Book");

    const files = await exportZip(writer);
    const account = JSON.parse(files["account.json"]!) as Record<string, unknown> & { plan: Record<string, unknown> };
    expect(account).toMatchObject({ email: writer.email, emailVerifiedAt: null, conversations: 1, projects: 1 });
    expect(account.plan).toMatchObject({ admin: false, subscribed: false, trialConversationsLeft: 5, trialConversationsUsed: 0 });
    expect(JSON.stringify(account)).not.toMatch(/password|scrypt|session/i);
    const markdown = Object.keys(files).filter((path) => /^conversations\/poetry\/.+\.md$/.test(path));
    expect(markdown).toHaveLength(1);
    expect(files[markdown[0]!]).toContain(`Answer ${mine}`);
    const asJson = JSON.parse(files[markdown[0]!.replace(/\.md$/, ".json")]!) as { turns: { content: string }[]; details: Record<string, string> };
    expect(asJson.details).toEqual({ premise: mine });
    expect(asJson.turns.map((turn) => turn.content).join("\n")).toContain(`Answer ${mine}`);
    expect(files["projects/the-lock-house/bible.md"]).toMatch(/### Agnes Pell[\s\S]*Dies in act three\./);
    expect(files["README.md"]).toContain(writer.email);
    const everything = Object.values(files).join("\n");
    expect(everything).not.toContain(theirs);
    expect(everything).not.toContain("Someone Else's Book");
    expect(everything).not.toContain(other.email);
  });

  it("is streamed, a page of conversations at a time: all of them, each once, in order (issue 31)", async () => {
    const writer = await signUp();
    const markers = Array.from({ length: 123 }, (_, n) => `streamed-${String(n).padStart(3, "0")}-${crypto.randomUUID().slice(0, 8)}`);
    for (const marker of markers) await seedConversation(writer, marker);
    const response = await writer.browser.request("/api/account/export.zip");
    expect(response.status).toBe(200);
    // No length up front: the archive is written as it is sent.
    expect(response.headers.get("Content-Length")).toBeNull();
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const markdown = Object.entries(files)
      .filter(([path]) => /^conversations\/poetry\/.+\.md$/.test(path))
      .map(([, bytes]) => strFromU8(bytes));
    expect(markdown).toHaveLength(123);
    const found = markers.filter((marker) => markdown.some((text) => text.includes(`Answer ${marker}`)));
    expect(found).toEqual(markers);
    expect(JSON.parse(strFromU8(files["account.json"]!))).toMatchObject({ conversations: 123 });
    expect(strFromU8(files["README.md"]!)).toContain("123 conversations");
  });

  it("is a 401 signed out", async () => {
    const response = await new Browser().request("/api/account/export.zip", { headers: { Accept: "application/json" } });
    expect(response.status).toBe(401);
  });
});

function deleteAccount(user: SignedUpUser, password: string) {
  return user.browser.post("/account/delete", { intent: "delete-account", password });
}

describe("POST /account/delete (Delete my account: the dialog's and the page's form)", () => {
  it("a wrong or missing password deletes nothing", async () => {
    const writer = await signUp();
    await seedConversation(writer, `keep-${crypto.randomUUID()}`);
    const before = await rowsOf(writer.userId);
    for (const password of ["not my password", ""]) {
      const response = await deleteAccount(writer, password);
      expect(response.status).toBe(password ? 403 : 400);
      expect(await response.text()).toContain(password ? accountDeleteTexts.wrongPassword : accountDeleteTexts.passwordRequired);
    }
    expect(await rowsOf(writer.userId)).toEqual(before);
    expect((await writer.browser.get("/dashboard")).status).toBe(200);
  });

  it("removes every row of the writer, cancels the subscription at once, mails, signs out; the e-mail can sign up again", async () => {
    const sent = recordEmails();
    const writer = await signUp();
    const other = await signUp();
    await seedConversation(writer, `gone-${crypto.randomUUID()}`);
    await seedConversation(other, `stays-${crypto.randomUUID()}`);
    await giveProject(writer, "Gone Book");
    await giveProject(other, "Staying Book");
    // A subscription paid at the Stripe stand-in.
    const subscribe = await writer.browser.postRaw("/api/billing/subscribe", null, { Accept: "application/json" });
    expect(subscribe.status).toBe(200);
    const { checkout_url } = (await subscribe.json()) as { checkout_url: string };
    expect((await payStripeCheckout(checkout_url)).status).toBe(303);
    const sessionId = checkout_url.split("/").pop()!;
    const subscriptionId = (await stripeState(STAND_IN_URL)).sessions.find((session) => session.id === sessionId)!.subscription as string;
    const otherBefore = await rowsOf(other.userId);
    // The writer has rows in the tables a deletion must empty.
    expect(await rowsOf(writer.userId)).toMatchObject({ users: 1, user_subscriptions: 1, sessions: 1, query_history: 1, query_messages: 2, projects: 1, bible_entries: 1 });

    const response = await deleteAccount(writer, writer.password);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(flashToast(response)).toMatchObject(accountDeleteTexts.deleted);

    const after = await rowsOf(writer.userId);
    expect(after, "every table is empty of the writer").toEqual(Object.fromEntries(WRITER_TABLES.map((table) => [table, 0])));
    expect(await rowsOf(other.userId), "another writer keeps everything").toEqual(otherBefore);
    const subscription = (await stripeState(STAND_IN_URL)).subscriptions.find((one) => one.id === subscriptionId)!;
    expect(subscription.status).toBe("canceled");
    const farewell = await eventually(async () => sent.find((mail) => mail.subject === "Your The Write Stuff account was deleted"));
    expect(farewell.to).toContain(writer.email);
    // Signed out, and the old password no longer signs in.
    expect((await writer.browser.get("/dashboard")).status).toBe(302);
    expect((await signIn(writer.email, writer.password)).response.status).not.toBe(302);
    // The same e-mail signs up again as a new writer, with what was left of its trial.
    const again = await signUp({ email: writer.email });
    expect(again.userId).not.toBe(writer.userId);
    const files = await exportZip(again);
    expect(JSON.parse(files["account.json"]!)).toMatchObject({ conversations: 0, projects: 0, plan: { trialConversationsLeft: 5 } });
  });

  it("deleting and signing up again continues the trial, never a fresh one; only a keyed hash of the address is kept (issue 31)", async () => {
    const writer = await signUp();
    // Three trial conversations used, and the trial half over.
    const endsAt = Date.now() + 15 * 24 * 60 * 60 * 1000;
    await env.DB.prepare("UPDATE user_subscriptions SET queries_remaining = 2, queries_used = 3, trial_end_date = ? WHERE user_id = ?").bind(endsAt, writer.userId).run();
    expect((await deleteAccount(writer, writer.password)).status).toBe(302);
    const memory = await env.DB.prepare("SELECT * FROM trial_memory").all<Record<string, unknown>>();
    const row = memory.results.find((one) => one.conversations_left === 2 && one.trial_ends_at === endsAt)!;
    expect(Object.keys(row).sort()).toEqual(["address_hash", "conversations_left", "trial_ends_at", "updated_at"]);
    expect(row.address_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(memory.results)).not.toContain(writer.email);
    expect(JSON.stringify(memory.results)).not.toContain(writer.email.split("@")[0]);

    const browser = new Browser();
    const again = await browser.post("/signup", { email: writer.email.toUpperCase(), password: "another-1", confirmPassword: "another-1" });
    expect(again.status).toBe(302);
    expect(flashToast(again)).toEqual({ title: "Welcome back!", description: "This address had a free trial before, so yours continues where it left off: 2 trial conversations left." });
    const dashboard = await browser.get("/dashboard");
    expect(await dashboard.text()).toContain("2 of 5 trial conversations left");

    // With nothing left, the next account starts with nothing: the toast says to subscribe.
    const user = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(writer.email).first<{ id: string }>();
    await env.DB.prepare("UPDATE user_subscriptions SET queries_remaining = 0 WHERE user_id = ?").bind(user!.id).run();
    expect((await browser.post("/account/delete", { intent: "delete-account", password: "another-1" })).status).toBe(302);
    const third = await new Browser().post("/signup", { email: writer.email, password: "third-1", confirmPassword: "third-1" });
    expect(flashToast(third)?.title).toBe("Welcome back!");
    expect(flashToast(third)?.description).toMatch(/^This address has used its free trial before\. Subscribe/);
  });

  it("guessing the password through Delete my account meets the one password limiter (429 on the sixth), shared with Change Password", async () => {
    const writer = await signUp();
    const before = await rowsOf(writer.userId);
    await startOfQuietRateLimitWindow(20_000);
    const statuses: number[] = [];
    for (let n = 1; n <= 4; n += 1) statuses.push((await deleteAccount(writer, `guess ${n}`)).status);
    const change = await writer.browser.post("/account/password", { intent: "change-password", currentPassword: "guess 5", password: "taken-over-1", confirmPassword: "taken-over-1" });
    statuses.push(change.status);
    for (let n = 6; n <= 20; n += 1) statuses.push((await deleteAccount(writer, `guess ${n}`)).status);
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(statuses.slice(5)).toEqual(Array.from({ length: 15 }, () => 429));
    // Even the right password now waits for the minute to pass: nothing was deleted.
    expect((await deleteAccount(writer, writer.password)).status).toBe(429);
    expect(await rowsOf(writer.userId)).toEqual(before);
  });

  it("signed out, or from another site, deletes nothing", async () => {
    const writer = await signUp();
    const before = await rowsOf(writer.userId);
    const anonymous = await new Browser().post("/account/delete", { intent: "delete-account", password: writer.password });
    expect(anonymous.status).toBe(302);
    const crossSite = await writer.browser.request(
      "/account/delete",
      {
        method: "POST",
        headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "delete-account", password: writer.password }).toString(),
      },
    );
    expect(crossSite.status).toBe(403);
    expect(await rowsOf(writer.userId)).toEqual(before);
  });
});
