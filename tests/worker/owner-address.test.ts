/**
 * Issue 31, point 1: a stranger who signs up with the owner's address before the owner does.
 * The confirmation mail goes to the real owner; opening its link signed out, or a mail scanner's
 * HEAD or GET, must confirm nothing, and a confirmation needs the account's own session or
 * password. The inbox's owner takes the account over with a password reset, which confirms the
 * address and ends the stranger's sessions. Its own file: the owner's address signs up once here.
 */
import { afterEach, describe, expect, it } from "vitest";
import { confirmEmail, signIn, signUp } from "./support/accounts";
import { Browser, expectSessionExpired } from "./support/browser";
import { subscriptionOf } from "./support/db";
import { interceptEmail, resetLinkFrom, verifyLinkFrom } from "./support/email";
import { actionError } from "./support/html";
import { eventually } from "./support/wait";
import { confirmationFor as confirmationOf, isVerified, openLink } from "./support/verification";

const OWNER = "owner@example.com";
const VERIFY_ROUTE = "routes/verify-email";
let mail: ReturnType<typeof interceptEmail> | undefined;
afterEach(() => {
  mail?.restore();
  mail = undefined;
});

const confirmationFor = (address: string) => confirmationOf(mail!, address);



describe("the owner's address, registered by a stranger first", () => {
  it("a stranger who signed up with the owner's address first never becomes admin; the inbox's owner takes the account over by a reset", async () => {
    mail = interceptEmail();
    const strangersPassword = "stranger's own password";
    const stranger = await signUp({ email: OWNER, password: strangersPassword });
    const strangersSecondDevice = (await signIn(OWNER, strangersPassword)).browser;
    const link = verifyLinkFrom(await confirmationFor(OWNER));

    // The real owner opens the mail signed out; a mail scanner fetches the link with HEAD and GET.
    const ownersBrowser = new Browser();
    const page = await openLink(ownersBrowser, link.path);
    expect(page.response.status).toBe(200);
    expect(page.text).toContain(`Enter that account's password to confirm it and sign in.`);
    expect(page.text).toContain("Reset the password");
    expect((await openLink(new Browser(), link.path, "HEAD")).response.status).toBe(200);
    expect((await openLink(new Browser(), link.path)).response.status).toBe(200);
    // A press without the password, or with a wrong one, confirms nothing either.
    const noPassword = await confirmEmail(ownersBrowser, link);
    expect(noPassword.status).toBe(400);
    expect(await actionError(noPassword, VERIFY_ROUTE)).toBe("Please enter the account's password.");
    const guessed = await confirmEmail(ownersBrowser, link, "the owner's own password");
    expect(guessed.status).toBe(403);
    expect(await actionError(guessed, VERIFY_ROUTE)).toBe("That is not this account's password.");
    expect(ownersBrowser.sessionToken()).toBeUndefined();
    expect(await isVerified(stranger.userId)).toBe(false);
    expect((await subscriptionOf(stranger.userId))?.is_admin).toBe(0);
    // The stranger, signed in, cannot open the console, and the link is still unused.
    expect((await stranger.browser.get("/admin")).headers.get("Location")).toBe("/dashboard");

    // The owner resets the password from the inbox: that proves the address.
    await ownersBrowser.post("/password-reset", { intent: "request", email: OWNER });
    const reset = resetLinkFrom(await eventually(async () => mail!.sent.find((sent) => sent.subject.startsWith("Reset"))));
    const done = await ownersBrowser.post("/password-reset", { intent: "reset", token: reset.token, password: "the owner's own password", confirmPassword: "the owner's own password" });
    expect(done.status).toBe(302);
    expect(await isVerified(stranger.userId)).toBe(true);
    expect((await subscriptionOf(stranger.userId))?.is_admin).toBe(1);
    // Every session of the stranger is over, and their password no longer works.
    expectSessionExpired(await stranger.browser.get("/dashboard"));
    expectSessionExpired(await strangersSecondDevice.get("/dashboard"));
    expect((await signIn(OWNER, strangersPassword)).response.status).toBe(401);
    const owner = await signIn(OWNER, "the owner's own password");
    expect(owner.response.status).toBe(302);
    expect((await owner.browser.get("/admin")).status).toBe(200);
    // The confirmation link was burned by the reset.
    expect((await openLink(new Browser(), link.path)).text).toContain("This link does not work any more");
  });

});
