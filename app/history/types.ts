/** What the history page and its API send to the browser (dates as ISO strings). */
export type HistoryItem = {
  id: string;
  queryType: string;
  /** The element's (or the type's) label, as the spec's cards show it. */
  label: string;
  /** What the conversation is called: the writer's rename or the derived title (app/history/titles.ts). */
  title: string;
  /** Whether `title` is the writer's own (false: derived). */
  renamed: boolean;
  starred: boolean;
  preview: string;
  previewCut: boolean;
  /** Exchanges in the conversation: 1 for the first request, +1 per follow-up. */
  turns: number;
  createdAt: string;
  updatedAt: string;
  /** The tool page that reopens this conversation, or null when no tool owns its type. */
  continuePath: string | null;
  /** The entry's details as a page of their own ('View details' links there). */
  detailsPath: string;
};

export type HistoryPage = { entries: HistoryItem[]; nextCursor: string | null };

export type HistoryThread = {
  id: string;
  queryType: string;
  label: string;
  title: string;
  starred: boolean;
  /** The element chosen at Generate (null for types the tools never saved). */
  element: string | null;
  /** The details filled at Generate, `{field: value}` ({} when none or not recorded). */
  details: Record<string, string>;
  mode: "generate" | "draft";
  createdAt: string;
  continuePath: string | null;
  /** The project the conversation belongs to (absent: none — the JSON of other threads is as before). */
  projectId?: string;
  /**
   * An answer given with its project's context block carries `context`: the labels its bible gave
   * it ("Used: …") and those left out for the budget.
   */
  turns: { role: "user" | "assistant"; content: string; status: string; context?: { used: string[]; leftOut: string[] } }[];
};

/** `PATCH /api/history/:id`: a new name ("" for the derived one again) and/or the star. */
export type HistoryEntryChanges = { title?: string; starred?: boolean };

/** What `PATCH /api/history/:id` answers: the entry's title and star after the change. */
export type HistoryEntryState = { id: string; title: string; renamed: boolean; starred: boolean };
