/**
 * The product's name and the page chrome's texts (banner, footer). Every page reads this
 * module, so it stays small: screen texts live in their own modules beside it.
 */
export const PRODUCT_NAME = "The Write Stuff";
export const TITLE_SUFFIX = " | The Write Stuff";

export const chromeTexts = {
  editingBanner: (host: string) => `Need edits on existing work? Visit ${host}`,
  copyright: (year: number) => `© ${year} ${PRODUCT_NAME}. All rights reserved.`,
  contactUs: "Contact Us",
} as const;

/** The colour theme toggle in the header. */
export const themeTexts = {
  names: { system: "System", light: "Light", dark: "Dark" },
  toggle: (current: string, next: string) => `Colour theme: ${current}. Switch to ${next}`,
} as const;

/** The description of a signed-in page (not indexed; shown when a link to it is shared or bookmarked). */
export const PRIVATE_PAGE_DESCRIPTION = `Your writing workspace at ${PRODUCT_NAME}: assistants for prose, poetry, scripts, nonfiction, content and songs.`;
