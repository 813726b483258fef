/** Tool screen texts (spec sections 2 and 8). */
import { formatCount } from "./en-format.ts";
export const toolTexts = {
  backToCategories: "Back to Categories",
  viewHistory: "View History",
  stepOne: "What would you like to generate?",
  stepOnePlaceholder: "Select an element...",
  stepTwo: "Add optional details",
  stepTwoEmpty: "Choose an element to see the details that shape it. Every detail is optional.",
  generate: "Generate Selected Elements",
  generating: "Generating...",
  output: "Generated Content",
  outputEmpty: "Choose what to generate, add any details you like, and select Generate Selected Elements. Your results stream in here.",
  followUpLabel: "Refine or ask a follow-up",
  followUpSend: "Send follow-up",
  send: "Send",
  stop: "Stop",
  stopped: "Stopped — the text so far is saved.",
  interrupted: "Interrupted — the text so far is saved.",
  demoBadge: "Demo AI",
  demoBadgeHint: "Answers come from the local stand-in model, not a real AI.",
  continuing: "Continuing a saved conversation: send a follow-up to refine it further.",
  conversationNotFound: "This conversation was not found. It may have been deleted.",
} as const;

/** The workspace around the spec's two cards: folding, the thread, reading view, shortcuts. */
export const workspaceTexts = {
  editDetails: "Edit details",
  hideDetails: "Hide details",
  /** The folded form's summary, for screen readers before the visible line. */
  summaryLabel: "This conversation",
  writerTurn: "You asked",
  expand: "Expand",
  expandHint: "Open the conversation in a distraction-free reading view",
  readingView: "Reading view",
  readingViewDescription: "The whole conversation in a readable column. Press Escape to close.",
  closeReadingView: "Close",
  jumpToLatest: "Jump to latest",
  failedTitle: "This answer could not be generated",
  retry: "Retry",
  shortcuts: "Keyboard shortcuts",
  shortcutList: [
    { keys: "Ctrl/⌘ + Enter", action: "Generate or work on your draft (in the form), or send (in the follow-up box)" },
    { keys: "Enter", action: "Send a follow-up (Shift + Enter for a new line)" },
    { keys: "Esc", action: "Stop the answer being written" },
    { keys: "F8", action: "Go to the latest notification" },
  ],
} as const;

/** The toolbar under each answer. */
export const answerTexts = {
  toolbar: "Answer actions",
  copyMarkdown: "Copy Markdown",
  copyMarkdownLabel: "Copy Markdown of this answer",
  copyText: "Copy text",
  copyTextLabel: "Copy text of this answer",
  copiedMarkdown: "Copied as Markdown",
  copiedText: "Copied as plain text",
  copyFailed: "Copying was blocked by the browser. Select the text and copy it instead.",
  stats: (words: number, minutes: number) =>
    `${formatCount(words)} ${words === 1 ? "word" : "words"} · ${minutes} min read`,
} as const;

/** What the writer can do with the last answer (decision 012): versions, Continue, Edit, Compare. */
export const answerActionTexts = {
  anotherVersion: "Another version",
  anotherVersionLabel: "Write another version of this answer",
  continue: "Continue",
  continueLabel: "Continue this answer from where it ended",
  edit: "Edit",
  editLabel: "Edit your follow-up and send it again",
  editorLabel: "Edit your follow-up",
  resend: "Resend",
  cancelEdit: "Cancel",
  versions: "Versions of this answer",
  previousVersion: "Previous version",
  nextVersion: "Next version",
  chooseFailed: {
    title: "Version not changed",
    description: "We could not switch to that version. Check your connection and try again.",
  },
} as const;

export const generationToasts = {
  selectionRequired: { title: "Selection Required", description: "Please select what you would like to generate." },
  inputRequired: { title: "Input Required", description: "Please enter a follow-up question." },
  actionDenied: { title: "Action Denied", fallback: "Query limit reached or not subscribed." },
  generationError: { title: "Generation Error", fallback: "An unexpected error occurred." },
  errorLoadingTool: { title: "Error Loading Tool", description: "Could not load the required configuration." },
  success: { title: "Success!" },
  followUpSuccess: { title: "Success!", description: "Follow-up response generated." },
  authenticationError: { title: "Authentication Error", description: "You must be logged in to perform this action." },
} as const;

