/**
 * Every user-facing text the spec fixes, word for word, in one place: the UI and the tests
 * read the same strings. Texts the spec leaves open are ours and live here too. The assistants',
 * history and billing screens' texts are in `messages/tools.ts`, `messages/history.ts` and
 * `messages/billing.ts`, so the landing page's script does not carry them.
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
