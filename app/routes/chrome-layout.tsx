import { Outlet, useLocation } from "react-router";
import { PageChrome } from "~/components/page-chrome";
import { PublicHeader } from "~/components/public-header";
import { useRootData } from "~/root";
import workspaceStyles from "~/styles/workspace.css?url";

/** Pages for visitors: they have no app header, so they get the brand and the theme toggle. */
const PUBLIC_PAGES = new Set(["/signup", "/password-reset"]);

/** Layout route: wraps every page but the landing in the page chrome. */
export default function ChromeLayout() {
  const root = useRootData();
  const { pathname } = useLocation();
  // The workspace's rules (app/styles/workspace.css) load with the pages that use them; React
  // hoists the link into <head>, after app.css.
  const styles = <link rel="stylesheet" href={workspaceStyles} precedence="page" />;
  if (!root)
    return (
      <>
        {styles}
        <Outlet />
      </>
    );
  // The spec hides the footer on /signup and /signin; /signin only redirects, outside this layout.
  return (
    <PageChrome config={root.config} showFooter={pathname !== "/signup"}>
      {styles}
      {PUBLIC_PAGES.has(pathname) ? <PublicHeader /> : null}
      <Outlet />
    </PageChrome>
  );
}
