/**
 * What a page's action answers a form (client-safe: the form reads the same type): an error to
 * show, the form it is for (`intent`, when several forms post to one route) and what was typed
 * into its plain fields, so a form posted without scripts comes back filled in (never a password).
 */
export type FormResult = {
  error?: string;
  intent?: string;
  values?: Record<string, string>;
};
