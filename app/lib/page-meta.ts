/**
 * The meta tags of a signed-in (or otherwise private) page: its title with the spec's suffix,
 * the private description and a robots rule. One place, so every such page says the same.
 */
import { PRIVATE_PAGE_DESCRIPTION, TITLE_SUFFIX } from "~/messages/site";

export function privatePageMeta(title: string, { robots = "noindex, nofollow" }: { robots?: "noindex" | "noindex, nofollow" } = {}) {
  return [{ title: `${title}${TITLE_SUFFIX}` }, { name: "description", content: PRIVATE_PAGE_DESCRIPTION }, { name: "robots", content: robots }];
}

/** The headers of a private page that must never be cached or indexed. */
export const PRIVATE_PAGE_HEADERS = { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" } as const;
