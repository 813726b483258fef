/**
 * Every user-facing text the spec fixes, word for word, in one place: the UI and the tests
 * read the same strings. Texts the spec leaves open are ours and live here too.
 */
export const PRODUCT_NAME = "The Write Stuff";
export const TITLE_SUFFIX = " | The Write Stuff";

export const toasts = {
  signedIn: { title: "Signed In!", description: "Welcome back!" },
  signInFailed: { title: "Sign In Failed", fallback: "An unexpected error occurred." },
  signedOut: { title: "Signed Out", description: "You have been successfully signed out." },
  logoutError: { title: "Logout Error", fallback: "Failed to sign out." },
  sessionExpired: {
    title: "Session Expired",
    description: "Your session has expired. Please sign in again.",
  },
  passwordChanged: { title: "Success", description: "Your password has been updated successfully." },
  passwordReset: {
    title: "Password Updated",
    description: "Your password has been reset. Please sign in with your new password.",
  },
  welcome: { title: "Welcome!", description: "Your 30-day free trial has started." },
  wallpaperFallback: { description: "Using fallback background style." },
  comingSoon: { title: "Coming Soon!" },
  error: { title: "Error" },
} as const;

export const validation = {
  signUpFillAll: "Please fill in all fields",
  signUpMismatch: "Passwords do not match",
  signUpFailed: "Failed to sign up. Please try again.",
  signUpNoUser: "No user data received after sign up",
  emailInvalid: "Please enter a valid e-mail address.",
  emailTaken: "An account with this e-mail already exists. Please sign in instead.",
  signInRequired: "Please enter your e-mail and password.",
  signInInvalid: "Invalid e-mail or password.",
  passwordBothRequired: "Please fill in both password fields.",
  passwordMismatch: "Passwords do not match.",
  passwordTooShort: "Password must be at least 6 characters long.",
  passwordTooLong: "Password must be at most 200 characters long.",
  passwordChangeFailed: "Failed to update password. Please try again.",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  resetLinkInvalid: "This reset link is invalid or has expired. Please request a new one.",
  resetEmailUnavailable:
    "We could not send the reset e-mail right now. Please try again later or contact support.",
  requestRejected: "This request could not be verified. Please reload the page and try again.",
} as const;

export const PASSWORD_MIN_LENGTH = 6;
/** Generous, but bounded: scrypt on a megabyte of "password" is a denial-of-service lever. */
export const PASSWORD_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;

export const resetTexts = {
  requestHeading: "Reset your password",
  requestIntro: "Enter the e-mail address of your account and we'll send you a link to choose a new password.",
  requestSubmit: "Send reset link",
  requestSent:
    "If an account exists for that e-mail, a reset link is on its way. The link works once, for one hour.",
  chooseHeading: "Choose a new password",
  chooseSubmit: "Update password",
  emailSubject: "Reset your password for The Write Stuff",
} as const;

/** Tool screen texts (spec sections 2 and 8). */
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
  followUpPlaceholder: "e.g. Make the antagonist more sympathetic, or turn this into a sonnet",
  followUpSend: "Send follow-up",
  stop: "Stop",
  stopped: "Stopped — the text so far is saved.",
  interrupted: "Interrupted — the text so far is saved.",
  demoBadge: "Demo AI",
  demoBadgeHint: "Answers come from the local stand-in model, not a real AI.",
  continuing: "Continuing a saved conversation: send a follow-up to refine it further.",
  conversationNotFound: "This conversation was not found. It may have been deleted.",
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

/** History screen texts (spec sections 2, 4 and 8); the ones the spec leaves open are ours. */
export const historyTexts = {
  back: "Back",
  dashboard: "Dashboard",
  signedOut: "Please sign in to view your history.",
  signIn: "Sign In",
  loading: "Loading history...",
  emptyTitle: "No history found for this section yet.",
  emptyHint: "Start using the tools to build your history!",
  searchLabel: "Search this history",
  searchPlaceholder: "Words from a prompt, an answer or a follow-up",
  searchSubmit: "Search",
  searchClear: "Clear search",
  noMatches: (query: string) => `No entries match “${query}”.`,
  matchesFor: (query: string) => `Entries matching “${query}”`,
  loadMore: "Load more",
  loadingMore: "Loading...",
  view: "View details",
  download: "Download",
  downloadText: "Text file (.txt)",
  downloadMarkdown: "Markdown (.md)",
  delete: "Delete",
  followUps: (count: number) => (count === 1 ? "1 follow-up" : `${count} follow-ups`),
  detailsTitle: "History Details",
  detailsLoading: "Loading conversation...",
  prompt: "Prompt",
  response: "Response",
  followUp: (index: number) => `Follow-up ${index}`,
  stopped: "Stopped before the end.",
  interrupted: "Cut off by a connection problem.",
  close: "Close",
  continueInTool: "Continue in tool",
  confirmTitle: "Are you absolutely sure?",
  confirmText: "This action cannot be undone. This will permanently delete this history entry.",
  cancel: "Cancel",
  confirmDelete: "Delete",
  notFound: "This history entry was not found. It may have been deleted.",
  unavailable: "The history service did not answer. Please try again.",
  signedOutApi: "Please sign in to view your history.",
  retry: "Try again",
} as const;

export const historyToasts = {
  fetchFailed: { title: "Error", description: (message: string) => `Failed to fetch history: ${message}` },
  deleteFailed: { title: "Error", description: (message: string) => `Failed to delete entry: ${message}` },
  deleted: { title: "Success", description: "History entry deleted." },
  downloaded: { title: "Downloaded", description: "History entry downloaded successfully." },
} as const;

/** Subscription card and billing (spec sections 4 and 8); the ones the spec leaves open are ours. */
export const billingTexts = {
  cardTitle: "Subscription Status",
  subscribeNow: "Subscribe Now",
  manageBilling: "Manage Billing",
  cancel: "Cancel Subscription",
  resume: "Resume Subscription",
  noSubscription: "No active subscription",
  active: "Your subscription is active. Unlimited queries, $5/month.",
  nextBilling: (date: string) => `Next billing date: ${date}`,
  endsOn: (date: string) => `Your subscription ends on ${date}. Access stays until then.`,
  pastDue: "Your last payment did not go through. Stripe will try again; update your card in Manage Billing to keep access.",
  testPayments: "Test payments",
  testPaymentsHint: "Payments go to the local Stripe stand-in: no real card is charged.",
  confirming: "Confirming your payment with Stripe...",
  confirmingSlow: "Stripe has not confirmed the payment yet. This card updates as soon as it does.",
  subscribeSignedOut: "User must be logged in to create subscription",
  subscribeFailed: "Failed to create subscription",
  signedOut: "You must be logged in to perform this action.",
  unavailable: "Payments are not available right now. Please try again later.",
  cancelFailed: "Failed to process unsubscription. Please try again.",
  redirecting: "Opening Stripe...",
} as const;

export const billingToasts = {
  unsubscribed: { title: "Unsubscribed Successfully" },
  cancelFailed: { title: "Error", description: "Failed to process unsubscription. Please try again." },
  resumed: { title: "Subscription resumed", description: "Your subscription will renew as usual." },
  subscribed: { title: "Subscribed!", description: "Thank you. Unlimited queries are yours." },
  checkoutCancelled: { title: "Checkout cancelled", description: "No payment was taken." },
  error: { title: "Error" },
} as const;
