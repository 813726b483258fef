/** The dashboard's own texts (its cards come from the catalog, its card texts from billing/trial). */
export const dashboardTexts = {
  signedInAs: (email: string) => `Signed in as ${email}`,
  heading: "What are you writing today?",
  intro: "Choose a category to open its assistant.",
  categories: "Writing categories",
} as const;
