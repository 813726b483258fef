import { redirect } from "react-router";
import type { Route } from "./+types/legacy-redirect";
import { legacyRedirects } from "~/catalog/tools";

/** Old per-feature routes now live in the merged tools, with their element preselected. */
export function loader({ url }: Route.LoaderArgs) {
  const target = legacyRedirects.find((legacy) => legacy.from === url.pathname);
  return redirect(target?.to ?? "/dashboard", 301);
}
