/** Limits of the history pages, shared by the queries and the browser (no database code here). */
export const HISTORY_PAGE_SIZE = 24;
/** Characters of the prompt a card shows (spec: 150, plus an ellipsis when cut). */
export const PREVIEW_CHARS = 150;
export const MAX_SEARCH_CHARS = 200;
