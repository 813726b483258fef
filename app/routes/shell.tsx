import { Outlet, useLocation } from "react-router";
import { Shell } from "~/components/shell";
import { useRootData } from "~/root";

/** Layout for every page except the landing: banner, wallpaper and (mostly) the footer. */
export default function ShellLayout() {
  const root = useRootData();
  const { pathname } = useLocation();
  if (!root) return <Outlet />;
  return (
    <Shell config={root.config} showFooter={pathname !== "/signup" && pathname !== "/signin"}>
      <Outlet />
    </Shell>
  );
}
