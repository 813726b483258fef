/** What any request is told about its body (app/lib/request-body.server.ts), wherever it was sent. */
export const requestTexts = {
  illFormed:
    "Some of the text contains characters that are not valid text (often a broken character from a copy and paste). Remove them and try again: nothing was saved.",
  formTooLarge: "The form is too large.",
  formUnsupported: "Unsupported form encoding.",
  formUnreadable: "The form could not be read.",
} as const;
