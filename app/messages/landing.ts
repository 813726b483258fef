/** The landing page's texts (spec section 2: headline, pitch, pricing, the trial button and dialog). */
import { PLAN } from "~/billing/plan";

export const landingTexts = {
  headline: "Write more. Wrestle less.",
  pitch:
    "Pick a task, fill in a few details and get focused results — worlds, characters, poems, outlines — then refine them with follow-ups. No prompt-crafting needed.",
  audience: "For novelists, poets, screenwriters, nonfiction authors, content creators and songwriters.",
  price: `Free for ${PLAN.trialDays} days, then ${PLAN.priceText}.`,
  /** The spec's button text, word for word. */
  startTrial: "Start Free 30-Day Trial",
  dialogTitle: "Welcome!",
  dialogIntro: `Sign in, or create an account to start your free trial: ${PLAN.trialDays} days and ${PLAN.trialConversations} conversations, each with up to ${PLAN.trialFollowUpsPerConversation} follow-ups.`,
  signInTab: "Sign In",
  signUpTab: "Sign Up",
  close: "Close",
  videos: "Videos",
  firstVideo: "Watch the two-minute tour",
  secondVideo: "See a writer go from idea to outline",
} as const;

/** The page's meta description: the pitch and the price. */
export const landingDescription = `${landingTexts.pitch} ${landingTexts.price}`;
