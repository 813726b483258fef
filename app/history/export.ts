/**
 * The two downloads of a history entry, built in the browser from the entry's thread:
 * - the spec's text file `{query_type}_{local date with / → -}.txt`: '**Prompt:**' and the
 *   prompt, then '**Response:**' and the response — followed, for a refined conversation, by
 *   each follow-up and its response in the same shape, so no part of the work is left out;
 * - a Markdown file of the whole thread with headings, `{query_type}_{date}.md`.
 * The other formats (app/exports/: .docx, .fountain) are named the same way.
 */
import type { HistoryThread } from "./types";

/** The writer's local date, as the spec names files: `11/21/2026` → `11-21-2026`. */
export function fileDate(date: Date, locale?: string): string {
  return date.toLocaleDateString(locale).replaceAll("/", "-");
}

function safeType(queryType: string): string {
  return queryType.replace(/[^\w-]+/g, "_") || "history";
}

/** `{query_type}_{local date}.{extension}`: the spec's name for the .txt, and the other formats'. */
export function threadFileName(
  thread: Pick<HistoryThread, "queryType" | "createdAt">,
  extension: string,
  locale?: string,
): string {
  return `${safeType(thread.queryType)}_${fileDate(new Date(thread.createdAt), locale)}.${extension}`;
}

export function textFileName(thread: Pick<HistoryThread, "queryType" | "createdAt">, locale?: string): string {
  return threadFileName(thread, "txt", locale);
}

export function markdownFileName(thread: Pick<HistoryThread, "queryType" | "createdAt">, locale?: string): string {
  return threadFileName(thread, "md", locale);
}

/** Writer/answer pairs in order; the first pair is the prompt and its response. */
export function exchanges(thread: Pick<HistoryThread, "turns">) {
  const pairs: { ask: string; answer: string; status: string; context?: HistoryThread["turns"][number]["context"] }[] = [];
  for (const turn of thread.turns) {
    const answer = { answer: turn.content, status: turn.status, context: turn.context };
    if (turn.role === "user") pairs.push({ ask: turn.content, answer: "", status: "complete" });
    else if (pairs.length > 0) Object.assign(pairs[pairs.length - 1]!, answer);
    else pairs.push({ ask: "", ...answer });
  }
  return pairs;
}

export function textFileContent(thread: Pick<HistoryThread, "turns">): string {
  return exchanges(thread)
    .map((pair, index) => `**${index === 0 ? "Prompt" : "Follow-up"}:**\n${pair.ask}\n\n**Response:**\n${pair.answer}`)
    .join("\n\n");
}

const STATUS_NOTES: Record<string, string> = {
  stopped: "_(Stopped before the end.)_",
  interrupted: "_(The answer was cut off by a connection problem.)_",
};

/** `timeZone`: the writer's, when the file is written away from their browser (the project bundle). */
export function markdownFileContent(
  thread: Pick<HistoryThread, "turns" | "label" | "createdAt">,
  locale?: string,
  timeZone?: string,
): string {
  const when = new Date(thread.createdAt).toLocaleString(locale, { dateStyle: "long", timeStyle: "short", timeZone });
  const parts = [`# ${thread.label}`, `_${when}_`];
  exchanges(thread).forEach((pair, index) => {
    parts.push(index === 0 ? "## Prompt" : `## Follow-up ${index}`, pair.ask.trim() || "_(empty)_");
    parts.push(index === 0 ? "## Response" : `### Response`, pair.answer.trim() || "_(no answer)_");
    const note = STATUS_NOTES[pair.status];
    if (note) parts.push(note);
  });
  return `${parts.join("\n\n")}\n`;
}
