/**
 * Issue 31, point 9: a 10 MB body sent over real HTTP gets its answer — 413 when it is too large
 * for the route, 401 when nobody is signed in — and never a broken connection (the client still
 * writing when the server answered saw EPIPE or a reset). The body is sent slowly enough for the
 * server to answer before it has all arrived, as a real upload over a network would.
 */
import http from "node:http";
import { expect, test } from "./fixtures.ts";

const TEN_MB = 10 * 1024 * 1024;

/**
 * POSTs 10 MB in 1 MB pieces, 10 ms apart (an upload over a network): the answer's status, or
 * "broken" when the connection failed at any point — even after the answer arrived, since a
 * client that is still sending sees EPIPE or a reset when the server drops the connection.
 */
function postSlowly(baseURL: string, path: string, { type, cookie, clientIp }: { type: string; cookie?: string; clientIp: string }): Promise<string> {
  const url = new URL(path, baseURL);
  const piece = Buffer.alloc(1024 * 1024, 120);
  return new Promise((resolve) => {
    let status = "no answer";
    let broken: string | null = null;
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { "Content-Type": type, "Content-Length": String(TEN_MB), Origin: url.origin, "CF-Connecting-IP": clientIp, ...(cookie ? { Cookie: cookie } : {}) },
      },
      (response) => {
        status = String(response.statusCode);
        response.resume();
      },
    );
    request.on("error", (error) => (broken = error.message));
    request.on("close", () => resolve(broken ? `broken: ${broken}` : status));
    let sent = 0;
    const sendNext = () => {
      if (request.destroyed) return;
      sent += 1;
      if (sent === TEN_MB / piece.length) return request.end(piece);
      request.write(piece);
      setTimeout(sendNext, 10);
    };
    sendNext();
  });
}

test("a 10 MB body is answered 413 (or 401 signed out), never with a broken connection", async ({ baseURL, page, email, clientIp }) => {
  const signUp = await page.request.post("/signup", {
    form: { email, password: "secret-12", confirmPassword: "secret-12" },
    headers: { Origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(signUp.status()).toBe(302);
  const cookie = (await page.context().cookies()).map((one) => `${one.name}=${one.value}`).join("; ");
  const tries = 6;
  const answers: Record<string, string[]> = {};
  for (const [label, path, type, signedIn] of [
    ["generate", "/api/generate", "application/json", true],
    ["a project", "/api/projects", "application/json", true],
    ["Change Password", "/account/password", "application/x-www-form-urlencoded", true],
    ["generate, signed out", "/api/generate", "application/json", false],
  ] as const) {
    answers[label] = [];
    for (let n = 0; n < tries; n += 1) answers[label]!.push(await postSlowly(baseURL!, path, { type, cookie: signedIn ? cookie : undefined, clientIp }));
  }
  expect(answers).toEqual({
    generate: Array(tries).fill("413"),
    "a project": Array(tries).fill("413"),
    "Change Password": Array(tries).fill("413"),
    "generate, signed out": Array(tries).fill("401"),
  });
});
