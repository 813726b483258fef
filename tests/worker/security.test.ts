import { exports } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD, type SignedUpUser, signIn, signUp } from "./support/accounts";
import { Browser, SESSION_EXPIRED, setCookies } from "./support/browser";
import { attribute, cspDirectives, openingTags, policyNonce } from "./support/csp";
import { execute, findUser, sessionsOf, snapshotCounts } from "./support/db";
import { interceptEmail, resetLinkFrom } from "./support/email";
import { postGenerate, readGeneration, uniqueMarker } from "./support/generation";
import { routerData, visibleText } from "./support/html";
import { sha256Hex, uniqueEmail, uniqueIp } from "./support/ids";
import { eventually } from "./support/wait";

let mail: ReturnType<typeof interceptEmail> | undefined;
afterEach(() => {
  mail?.restore();
  mail = undefined;
});

describe("cross-site POSTs are refused with 403 and change nothing", () => {
  let victim: SignedUpUser;
  beforeAll(async () => {
    victim = await signUp({ email: uniqueEmail("victim") });
  });

  const EVIL = { Origin: "https://evil.example" };

  /** Everything a forged request could have touched. */
  async function state() {
    return {
      counts: await snapshotCounts(),
      hash: (await findUser(victim.email))!.password_hash,
      sessions: await sessionsOf(victim.userId),
    };
  }

  async function expectRefused(response: Response) {
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await response.text()).toBe("Cross-site request refused.");
  }

  const forged: [string, string, (victim: SignedUpUser) => Record<string, string>][] = [
    ["sign-up", "/signup", () => ({ email: uniqueEmail("csrf"), password: "secret-1", confirmPassword: "secret-1" })],
    ["sign-in", "/?index", (v) => ({ intent: "signin", email: v.email, password: v.password })],
    ["sign-out", "/signout", () => ({})],
    ["password change", "/account/password", () => ({ intent: "change-password", currentPassword: DEFAULT_PASSWORD, password: "hijacked-1", confirmPassword: "hijacked-1" })],
    ["reset request", "/password-reset", (v) => ({ intent: "request", email: v.email })],
    ["an unknown path", "/anything", () => ({})],
    // What the app's fetchers actually send: single-fetch data requests.
    ["sign-up data request", "/signup.data", () => ({ email: uniqueEmail("csrf"), password: "secret-1", confirmPassword: "secret-1" })],
    ["sign-in data request", "/_.data?index", (v) => ({ intent: "signin", email: v.email, password: v.password })],
    ["password change data request", "/account/password.data", () => ({ intent: "change-password", currentPassword: DEFAULT_PASSWORD, password: "hijacked-1", confirmPassword: "hijacked-1" })],
    ["sign-out data request", "/signout.data", () => ({})],
  ];

  for (const [name, path, fields] of forged) {
    it(`${name} (${path}) with a foreign Origin, with the victim's cookies`, async () => {
      mail = interceptEmail();
      const before = await state();
      await expectRefused(await victim.browser.post(path, fields(victim), { headers: EVIL }));
      expect(await state()).toEqual(before);
      expect(mail.sent).toHaveLength(0);
    });
  }

  it("a reset completion with a valid token from a foreign origin", async () => {
    mail = interceptEmail();
    await new Browser().post("/password-reset", { intent: "request", email: victim.email });
    const link = resetLinkFrom(await eventually(async () => mail!.sent[0]));
    const before = await state();
    await expectRefused(
      await new Browser().post(
        "/password-reset",
        { intent: "reset", token: link.token, password: "hijacked-1", confirmPassword: "hijacked-1" },
        { headers: EVIL },
      ),
    );
    expect(await state()).toEqual(before);
    // The token is still good for the real user.
    expect(visibleText(await (await new Browser().get(link.path)).text())).toContain("Choose a new password");
  });

  it("Sec-Fetch-Site: cross-site without an Origin header is refused", async () => {
    const before = await state();
    const response = await victim.browser.request("/account/password", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
      body: "intent=change-password&currentPassword=correct+horse+1&password=hijacked-1&confirmPassword=hijacked-1",
    });
    await expectRefused(response);
    expect(await state()).toEqual(before);
  });

  for (const [label, origin] of [
    ["Origin: null (sandboxed frame)", "null"],
    ["another port of localhost", "http://localhost:8080"],
    ["https instead of http", "https://localhost"],
    ["a look-alike host", "http://localhost.evil.example"],
  ] as const) {
    it(`${label} is refused`, async () => {
      const before = await state();
      const response = await victim.browser.post(
        "/account/password",
        { intent: "change-password", currentPassword: DEFAULT_PASSWORD, password: "hijacked-1", confirmPassword: "hijacked-1" },
        { headers: { Origin: origin } },
      );
      await expectRefused(response);
      expect(await state()).toEqual(before);
    });
  }

  it("the same POST from our own origin does work (the guard is not refusing everything)", async () => {
    const own = await signUp();
    const response = await own.browser.post("/account/password", {
      intent: "change-password",
      currentPassword: DEFAULT_PASSWORD,
      password: "changed-pass",
      confirmPassword: "changed-pass",
    });
    expect(response.status).toBe(200);
  });
});

