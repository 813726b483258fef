/**
 * The account page (issue 14, "Writers' own data"): the writer's e-mail and verification state,
 * "Download all my data" (the .zip's files and README) and "Delete my account".
 */
/** What the app keeps of an address once its account is deleted (decision 011), said wherever deletion is. */
export const trialMemoryNote =
  "We keep only a keyed hash of your e-mail address — not the address itself — with what was left of your free trial, so a new account on it continues that trial rather than starting a new one.";

export const accountPageTexts = {
  title: "Account",
  menuLink: "Account",
  heading: "Your account",
  emailLabel: "E-mail",
  verified: "Verified",
  notVerified: "Not verified yet",
  passwordHeading: "Password",
  dataHeading: "Your data",
  dataDescription:
    "Download everything your account holds: your account and plan, every conversation (as Markdown and as JSON) and every project with its story bible.",
  download: "Download all my data",
  deleteHeading: "Delete my account",
  deleteDescription: `Deletes your account, your history, your projects and your sessions for good, and cancels any subscription at once. This cannot be undone. ${trialMemoryNote}`,
  deleteButton: "Delete my account…",
  deleteDialogTitle: "Delete your account for good?",
  deleteDialogDescription: `Everything goes: history, projects, story bibles, your plan. ${trialMemoryNote} Enter your password to confirm.`,
  passwordLabel: "Your password",
  confirmDelete: "Delete my account",
  cancel: "Cancel",
  back: "Back to the dashboard",
  backToAccount: "Back to your account",
  signedOut: "Please sign in to download your data.",
} as const;

export const accountDeleteTexts = {
  wrongPassword: "That password is not right. Your account was not deleted.",
  passwordRequired: "Enter your password to delete your account.",
  stripeFailed: "Your subscription could not be cancelled just now, so nothing was deleted. Please try again in a minute.",
  deleted: { title: "Account deleted", description: "Your account and everything in it are gone. Thank you for writing with us." },
} as const;

export const accountZipTexts = {
  zipName: (day: string) => `the-write-stuff-data-${day}.zip`,
  accountFile: "account.json",
  readmeFile: "README.md",
  conversationsFolder: "conversations",
  projectsFolder: "projects",
  readme: ({ email, exportedAt, conversations, projects }: { email: string; exportedAt: string; conversations: number; projects: number }) =>
    [
      `# Your data from The Write Stuff`,
      `Exported for ${email} on ${exportedAt}.`,
      "## What is inside",
      [
        "- `account.json`: your account (e-mail, when it was created and verified) and your plan (trial, subscription, Stripe ids).",
        `- \`conversations/\`: ${conversations} ${conversations === 1 ? "conversation" : "conversations"}, one folder per tool; each as a Markdown file to read and a JSON file with the same name for other programs.`,
        `- \`projects/\`: ${projects} ${projects === 1 ? "project" : "projects"}, each a folder with its story bible as \`bible.md\` (importable into a project again).`,
      ].join("\n"),
      "## If you delete your account",
      trialMemoryNote,
    ].join("\n\n") + "\n",
} as const;
