import { Button, Flex, TabNav } from "@radix-ui/themes";
import { Link, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/admin-layout";
import { requireAdminPage } from "~/admin/guard.server";
import { AppHeader } from "~/components/app-header";
import { adminTexts as texts } from "~/messages/admin";

export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" };
}

/** `/admin/*`: verified admins only; anyone else is sent to the dashboard (guard.server.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context);
  return { email: admin.email };
}

const TABS = [
  { to: "/admin", label: texts.navOverview },
  { to: "/admin/writers", label: texts.navWriters },
  { to: "/admin/prompts", label: texts.navPrompts },
  { to: "/admin/settings", label: texts.navSettings },
  { to: "/admin/audit", label: texts.navAudit },
] as const;

export default function AdminLayout() {
  const { pathname } = useLocation();
  return (
    <div className="page admin-page">
      <AppHeader>
        <Button asChild variant="soft">
          <Link to="/dashboard">{texts.back}</Link>
        </Button>
      </AppHeader>
      <main className="page-main">
        <Flex direction="column" gap="4">
          <TabNav.Root aria-label={texts.nav}>
            {TABS.map((tab) => (
              <TabNav.Link key={tab.to} asChild active={tab.to === "/admin" ? pathname === tab.to : pathname.startsWith(tab.to)}>
                <Link to={tab.to}>{tab.label}</Link>
              </TabNav.Link>
            ))}
          </TabNav.Root>
          <Outlet />
        </Flex>
      </main>
    </div>
  );
}