describe("a second user cannot see or change the first user's data", () => {
  /** The card's words for a subscriber (billingTexts.active). */
  const ACTIVE = "Your subscription is active: unlimited conversations and follow-ups, $5/month.";
  let alice: SignedUpUser;
  let bob: SignedUpUser;
  beforeAll(async () => {
    alice = await signUp({ email: uniqueEmail("alice") });
    bob = await signUp({ email: uniqueEmail("bob") });
  });

  it("Bob's dashboard shows Bob's e-mail and Bob's subscription, never Alice's", async () => {
    await execute("UPDATE user_subscriptions SET is_subscribed = 1 WHERE user_id = ?", alice.userId);
    await execute("UPDATE user_subscriptions SET queries_remaining = 2 WHERE user_id = ?", bob.userId);
    const bobText = visibleText(await (await bob.browser.get("/dashboard")).text());
    expect(bobText).toContain(bob.email);
    expect(bobText).not.toContain(alice.email);
    expect(bobText).toContain("2 of 5 trial conversations left · each includes up to 10 follow-ups");
    expect(bobText).not.toContain(ACTIVE);

    const aliceText = visibleText(await (await alice.browser.get("/dashboard")).text());
    expect(aliceText).toContain(alice.email);
    expect(aliceText).not.toContain(bob.email);
    expect(aliceText).toContain(ACTIVE);
    expect(aliceText).not.toContain("trial conversations left");
  });

  it("Bob's password change cannot touch Alice, even naming her in the form", async () => {
    const aliceHash = (await findUser(alice.email))!.password_hash;
    const aliceSessions = await sessionsOf(alice.userId);
    const response = await bob.browser.post("/account/password", {
      intent: "change-password",
      currentPassword: DEFAULT_PASSWORD,
      password: "bobs-new-pass",
      confirmPassword: "bobs-new-pass",
      userId: alice.userId,
      email: alice.email,
    });
    expect(response.status).toBe(200);
    expect((await findUser(alice.email))!.password_hash).toBe(aliceHash);
    expect(await sessionsOf(alice.userId)).toEqual(aliceSessions);
    expect((await alice.browser.get("/dashboard")).status).toBe(200);
    expect((await signIn(alice.email, alice.password)).response.status).toBe(302);
    expect((await signIn(bob.email, "bobs-new-pass")).response.status).toBe(302);
    bob = { ...bob, password: "bobs-new-pass" };
  });

  it("Bob's sign-out deletes only Bob's session", async () => {
    const aliceSession = await sha256Hex(alice.browser.sessionToken()!);
    const bobSession = await sha256Hex(bob.browser.sessionToken()!);
    const response = await bob.browser.post("/signout", {});
    expect(response.status).toBe(302);
    const aliceIds = (await sessionsOf(alice.userId)).map((s) => s.id);
    expect(aliceIds).toContain(aliceSession);
    expect((await sessionsOf(bob.userId)).map((s) => s.id)).not.toContain(bobSession);
    expect((await alice.browser.get("/dashboard")).status).toBe(200);
  });

  it("a reset requested by Bob for his own e-mail does not affect Alice", async () => {
    mail = interceptEmail();
    const aliceHash = (await findUser(alice.email))!.password_hash;
    const aliceSessions = await sessionsOf(alice.userId);
    await new Browser().post("/password-reset", { intent: "request", email: bob.email });
    // Only the reset e-mail counts here (Bob's earlier password change sends its own notice).
    const resets = () => mail!.sent.filter((m) => m.subject.startsWith("Reset your password"));
    await eventually(async () => resets()[0]);
    expect(resets().map((m) => m.to)).toEqual([[bob.email]]);
    const link = resetLinkFrom(resets()[0]!);
    const done = await new Browser().post("/password-reset", {
      intent: "reset",
      token: link.token,
      password: "bob-reset-1",
      confirmPassword: "bob-reset-1",
    });
    expect(done.status).toBe(302);
    expect((await findUser(alice.email))!.password_hash).toBe(aliceHash);
    expect(await sessionsOf(alice.userId)).toEqual(aliceSessions);
  });
});

