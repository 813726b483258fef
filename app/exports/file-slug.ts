/**
 * A file name's stem from a title: letters and digits of any accent reduced to ASCII, the rest as
 * single hyphens, at most 60 characters (`Café · Scène 2!` → `cafe-scene-2`); "" when nothing is
 * left. The browser's downloads and the server's bundle name their files with it.
 */
const MAX_SLUG_CHARS = 60;

export function fileSlug(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_CHARS)
    .replace(/-+$/, "");
}
