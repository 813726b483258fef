/**
 * What the projects API accepts (issue 13, "Bad input and limits"): the bodies of its writes, as
 * zod schemas its routes declare (lib/api-route.server.ts), against app/rules/project-limits.ts and
 * with the messages of app/messages/projects.ts.
 * Texts are trimmed (the style sample and descriptions keep their inner line breaks); lengths
 * count UTF-16 code units, as the bundle's importer does. Server only: zod stays out of the
 * browser, whose CSP forbids the eval zod probes for.
 */
import { z } from "zod";
import { bibleTexts, projectErrorTexts as errors } from "~/messages/projects";
import { BIBLE_ENTRY_KINDS, PROJECT_KINDS } from "./bible";
import {
  MAX_ALIASES,
  MAX_DESCRIPTION_CHARS,
  MAX_LOGLINE_CHARS,
  MAX_NAME_CHARS,
  MAX_STYLE_SAMPLE_CHARS,
} from "~/rules/project-limits";

/** Entries one request may add (the "Save to bible" of a character list, an import's batch). */
export const MAX_ENTRIES_PER_REQUEST = 50;

const text = (what: string, max: number) =>
  z
    .string()
    .transform((value) => value.trim())
    .refine((value) => value.length <= max, errors.tooLong(what, max));

const required = (what: string, max: number, missing: string) =>
  text(what, max).refine((value) => value.length > 0, missing);

const title = required(errors.fields.title, MAX_NAME_CHARS, errors.titleRequired);
const logline = text(errors.fields.logline, MAX_LOGLINE_CHARS);
const projectKind = z.enum(PROJECT_KINDS, errors.unknownKind).nullable();
const section = (label: string) => text(errors.fields.section(label), MAX_DESCRIPTION_CHARS);

export const newProjectSchema = z.strictObject({ title, logline: logline.optional(), kind: projectKind.optional() });

export const projectChangesSchema = z
  .strictObject({
    title: title.optional(),
    logline: logline.optional(),
    kind: projectKind.optional(),
    synopsis: section(bibleTexts.sections.synopsis).optional(),
    genreTone: section(bibleTexts.sections.genreTone).optional(),
    setting: section(bibleTexts.sections.setting).optional(),
    styleNotes: section(bibleTexts.sections.styleNotes).optional(),
    styleSample: text(bibleTexts.sections.styleSample, MAX_STYLE_SAMPLE_CHARS).optional(),
    archived: z.boolean().optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), errors.nothingToChange);

const aliases = z
  .array(text(errors.fields.alias, MAX_NAME_CHARS))
  .max(MAX_ALIASES, errors.tooManyAliases(MAX_ALIASES))
  // Blank aliases and repeats say nothing: kept once, in the writer's order.
  .transform((list) => [...new Set(list.filter(Boolean))]);

const entryFields = {
  kind: z.enum(BIBLE_ENTRY_KINDS, errors.unknownKind),
  name: required(errors.fields.name, MAX_NAME_CHARS, errors.nameRequired),
  aliases,
  description: text(errors.fields.description, MAX_DESCRIPTION_CHARS),
  notes: text(errors.fields.notes, MAX_DESCRIPTION_CHARS),
  alwaysInclude: z.boolean(),
};

const newEntrySchema = z.strictObject({
  ...entryFields,
  aliases: aliases.optional(),
  description: entryFields.description.optional(),
  notes: entryFields.notes.optional(),
  alwaysInclude: entryFields.alwaysInclude.optional(),
});

export const newEntriesSchema = z.strictObject({
  entries: z
    .array(newEntrySchema)
    .min(1, errors.entriesPerRequest(MAX_ENTRIES_PER_REQUEST))
    .max(MAX_ENTRIES_PER_REQUEST, errors.entriesPerRequest(MAX_ENTRIES_PER_REQUEST)),
});

export const entryChangesSchema = z
  .strictObject({
    ...Object.fromEntries(Object.entries(entryFields).map(([key, schema]) => [key, schema.optional()])),
    appendDescription: required(errors.fields.description, MAX_DESCRIPTION_CHARS, errors.nothingToChange).optional(),
  } as { [key in keyof typeof entryFields]: z.ZodOptional<(typeof entryFields)[key]> } & {
    appendDescription: z.ZodOptional<ReturnType<typeof required>>;
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), errors.nothingToChange);

export const activeProjectSchema = z.strictObject({ projectId: z.uuid().nullable() });

/** `?conversations=detach|delete` of a project's DELETE; null for anything else. */
export function deleteChoice(value: string | null): "detach" | "delete" | null {
  return value === "detach" || value === "delete" ? value : null;
}
