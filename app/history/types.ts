/** What the history page and its API send to the browser (dates as ISO strings). */
export type HistoryItem = {
  id: string;
  queryType: string;
  label: string;
  preview: string;
  previewCut: boolean;
  /** Exchanges in the conversation: 1 for the first request, +1 per follow-up. */
  turns: number;
  createdAt: string;
  updatedAt: string;
  /** The tool page that reopens this conversation, or null when no tool owns its type. */
  continuePath: string | null;
};

export type HistoryPage = { entries: HistoryItem[]; nextCursor: string | null };

export type HistoryThread = {
  id: string;
  queryType: string;
  label: string;
  createdAt: string;
  continuePath: string | null;
  turns: { role: "user" | "assistant"; content: string; status: string }[];
};