/** The headers every response of the Worker carries, HTML or not (app/lib/security-headers.server.ts). */
const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

function expectSecurityHeaders(response: Response) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name), name).toBe(value);
}

/** A request straight to the Worker at any URL (https included), without a cookie jar. */
function fetchWorker(url: string, headers: Record<string, string> = {}) {
  return exports.default.fetch(url, {
    headers: { Accept: "text/html", "CF-Connecting-IP": uniqueIp(), ...headers },
    redirect: "manual",
  });
}

/**
 * The whole policy of an HTML response, and its nonce on every script the document carries
 * (React Router's, React's streaming ones) and on every module preload.
 */
async function expectStrictPolicy(response: Response): Promise<string> {
  expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
  const directives = cspDirectives(response);
  const nonce = policyNonce(directives);
  expect(nonce, "a nonce of at least 128 random bits (base64)").toMatch(/^[A-Za-z0-9+/]{22,}={0,2}$/);
  expect(Object.fromEntries(directives)).toEqual({
    "default-src": ["'self'"],
    // Inline scripts need the nonce; files come from this origin only (no 'unsafe-inline', no eval).
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
    // Checkout and the Billing Portal are reached by location change, never by a form post.
    "form-action": ["'self'"],
  });
  expect(response.headers.get("Cache-Control"), "a page with a nonce is never stored").toMatch(/\bno-store\b/);
  expectSecurityHeaders(response);
  const html = await response.text();
  const scripts = openingTags(html, "script");
  expect(scripts.length, "the document has scripts").toBeGreaterThan(0);
  for (const tag of scripts) expect(attribute(tag, "nonce"), tag).toBe(nonce);
  // React Router's module preloads carry the nonce too.
  const preloads = openingTags(html, "link").filter((tag) => attribute(tag, "rel") === "modulepreload");
  expect(preloads.length, "the document preloads its modules").toBeGreaterThan(0);
  for (const tag of preloads) expect(attribute(tag, "nonce"), tag).toBe(nonce);
  return nonce;
}

