/**
 * Limits and names of the history pages, read by the server (queries' arguments) and by the
 * browser (the search field, Load more), so this module holds no server code.
 */
export const HISTORY_PAGE_SIZE = 24;
/** Characters of the prompt a card shows (spec: 150, plus an ellipsis when cut). */
export const PREVIEW_CHARS = 150;
export const MAX_SEARCH_CHARS = 200;
/** The API's section name for every tool's section at once (the search of all your work). */
export const ALL_SECTIONS = "all";
