/** The download menu of an answer and of a conversation (issue 12 "Exports"); not in the spec. */
export const exportTexts = {
  download: "Download",
  /** The details dialog keeps the spec's two buttons; the other formats sit in this menu. */
  moreFormats: "More formats",
  markdown: "Markdown (.md)",
  text: "Plain text (.txt)",
  docx: "Word (.docx)",
  fountain: "Fountain screenplay (.fountain)",
  print: "Print / Save as PDF",
  preparing: "Preparing the download…",
  /** The file name of an answer whose title has no letters or digits. */
  answerFileName: "answer",
} as const;

export const exportToasts = {
  failed: { title: "Error", description: (message: string) => `The download could not be made: ${message}` },
  unknownFailure: "Something went wrong while building the file.",
} as const;
