/**
 * The pages issue 15's page budgets are measured on: the two a visitor meets first, and three
 * a signed-in writer uses every day (the dashboard, a tool page, a history page).
 */
export type BenchPage = { path: string; signedIn: boolean };

export const BUDGET_PAGES: readonly BenchPage[] = [
  { path: "/", signedIn: false },
  { path: "/signup", signedIn: false },
  { path: "/dashboard", signedIn: true },
  { path: "/prose", signedIn: true },
  { path: "/prose/history", signedIn: true },
];

/** Request headers for `page`: the writer's session cookie on signed-in pages, none otherwise. */
export const pageHeaders = (page: BenchPage, cookie: string): Record<string, string> =>
  page.signedIn ? { Cookie: cookie } : {};

/**
 * Fetches each page once so the Worker has compiled and warmed its route before anything is
 * timed, and fails early (with the page named) if a page does not answer 200 — e.g. a lost
 * session, which would otherwise measure the sign-in redirect instead of the page.
 */
export async function warmPages(baseUrl: string, cookie: string): Promise<void> {
  for (const page of BUDGET_PAGES) {
    const response = await fetch(`${baseUrl}${page.path}`, { headers: pageHeaders(page, cookie), redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}, expected 200`);
  }
}
