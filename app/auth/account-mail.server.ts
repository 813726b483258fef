/**
 * Account e-mails (reset, confirmation, password changed) go out after the answer, through the
 * Worker's `waitUntil`: a writer never waits on the e-mail API, and whether an account exists
 * cannot be told from how long the answer took (decision 011).
 */
import { getConfig } from "~/lib/config.server";
import { sendEmail } from "~/lib/email.server";
import type { Background } from "~/lib/execution-context.server";
import type { EmailContent } from "~/messages/emails";

export type { Background };

/** An absolute link into the app, for e-mails. */
export function appLink(request: Request, path: string, params: Record<string, string> = {}): string {
  const link = new URL(path, getConfig().APP_URL ?? new URL(request.url).origin);
  for (const [name, value] of Object.entries(params)) link.searchParams.set(name, value);
  return link.toString();
}

/** Is outbound e-mail configured at all? Checked before answering, the same for every address. */
export function canSendEmail(): boolean {
  const config = getConfig();
  return Boolean(config.EMAIL_API_KEY && config.EMAIL_FROM);
}

/** Prepares and sends an e-mail once the response is out; a failure is logged (with what was being sent), never thrown. */
export function mailLater(background: Background, what: string, work: () => Promise<{ to: string; content: EmailContent } | null>) {
  background(async () => {
    try {
      const mail = await work();
      if (mail) await sendEmail({ to: mail.to, ...mail.content });
    } catch (error) {
      console.error(`${what} e-mail failed`, error);
    }
  });
}
