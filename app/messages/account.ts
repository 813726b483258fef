/**
 * Sign-up, sign-in, password change and password reset: the spec's texts word for word, the
 * ones it leaves open are ours, and the length limits the forms and the server share.
 */
export const validation = {
  signUpFillAll: "Please fill in all fields",
  signUpMismatch: "Passwords do not match",
  signUpFailed: "Failed to sign up. Please try again.",
  signUpNoUser: "No user data received after sign up",
  signUpUnavailable: "Sign-up is not available right now. Please try again later or contact support.",
  emailInvalid: "Please enter a valid e-mail address.",
  emailTaken: "An account with this e-mail already exists. Please sign in instead.",
  signInRequired: "Please enter your e-mail and password.",
  signInInvalid: "Invalid e-mail or password.",
  passwordBothRequired: "Please fill in both password fields.",
  passwordMismatch: "Passwords do not match.",
  passwordTooShort: "Password must be at least 6 characters long.",
  passwordTooLong: "Password must be at most 200 characters long.",
  passwordChangeFailed: "Failed to update password. Please try again.",
  currentPasswordRequired: "Please enter your current password.",
  currentPasswordIncorrect: "Current password is incorrect.",
  tooManySignUps: "Too many accounts were created from your network in the last hour. Please try again later.",
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
} as const;

/** The sign-up page, the sign-in form's links and the change-password dialog. */
export const accountTexts = {
  /** The spec's heading and button, word for word. */
  createAccount: "Create Account",
  haveAccount: "Already have an account? Sign In",
  forgotPassword: "Forgot your password?",
  changePassword: "Change Password",
  changePasswordIntro:
    "Enter your current password, then choose a new one. You will stay signed in here; other devices are signed out.",
  currentPassword: "Current Password",
  cancel: "Cancel",
  requestNewLink: "Request a new link",
  backToSignIn: "Back to sign in",
} as const;

/** E-mail confirmation: the dashboard's banner, its resend, and the link's landing page. */
export const verifyTexts = {
  banner: (email: string) => `Confirm your e-mail — we sent a link to ${email}.`,
  resend: "Resend link",
  resending: "Sending...",
  resent: { title: "Link sent", description: "Check your inbox for a new confirmation link." },
  tooSoon: "A link was sent a moment ago. Please wait a minute (at most 5 links a day) before asking for another.",
  alreadyVerified: "Your e-mail is already confirmed.",
  unavailable: "We could not send the e-mail right now. Please try again later or contact support.",
  confirmed: { title: "E-mail confirmed", description: "Thank you: your e-mail address is confirmed." },
  confirmedAdmin: {
    title: "E-mail confirmed",
    description: "Your e-mail address is confirmed and your account has admin access: unlimited conversations.",
  },
  pageTitle: "Confirm your e-mail",
  confirmBody: (email: string) => `Confirm that ${email} is your address.`,
  confirmButton: "Confirm my e-mail",
  signInBody: (email: string) =>
    `This link confirms the address of the account ${email}. Enter that account's password to confirm it and sign in.`,
  confirmAndSignIn: "Confirm and sign in",
  confirming: "Confirming...",
  notYourAccount:
    "Don't know this password? If you did not create this account, someone else may have used your address: reset the password to take the account over. The reset link goes to your inbox, confirms the address and signs everyone else out.",
  resetInstead: "Reset the password",
  passwordRequired: "Please enter the account's password.",
  wrongPassword: "That is not this account's password.",
  otherAccountHeading: "This link is for another account",
  otherAccountBody: (email: string) => `You are signed in with a different account. Sign out, then open the link again to confirm ${email}.`,
  otherAccountError: "This link is for another account. Sign out, then open it again.",
  invalidHeading: "This link does not work any more",
  invalidBody:
    "Confirmation links work once and expire after 24 hours. Sign in and use “Resend link” on your dashboard to get a new one.",
  toDashboard: "Go to your dashboard",
  toSignIn: "Go to the sign-in page",
} as const;
