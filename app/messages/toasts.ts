/**
 * Every toast's words (spec section 8), word for word; the ones the spec leaves open are ours.
 * One object because a toast set by a redirect (server) is shown by the toaster (browser) and
 * the tests look them up by kind, whichever screen raised them.
 */
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
  wallpaperFallback: { description: "Using fallback background style." },
  comingSoon: { title: "Coming Soon!" },
  error: { title: "Error" },
} as const;
