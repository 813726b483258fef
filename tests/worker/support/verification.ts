/** E-mail confirmation as a test meets it: the mailed link, the page it opens, the stored state. */
import { env } from "cloudflare:workers";
import type { Browser } from "./browser";
import type { interceptEmail, SentEmail } from "./email";
import { visibleText } from "./html";
import { eventually } from "./wait";

/** The confirmation e-mail `mail` caught for `address`, once it has been sent. */
export function confirmationFor(mail: ReturnType<typeof interceptEmail>, address: string): Promise<SentEmail> {
  return eventually(async () => mail.confirmations.find((sent) => sent.to.includes(address)));
}

export async function isVerified(userId: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT email_verified_at FROM users WHERE id = ?").bind(userId).first<{ email_verified_at: number | null }>();
  return row?.email_verified_at != null;
}

/** Opens a link as a browser (GET, the page's text) or a mail scanner's HEAD would. */
export async function openLink(browser: Browser, path: string, method: "GET" | "HEAD" = "GET") {
  const response = method === "GET" ? await browser.get(path) : await browser.request(path, { method: "HEAD" });
  return { response, text: method === "GET" ? visibleText(await response.text()) : "" };
}
