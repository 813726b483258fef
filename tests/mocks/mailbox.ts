/**
 * Stand-in for the HTTP e-mail API (Resend's request shape): accepts POST /emails with a
 * bearer key, keeps the messages in memory and shows them at /mailbox for people and as
 * JSON at /mailbox/messages for tests.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { readJson, sendHtml, sendJson } from "./http.ts";

export type StoredEmail = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  createdAt: string;
};

export function createMailbox() {
  const messages: StoredEmail[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (req.method === "POST" && url.pathname === "/emails") {
      if (!/^Bearer \S+/.test(req.headers.authorization ?? "")) {
        sendJson(res, 401, { message: "Missing API key" });
        return true;
      }
      const body = (await readJson(req)) as Partial<StoredEmail> & { to?: string | string[] };
      const to = Array.isArray(body.to) ? body.to : body.to ? [body.to] : [];
      if (!body.from || to.length === 0 || !body.subject) {
        sendJson(res, 422, { message: "from, to and subject are required" });
        return true;
      }
      const email: StoredEmail = {
        id: crypto.randomUUID(),
        from: body.from,
        to,
        subject: body.subject,
        text: body.text ?? "",
        html: body.html ?? "",
        createdAt: new Date().toISOString(),
      };
      messages.push(email);
      sendJson(res, 200, { id: email.id });
      return true;
    }
    if (req.method === "GET" && url.pathname === "/mailbox/messages") {
      const to = url.searchParams.get("to")?.toLowerCase();
      const list = to ? messages.filter((m) => m.to.some((addr) => addr.toLowerCase() === to)) : messages;
      sendJson(res, 200, [...list].reverse());
      return true;
    }
    if (req.method === "DELETE" && url.pathname === "/mailbox/messages") {
      messages.length = 0;
      sendJson(res, 200, { ok: true });
      return true;
    }
    if (req.method === "GET" && (url.pathname === "/mailbox" || url.pathname === "/mailbox/")) {
      sendHtml(res, renderMailbox([...messages].reverse()));
      return true;
    }
    return false;
  }

  return { handle, messages };
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function linkify(text: string) {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function renderMailbox(messages: StoredEmail[]) {
  const items = messages
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.to.join(", "))} · from ${escapeHtml(m.from)} · ${escapeHtml(m.createdAt)}</p>
  <pre>${linkify(m.text)}</pre>
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local mailbox — The Write Stuff</title>
<meta http-equiv="refresh" content="10">
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;background:#111;color:#eee}
article{border:1px solid #444;border-radius:8px;padding:1rem;margin:1rem 0}a{color:#f5b301}.meta{color:#aaa;font-size:.9rem}pre{white-space:pre-wrap}</style>
</head><body><main><h1>Local mailbox</h1>
<p>Mail the app sends while running with the local stand-in services. Newest first; refreshes every 10 seconds.</p>
${items || "<p>No mail yet.</p>"}
</main></body></html>`;
}