/** Server-side reasons, in words a writer understands. */
export const generationErrors = {
  denied: "Please subscribe or renew to continue.",
  unknownTool: "This assistant does not exist.",
  unknownElement: "Please choose one of the listed elements.",
  unknownField: "That detail does not belong to the chosen element.",
  badRequest: "The request could not be read. Please reload the page and try again.",
  conversationNotFound: "This conversation was not found. Start a new one by generating again.",
  onlyFollowUpsEdit: "Only a follow-up can be edited and sent again. To change the first request, edit the details and generate again.",
  nothingToContinue: "This answer is complete: there is nothing to continue.",
  notConfigured: "The writing assistant is not available right now. Please try again later.",
  modelAuth: "The writing model refused our credentials. We have been alerted; please try again later.",
  modelBusy: "The writing model is busy right now. Please wait a moment and try again.",
  modelFailed: "The writing model ran into a problem. Please try again in a moment.",
  modelTimeout: "The writing model took too long to answer. Please try again.",
  modelUnreachable: "We could not reach the writing model. Please check back in a moment.",
  modelEmpty: "The writing model returned an empty answer. Please try again.",
  cutOff: "The answer was cut off mid-way. What arrived so far is kept.",
  tooMany: "You are sending requests very quickly. Please wait a minute and try again.",
  notSignedIn: "You must be logged in to perform this action.",
} as const;

/** Versions of an answer (decision 012): the switcher and its API's refusals. */
export const versionTexts = {
  badChoice: "Please choose one of this answer's versions.",
  of: (version: number, total: number) => `Version ${version} of ${total}`,
} as const;

/** Work on my draft (decision 012). */
export const draftTexts = {
  tooLong: "Your passage is too long: paste at most about 3,000 words (20,000 characters).",
  empty: "Please paste the passage you want to work on.",
  unknownAction: "Please choose one of the listed actions.",
  label: (action: string) => `Draft · ${action}`,
} as const;

/** The tool page's "Work on my draft" mode (issue 12). */
export const draftModeTexts = {
  modeLabel: "What do you want to do?",
  generateMode: "Generate",
  draftMode: "Work on my draft",
  form: "Work on my draft",
  intro: "Paste something you wrote and choose what to do with it. Line edits and tightening come back as tracked changes you can accept or reject one by one.",
  passageLabel: "Your passage",
  passagePlaceholder: "Paste a scene, a poem, a lyric or a few paragraphs — up to about 3,000 words.",
  wordCount: (words: number, max: number) => `${formatCount(words)} / ${formatCount(max)} words`,
  actionLabel: "What should I do with it?",
  trackedHint: "Comes back as tracked changes against your passage.",
  untrackedHint: "Comes back as a new answer you can refine with follow-ups.",
  submit: "Work on my draft",
  working: "Working...",
  editDraft: "Edit draft",
  /** The folded form's summary: the action and the passage's first words. */
  summary: (action: string, start: string) => `Draft · ${action} · ${start}`,
  success: "Your draft has been worked on.",
  outputEmpty: "Paste your passage, choose what to do with it, and select Work on my draft. The result appears here.",
} as const;

/** Compare and tracked changes (decision 012). */
export const revisionTexts = {
  compare: "Compare",
  hideCompare: "Hide comparison",
  compareHeading: "Changes from the previous version",
  loading: "Working out the changes…",
  inserted: "inserted:",
  deleted: "deleted:",
  noChanges: "No changes: this version reads the same as the previous one.",
  trackedHeading: "Tracked changes",
  changesLeft: (left: number, total: number) => `${left} of ${total} changes to review`,
  accept: "Accept",
  reject: "Reject",
  acceptAll: "Accept all",
  copyResult: "Copy result",
  copied: { title: "Copied", description: "The revised passage is on your clipboard." },
  copyFailed: { title: "Error", description: "Your browser did not allow copying. Select the text and copy it instead." },
  changeLabel: (id: number) => `Change ${id}`,
} as const;
