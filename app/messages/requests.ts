/**
 * What any request is told about its body (app/lib/request-body.server.ts) and about the API
 * pipeline's own refusals, and what the browser says of an API call that failed (lib/api-client.ts).
 */
export const requestTexts = {
  illFormed:
    "Some of the text contains characters that are not valid text (often a broken character from a copy and paste). Remove them and try again: nothing was saved.",
  formTooLarge: "The form is too large.",
  formUnsupported: "Unsupported form encoding.",
  formUnreadable: "The form could not be read.",
  /** An API request whose body cannot be used, when the route has no words of its own. */
  invalid: "This request could not be read. Please reload the page and try again.",
  /** An API request over its route's size, when the route has no words of its own. */
  tooLarge: "That is more than this request can carry at once.",
  /** A signed-out caller of a writer's API route, when the route has no words of its own. */
  signedOut: "Please sign in to continue.",
  /** An API fault nobody foresaw (logged): the one 500 every API route answers with. */
  unexpected: "Something went wrong on our side. Please try again in a moment.",
  /** The browser could not reach the server at all (any API call). */
  connectionLost: "We could not reach the server. Check your connection and try again.",
  /** An answer that was not ok and said nothing itself. */
  serverAnswered: (status: number) => `The server answered ${status}.`,
} as const;
