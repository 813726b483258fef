import { Outlet, useLocation } from "react-router";
import { PageChrome } from "~/components/page-chrome";
import { useRootData } from "~/root";

/** Layout route: wraps every page but the landing in the page chrome. */
export default function ChromeLayout() {
  const root = useRootData();
  const { pathname } = useLocation();
  if (!root) return <Outlet />;
  // The spec hides the footer on /signup and /signin; /signin only redirects, outside this layout.
  return (
    <PageChrome config={root.config} showFooter={pathname !== "/signup"}>
      <Outlet />
    </PageChrome>
  );
}
