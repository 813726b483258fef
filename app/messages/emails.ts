/**
 * The app's transactional e-mails, word for word: the password reset, the e-mail confirmation
 * link and the notice that a password was changed. Each has a plain-text and an HTML body.
 */
import { trialMemoryNote } from "./account-data";

export type EmailContent = { subject: string; text: string; html: string };

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function resetEmail(link: string): EmailContent {
  const safe = escapeHtml(link);
  return {
    subject: "Reset your password for The Write Stuff",
    text: [
      "Someone (hopefully you) asked to reset the password of your The Write Stuff account.",
      "",
      `Choose a new password here: ${link}`,
      "",
      "The link works once and expires in one hour. If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
    html: `<p>Someone (hopefully you) asked to reset the password of your The Write Stuff account.</p>
<p><a href="${safe}">Choose a new password</a></p>
<p>The link works once and expires in one hour. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`,
  };
}

export function verificationEmail(link: string): EmailContent {
  const safe = escapeHtml(link);
  return {
    subject: "Confirm your e-mail for The Write Stuff",
    text: [
      "Welcome to The Write Stuff! Please confirm that this is your e-mail address:",
      "",
      link,
      "",
      "The link works once and expires in 24 hours. If you did not create an account, ignore this e-mail.",
    ].join("\n"),
    html: `<p>Welcome to The Write Stuff! Please confirm that this is your e-mail address.</p>
<p><a href="${safe}">Confirm my e-mail</a></p>
<p>The link works once and expires in 24 hours. If you did not create an account, ignore this e-mail.</p>`,
  };
}

export function passwordChangedEmail({ email, resetLink }: { email: string; resetLink: string }): EmailContent {
  return {
    subject: "Your The Write Stuff password was changed",
    text: [
      `The password of your The Write Stuff account (${email}) was just changed.`,
      "",
      "If this was you, there is nothing to do.",
      `If it was not, reset your password now: ${resetLink} — and contact support.`,
    ].join("\n"),
    html: `<p>The password of your The Write Stuff account (${escapeHtml(email)}) was just changed.</p>
<p>If this was you, there is nothing to do.</p>
<p>If it was not, <a href="${escapeHtml(resetLink)}">reset your password now</a> and contact support.</p>`,
  };
}

export function accountDeletedEmail(email: string): EmailContent {
  const lines = [
    `The account ${email} and everything in it — history, projects, story bibles, sessions — were deleted at your request.`,
    "Any subscription was cancelled at once: you will not be charged again.",
    `You can sign up again with this address at any time; it will be a new account. ${trialMemoryNote}`,
  ];
  return {
    subject: "Your The Write Stuff account was deleted",
    text: lines.join("\n\n"),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
  };
}
