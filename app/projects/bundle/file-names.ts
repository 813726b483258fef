/** Paths inside the bundle: safe (ASCII slugs, no separators), and unique within the .zip. */
import { fileSlug } from "~/exports/file-slug";
import { bundleTexts } from "~/messages/bundle";

/** A slug for any title, the bundle's word for "untitled" when it has no letters or digits. */
export function safeStem(title: string): string {
  return fileSlug(title) || bundleTexts.untitled;
}

/**
 * `folder/stem.extension`, or `folder/stem-2.extension` (-3, …) when the bundle already has that
 * path; compared case-insensitively, as the file systems of most writers' computers do.
 */
export function uniquePath(used: Set<string>, folder: string, stem: string, extension: string): string {
  for (let n = 1; ; n++) {
    const path = `${folder}/${n === 1 ? stem : `${stem}-${n}`}.${extension}`;
    if (!used.has(path.toLowerCase())) {
      used.add(path.toLowerCase());
      return path;
    }
  }
}
