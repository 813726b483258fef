/**
 * A signed-in page's hydration commits without spawning a synchronous re-render (issue 15,
 * decision 015 "Hydration's long tasks").
 *
 * A state update made while React commits (a ref callback, a layout effect) is a synchronous
 * re-render in the same task, and React then also runs every passive effect of the page there:
 * the longest task of a signed-in page on a slow phone. Radix's closed overlays (their Presence)
 * and its Selects, SegmentedControl and Popover (their trigger, anchor and focusable items) make
 * such updates as they mount. Overlays now mount their content when first opened
 * (`overlay-parts.tsx`) and the controls hydrate behind a Suspense boundary of their own
 * (`hydrate-later.tsx`), in small commits after the page's.
 *
 * React reports each commit to a DevTools hook when one is installed (production builds too);
 * the hook here records whether synchronous work was pending on the root as the commit ended.
 */
import { expect, signUp, test, waitForHydration } from "./fixtures.ts";
import { seedConversation, seedProject } from "./history-page.ts";

type Commit = { spawnedSyncWork: boolean };

/** Runs in the page before its scripts: React finds the hook as it loads and reports to it. */
function recordCommits() {
  const SYNC_LANE = 2;
  const commits: Commit[] = [];
  Object.assign(window, {
    __recordedCommits: commits,
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      inject: () => 1,
      onCommitFiberRoot: (_renderer: number, root: { pendingLanes: number }) => {
        commits.push({ spawnedSyncWork: (root.pendingLanes & SYNC_LANE) !== 0 });
      },
      onPostCommitFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
      setStrictMode: () => {},
    },
  });
}

test("signed-in pages commit their hydration without a synchronous re-render, and hydrate their controls after it", async ({
  page,
  email,
}) => {
  await signUp(page, { email });
  // A history card and a project (the project pickers and the history page's project filter).
  await seedConversation(page, { tool: "prose", element: "world", fields: { genre: "noir" } });
  await seedProject(page, "Hydration");
  await page.addInitScript(recordCommits);
  for (const path of ["/dashboard", "/prose", "/prose/history", "/account"]) {
    await page.goto(path);
    await waitForHydration(page);
    const commits = () => page.evaluate(() => (window as unknown as { __recordedCommits: Commit[] }).__recordedCommits);
    expect((await commits())[0], `${path}: the hydration commit`).toEqual({ spawnedSyncWork: false });
    if (path !== "/account") {
      // The page's Selects (and the tool page's mode switch) hydrate in commits of their own.
      await expect.poll(async () => (await commits()).length, `${path}: later commits`).toBeGreaterThan(1);
    }
  }
});
