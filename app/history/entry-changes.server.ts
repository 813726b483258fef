/**
 * The body of `PATCH /api/history/:id`, as its route declares it: `{title?: string, starred?:
 * boolean}`, at least one of them and nothing else. The title is trimmed; "" gives back the derived title (null); a name
 * is at most MAX_TITLE_CHARS characters (the rename dialog checks the same limit with
 * `titleProblem`, which is in titles.ts: zod stays out of the browser, whose CSP forbids the
 * eval zod probes for).
 */
import { z } from "zod";
import { historyTexts } from "~/messages/history";
import { MAX_TITLE_CHARS } from "./titles";

export const historyChangesSchema = z
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
