/**
 * One conversation as an ordered document for the exports that need structure (.docx,
 * .fountain): its title and date, then each writer turn (shown quoted) and each answer, with
 * the headings the details dialog uses ('Prompt', 'Follow-up 1', 'Response') and the note of an
 * answer that stopped early. The chosen version of each exchange is what the thread holds.
 */
import { exchanges } from "~/history/export";
import type { HistoryThread } from "~/history/types";
import { historyTexts } from "~/messages/history";

export type ConversationSection =
  | { kind: "ask"; heading: string; markdown: string }
  | { kind: "answer"; heading: string; markdown: string; note: string | null };

export type ConversationDocument = { title: string; date: string; sections: ConversationSection[] };

const STATUS_NOTES: Record<string, string> = {
  stopped: historyTexts.stopped,
  interrupted: historyTexts.interrupted,
};

type ThreadLike = Pick<HistoryThread, "label" | "createdAt" | "turns"> & { title?: string | null };

/** The date as the Markdown download writes it (long date, short time, the writer's locale). */
export function conversationDate(createdAt: string, locale?: string, timeZone?: string): string {
  return new Date(createdAt).toLocaleString(locale, { dateStyle: "long", timeStyle: "short", timeZone });
}

export function conversationDocument(thread: ThreadLike, options: { locale?: string; timeZone?: string } = {}): ConversationDocument {
  const sections: ConversationSection[] = [];
  exchanges(thread).forEach((pair, index) => {
    sections.push({ kind: "ask", heading: index === 0 ? historyTexts.prompt : historyTexts.followUp(index), markdown: pair.ask.trim() });
    sections.push({ kind: "answer", heading: historyTexts.response, markdown: pair.answer.trim(), note: STATUS_NOTES[pair.status] ?? null });
  });
  return {
    title: thread.title?.trim() || thread.label,
    date: conversationDate(thread.createdAt, options.locale, options.timeZone),
    sections,
  };
}