describe("Content-Security-Policy on every HTML response", () => {
  let member: SignedUpUser;
  beforeAll(async () => {
    member = await signUp({ email: uniqueEmail("csp") });
  });

  for (const path of ["/", "/signup", "/password-reset", "/prose/history"]) {
    it(`${path} for a visitor: nonce-based scripts and the whole policy`, async () => {
      const response = await new Browser().get(path);
      expect(response.status).toBe(200);
      await expectStrictPolicy(response);
    });
  }

  for (const path of ["/dashboard", "/prose", "/prose/history"]) {
    it(`${path} for a writer: nonce-based scripts (streamed parts too) and the whole policy`, async () => {
      const response = await member.browser.get(path);
      expect(response.status).toBe(200);
      await expectStrictPolicy(response);
    });
  }

  it("the HTML error page (a conversation that is not found, 404) has the policy too", async () => {
    const response = await member.browser.get("/prose?conversation=no-such-conversation");
    expect(response.status).toBe(404);
    await expectStrictPolicy(response);
  });

  it("the catch-all sends unknown paths on with the security headers, and where it leads has the policy", async () => {
    const browser = new Browser();
    const redirect = await browser.get("/no-such-page");
    expect(redirect.status).toBe(302);
    expectSecurityHeaders(redirect);
    const dashboard = await browser.get(redirect.headers.get("Location")!);
    expectSecurityHeaders(dashboard);
    await expectStrictPolicy(await browser.get(dashboard.headers.get("Location")!));
  });

  it("the nonce is fresh for every response", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i += 1) nonces.add(await expectStrictPolicy(await new Browser().get("/")));
    nonces.add(await expectStrictPolicy(await member.browser.get("/dashboard")));
    nonces.add(await expectStrictPolicy(await member.browser.get("/dashboard")));
    expect(nonces.size).toBe(7);
  });

  it("over https: the policy and HSTS", async () => {
    const response = await fetchWorker("https://localhost/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    await expectStrictPolicy(response);
  });

  it("JSON and NDJSON API responses keep the other security headers (a policy is for documents)", async () => {
    const json = await member.browser.request("/api/history", { headers: { Accept: "application/json" } });
    expect(json.headers.get("Content-Type")).toMatch(/^application\/json/);
    expectSecurityHeaders(json);
    expect(json.headers.get("Content-Security-Policy")).toBeNull();

    const marker = uniqueMarker("CSP");
    const stream = await postGenerate(member.browser, {
      kind: "initial",
      tool: "nonfiction",
      element: "research",
      fields: { topic: marker },
    });
    expect(stream.headers.get("Content-Type")).toMatch(/^application\/x-ndjson/);
    expectSecurityHeaders(stream);
    expect(stream.headers.get("Content-Security-Policy")).toBeNull();
    expect((await readGeneration(stream)).last).toEqual({ type: "done", finishReason: "stop" });
  });
});

describe("the flash-toast cookie follows the session cookie's naming", () => {
  it("over https it is __Host-tws_toast (Secure, Path=/, no Domain) and is read back under that name only", async () => {
    const expired = await fetchWorker("https://localhost/dashboard", { Cookie: "__Host-tws_session=not-a-session" });
    expect(expired.status).toBe(302);
    expect(expired.headers.get("Location")).toBe("/");
    const cookies = setCookies(expired);
    expect(cookies.has("tws_toast"), "no unprefixed toast cookie over https").toBe(false);
    const toast = cookies.get("__Host-tws_toast");
    expect(toast, "the toast cookie has the __Host- prefix").toBeDefined();
    expect(JSON.parse(toast!.value)).toEqual(SESSION_EXPIRED);
    expect(toast!.attributes.has("secure")).toBe(true);
    expect(toast!.attributes.get("path")).toBe("/");
    expect(toast!.attributes.has("domain")).toBe(false);
    expect(toast!.attributes.has("httponly")).toBe(true);

    const shown = await fetchWorker("https://localhost/", { Cookie: `__Host-tws_toast=${encodeURIComponent(toast!.value)}` });
    expect(routerData(await shown.clone().text()).loaderData.root).toMatchObject({ toast: SESSION_EXPIRED });
    const cleared = setCookies(shown).get("__Host-tws_toast");
    expect(cleared?.attributes.get("max-age"), "shown once, then cleared").toBe("0");
    expect(cleared?.attributes.has("secure")).toBe(true);

    // The unprefixed name is not a toast over https (a subdomain could have set it).
    const plain = await fetchWorker("https://localhost/", { Cookie: `tws_toast=${encodeURIComponent(toast!.value)}` });
    expect(routerData(await plain.text()).loaderData.root).toMatchObject({ toast: null });
  });

  it("over plain http it stays tws_toast, without Secure", async () => {
    const expired = await fetchWorker("http://localhost/dashboard", { Cookie: "tws_session=not-a-session" });
    expect(expired.status).toBe(302);
    const cookies = setCookies(expired);
    expect(cookies.has("__Host-tws_toast")).toBe(false);
    const toast = cookies.get("tws_toast");
    expect(JSON.parse(toast!.value)).toEqual(SESSION_EXPIRED);
    expect(toast!.attributes.has("secure")).toBe(false);
  });
});
