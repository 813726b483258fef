/** The landing page's texts (spec section 2: headline, pitch, pricing, the trial button and dialog). */
import { PLAN } from "~/rules/plan";

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
  noScriptSignUp: "New here? Create an account",
  close: "Close",
  videos: "Videos",
  firstVideo: "Watch the two-minute tour",
  secondVideo: "See a writer go from idea to outline",
} as const;

/** The page's meta description: the pitch and the price. */
export const landingDescription = `${landingTexts.pitch} ${landingTexts.price}`;

/** The landing page below the hero (issue 15): how it works, examples, bible and drafts, pricing, FAQ. */
export const landingSectionTexts = {
  nav: "Page sections",
  navLinks: { how: "How it works", examples: "Examples", pricing: "Pricing", faq: "FAQ" },
  signIn: "Sign in",
  heroPicture: "A story outline in the Fictional Prose assistant",
  exampleBadge: "Example",
  howHeading: "How it works",
  howIntro: "Three steps from a blank page to something you can use.",
  steps: [
    {
      title: "Pick a task",
      text: "Choose one of six assistants and what you need from it: a world, a cast of characters, a poem, an outline, a hook.",
    },
    {
      title: "Fill in a few details",
      text: "Genre, setting, tone — only the fields that matter for that task, and any of them can stay blank.",
    },
    {
      title: "Refine with follow-ups",
      text: "Ask for changes in plain words: darker, shorter, from her point of view. Earlier versions stay one click away.",
    },
  ],
  examplesHeading: "One assistant for each kind of writing",
  examplesIntro: "Short excerpts of the kind of answer each assistant gives. They are examples, written to show the format.",
  exampleLabel: (tool: string) => `Example from the ${tool} assistant`,
  workHeading: "Built for work in progress",
  bible: {
    title: "A project bible that keeps your story straight",
    text: "Give a project its synopsis, setting, style notes and a list of characters, places and lore. Answers started in the project draw on the bible, and each one shows which entries it used.",
  },
  draft: {
    title: "Draft mode for the pages you already have",
    text: "Paste up to about 3,000 words and ask for a line edit, a critique, a tighter version or the next paragraph in your voice. Edits come back as tracked changes you accept or reject one by one.",
  },
  pricingHeading: "Simple pricing",
  planName: "The Write Stuff",
  priceAmount: `$${PLAN.priceCentsPerMonth / 100}`,
  perMonth: "/month",
  afterTrial: `after your ${PLAN.trialDays}-day free trial`,
  trialIncludesHeading: "Your free trial includes",
  trialIncludes: [
    `${PLAN.trialDays} days with all six assistants`,
    `${PLAN.trialConversations} conversations, each with up to ${PLAN.trialFollowUpsPerConversation} follow-ups`,
    "Projects with a story bible, and draft mode",
    "Your full history: view, download, export",
    "No card needed to start",
  ],
  subscriptionIncludes: `Then ${PLAN.priceText}: unlimited conversations and follow-ups. Cancel any time from your dashboard.`,
  createAccount: "Create your free account",
  faqHeading: "Questions",
  faq: [
    {
      question: "Do I need to know how to write prompts?",
      answer:
        "No. You choose what you want — a character list, a villanelle, a content plan — and fill in the details you have. The assistant builds the request, and you refine the answer in plain words.",
    },
    {
      question: "What does the free trial include?",
      answer: `${PLAN.trialDays} days, ${PLAN.trialConversations} conversations with any of the six assistants and up to ${PLAN.trialFollowUpsPerConversation} follow-ups in each. You only need an e-mail address and a password.`,
    },
    {
      question: "What happens when the trial ends?",
      answer: `Subscribe for ${PLAN.priceText} to keep going with unlimited conversations and follow-ups. Your history stays yours to read, download and delete either way.`,
    },
    {
      question: "Can I cancel?",
      answer: "Yes, from the Subscription Status card on your dashboard. Your access stays until the end of the month you paid for.",
    },
    {
      question: "Can I take my work with me?",
      answer:
        "Every conversation is saved to your history, where you can view, download or delete it. A project exports as a .zip with its bible and its conversations.",
    },
  ],
  videosHeading: "See it at work",
} as const;

/**
 * One short example per assistant (tool slug → the element asked for, the details given and an
 * excerpt of the kind of answer). Written for the landing page; labelled there as examples.
 */
export const landingExamples = [
  {
    tool: "prose",
    element: "characters",
    details: "Fenland gothic · a lock-keeper's cottage, 1953",
    excerpt:
      "Agnes Pell, 71 — the last lock-keeper on the river. Keeps forty years of logbooks and trusts none of them.\nTom Revel, 24 — a surveyor sent to close the lock for good. Polite, tidy, and lying about why he asked for the posting.",
  },
  {
    tool: "poetry",
    element: "poem",
    details: "Villanelle · my father's workshop",
    excerpt:
      "The lathe is quiet now; the dust stays put.\nHe left his pencil where he marked the grain.\nI measure twice, the way he taught, and cut.",
  },
  {
    tool: "stage-screen",
    element: "dialogue",
    details: "Two sisters clear out their mother's flat",
    excerpt:
      "RUTH: She kept the receipts. From 1989.\nMAGGIE: She kept everything. That's not a clue, Ruth, it's a personality.\nRUTH (holding one up): It's for a ring.",
  },
  {
    tool: "nonfiction",
    element: "outline",
    details: "A short history of the public library · general readers",
    excerpt:
      "1. Chained books: the library as a locked room\n2. Subscription libraries and the price of a reader\n3. Carnegie's buildings, and the towns that turned one down\n4. The card catalogue as a machine for thinking",
  },
  {
    tool: "online-content",
    element: "ideas",
    details: "YouTube · beginner bakers",
    excerpt:
      "1. \"Same loaf, seven days\": one change a day, crumb shots side by side.\n2. Sixty-second myth check: does a cold oven ruin sourdough?\n3. What \"until doubled\" actually looks like, on a clear jar.",
  },
  {
    tool: "songwriting",
    element: "lyrics",
    details: "Alt-country · bittersweet · chorus",
    excerpt:
      "So leave the porch light on, I know the road by heart,\nEvery mile marker's a song I never got to start.\nI'll be home by morning, or I'll be home by dark.",
  },
] as const;

/** The hero's picture of the product: a tool page with a story outline, as plain HTML. */
export const landingHeroExample = {
  tool: "prose",
  element: "outline",
  summary: "Story outline · literary thriller · a drowned city in 2300",
  heading: "The Cartographer of Low Water",
  lines: [
    "Act I — Ines maps the streets that flood each night, for a city that pays by the corrected mile.",
    "Act II — One street never floods. Her maps say it should; the water disagrees.",
    "Act III — The dry street leads to the pumping station her father ran, and the bargain he made with it.",
  ],
  followUp: "Make the flood colder and give the city a name",
} as const;
