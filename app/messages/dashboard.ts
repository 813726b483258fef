/** The dashboard's own texts (its cards come from the catalog, its card texts from billing/trial). */
export const dashboardTexts = {
  signedInAs: (email: string) => `Signed in as ${email}`,
  heading: "What are you writing today?",
  intro: "Choose a category to open its assistant.",
  categories: "Writing categories",
  /** A card's line of recent work: the last conversation's title and when. */
  recentWork: (title: string, when: string) => `Last: ${title} · ${when}`,
  noWork: "No work yet",
  justNow: "just now",
} as const;
