import { redirect } from "react-router";
import type { Route } from "./+types/admin";
import { requireAdminPage } from "~/admin/guard.server";

/** `/admin` opens the writers list (the overview is not built yet: see decision 014). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  throw redirect("/admin/writers");
}
