/** What kind of body a response carries, judged by its Content-Type header. */

/** True for an HTML document (`text/html`, with or without parameters). */
export function isHtml(headers: Headers): boolean {
  return /^text\/html\b/i.test(headers.get("Content-Type") ?? "");
}
