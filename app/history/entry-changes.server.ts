/**
 * The body of `PATCH /api/history/:id`: `{title?: string, starred?: boolean}`, at least one of
 * them and nothing else. The title is trimmed; "" gives back the derived title (null); a name
 * is at most MAX_TITLE_CHARS characters (the rename dialog checks the same limit with
 * `titleProblem`, which is in titles.ts: zod stays out of the browser, whose CSP forbids the
 * eval zod probes for).
 */
import { z } from "zod";
import { historyTexts } from "~/messages/history";
import { MAX_TITLE_CHARS } from "./titles";

const changesSchema = z
  .strictObject({
    title: z
      .string()
      .transform((value) => value.trim())
      .refine((value) => [...value].length <= MAX_TITLE_CHARS, historyTexts.titleTooLong)
      .transform((value) => (value === "" ? null : value))
      .optional(),
    starred: z.boolean().optional(),
  })
  .refine((changes) => changes.title !== undefined || changes.starred !== undefined, historyTexts.changesInvalid);

export type EntryChanges = { title: string | null; starred?: boolean } | { title?: string | null; starred: boolean };

/** The changes to make, or the message for a 400. */
export function readEntryChanges(body: unknown): { ok: true; changes: EntryChanges } | { ok: false; error: string } {
  const parsed = changesSchema.safeParse(body);
  if (parsed.success) return { ok: true, changes: parsed.data as EntryChanges };
  const issue = parsed.error.issues[0];
  return { ok: false, error: issue?.message === historyTexts.titleTooLong ? historyTexts.titleTooLong : historyTexts.changesInvalid };
}
