/**
 * The limits on projects and their story bibles (issue 13, "Bad input and limits"), in one place:
 * the forms, the routes and the queries all read them from here.
 */

/** A project's title, an entry's name and each of its aliases. */
export const MAX_NAME_CHARS = 120;
/** A project's one-line logline (ours: one line, a little longer than a name). */
export const MAX_LOGLINE_CHARS = 300;
/** An entry's description and notes, and each fixed section except the style sample. */
export const MAX_DESCRIPTION_CHARS = 4_000;
/** The sample of the writer's own prose (about 1,000 words). */
export const MAX_STYLE_SAMPLE_CHARS = 8_000;
/** Aliases per entry (ours: enough for nicknames, titles and spellings). */
export const MAX_ALIASES = 20;
export const MAX_ENTRIES_PER_PROJECT = 500;
export const MAX_PROJECTS_PER_WRITER = 100;

/** The share of the model's context the project context block may take, in estimated tokens. */
export const DEFAULT_CONTEXT_BUDGET_TOKENS = 1_500;
