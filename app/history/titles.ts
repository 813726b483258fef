/**
 * What a conversation is called (decision 012, "Titles"): the writer's own name when they gave
 * one; otherwise the element's label, " · " and the first filled detail (up to 60 characters),
 * or — when no detail was filled — the answer's first Markdown heading. The history list, the
 * thread and the search results all call `conversationTitle`, so a card and its dialog agree.
 * Client-safe: no server code here.
 */
import { historyEntryLabel, toolForQueryType } from "~/catalog/history";
import { findElement } from "~/catalog/requests";
import { historyTexts } from "~/messages/history";

/** Characters of a detail or a heading a derived title keeps. */
export const TITLE_PART_CHARS = 60;
/** The longest name a writer can give a conversation. */
export const MAX_TITLE_CHARS = 120;
export const TITLE_SEPARATOR = " · ";

export type FilledDetails = Record<string, string>;

/** The stored JSON of the filled details, or `{}` for NULL, old rows or anything malformed. */
export function parseDetails(json: string | null | undefined): FilledDetails {
  if (!json) return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return {};
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const details: FilledDetails = {};
  for (const [field, text] of Object.entries(value)) {
    if (typeof text === "string" && text.trim()) details[field] = text.trim();
  }
  return details;
}

/** One line, cut to `max` characters with an ellipsis when it was longer. */
function clip(text: string, max = TITLE_PART_CHARS): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** Markdown emphasis, code and link syntax taken out of a heading's text. */
function plainInline(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`~]+/g, "")
    .replace(/\s+#+\s*$/, "")
    .trim();
}

/** The text of the first ATX (`# Title`) or setext (`Title` / `===`) heading, if any. */
export function firstHeading(markdown: string | null | undefined): string | null {
  if (!markdown) return null;
  const lines = markdown.split(/\r?\n/);
  let fenced = false;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (/^\s{0,3}(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const atx = /^\s{0,3}#{1,6}\s+(.+)$/.exec(line);
    if (atx) {
      const text = plainInline(atx[1]!);
      if (text) return text;
    }
    const next = lines[index + 1];
    if (line.trim() && next !== undefined && /^\s{0,3}(=+|-+)\s*$/.test(next) && !/^\s{0,3}[-*+]\s/.test(line)) {
      const text = plainInline(line);
      if (text) return text;
    }
  }
  return null;
}

/** The first filled detail, in the element's field order when the element is known. */
function firstDetail(queryType: string, element: string | null, details: FilledDetails): string | null {
  const tool = toolForQueryType(queryType);
  const known = tool && element ? findElement(tool, element) : undefined;
  const order = [...(known?.fields ?? []), ...Object.keys(details)];
  for (const field of order) {
    const value = details[field];
    if (value) return value;
  }
  return null;
}

export type TitleSource = {
  queryType: string;
  element: string | null;
  /** The writer's rename (NULL: derived). */
  title: string | null;
  details: FilledDetails;
  /** The start of the first answer (only needed when no detail was filled). */
  answer: string | null;
};

/** The title derived from the element and what was filled or answered. */
export function derivedTitle({ queryType, element, details, answer }: Omit<TitleSource, "title">): string {
  const label = historyEntryLabel(queryType, element);
  const part = firstDetail(queryType, element, details) ?? firstHeading(answer);
  // An answer headed by the element's own name ("# Story outline") adds nothing to the label.
  if (!part || part.trim().toLowerCase() === label.toLowerCase()) return label;
  return `${label}${TITLE_SEPARATOR}${clip(part)}`;
}

/** The title a card, the thread and the search show: the writer's rename wins. */
export function conversationTitle(source: TitleSource): string {
  const own = source.title?.trim();
  return own ? own : derivedTitle(source);
}

/** A stored conversation's columns, as the history queries return them. */
export type StoredTitleColumns = { queryType: string; element: string | null; title: string | null; details: string | null; headingSource: string | null };

/** The title of a stored conversation, from its columns (details as stored JSON). */
export function storedConversationTitle(row: StoredTitleColumns): string {
  return conversationTitle({ queryType: row.queryType, element: row.element, title: row.title, details: parseDetails(row.details), answer: row.headingSource });
}

/** The rename dialog's check before sending: the message to show, or null when it can be sent. */
export function titleProblem(value: string): string | null {
  return [...value.trim()].length > MAX_TITLE_CHARS ? historyTexts.titleTooLong : null;
}
