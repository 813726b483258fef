/**
 * A project's story bible entries (issue 13, decision 013). Every query filters by the writer
 * first and by the project second: another writer's project or entry id does not exist here
 * (null / false, never an error). Adding entries counts and inserts in one statement, so
 * concurrent adds cannot pass the limit (MAX_ENTRIES_PER_PROJECT: the app passes its limits in,
 * db/ does not import app/).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { bibleEntries, projects } from "../schema";

type BibleEntryKind = (typeof bibleEntries.$inferSelect)["kind"];

/** An entry as stored: app/projects/bible.ts's BibleEntry, with its dates. */
export type StoredBibleEntry = {
  id: string;
  kind: BibleEntryKind;
  name: string;
  aliases: string[];
  description: string;
  /** The writer's private notes: never sent to the model. */
  notes: string;
  alwaysInclude: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export type NewEntry = {
  kind: BibleEntryKind;
  name: string;
  aliases?: string[];
  description?: string;
  notes?: string;
  alwaysInclude?: boolean;
};

export type EntryChanges = Partial<NewEntry> & { appendDescription?: string };

export const entryColumns = {
  id: bibleEntries.id,
  kind: bibleEntries.kind,
  name: bibleEntries.name,
  aliases: bibleEntries.aliases,
  description: bibleEntries.description,
  notes: bibleEntries.notes,
  alwaysInclude: bibleEntries.alwaysInclude,
  createdAt: bibleEntries.createdAt,
  updatedAt: bibleEntries.updatedAt,
};

type EntryRow = { [key in keyof typeof entryColumns]: (typeof entryColumns)[key]["_"]["data"] };

/** Stored aliases are a JSON array of strings; anything else reads as none. */
function parseAliases(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((alias): alias is string => typeof alias === "string") : [];
  } catch {
    return [];
  }
}

export function toBibleEntry(row: EntryRow): StoredBibleEntry {
  return { ...row, aliases: parseAliases(row.aliases) };
}

const ownProject = (userId: string, projectId: string) => and(eq(projects.userId, userId), eq(projects.id, projectId));
const ownEntry = (userId: string, projectId: string, entryId: string) =>
  and(eq(bibleEntries.userId, userId), eq(bibleEntries.projectId, projectId), eq(bibleEntries.id, entryId));

/**
 * Marks the project changed (its bible was), for the list's order — only when the writer's entry
 * `entryId` exists at that point of the batch (with `changedAt`: was just changed), so a foreign
 * or missing entry id changes nothing at all.
 */
function touchProject(db: Database, userId: string, projectId: string, entryId: string, now: Date, changedAt?: Date) {
  const entry = and(ownEntry(userId, projectId, entryId), changedAt ? eq(bibleEntries.updatedAt, changedAt) : undefined);
  return db
    .update(projects)
    .set({ updatedAt: now })
    .where(and(ownProject(userId, projectId), sql`exists (select 1 from ${bibleEntries} where ${entry})`));
}

/** The writer's entries of one project, oldest first (for generation: no dates needed). */
export async function listEntries({ db, userId, projectId }: { db: Database; userId: string; projectId: string }) {
  const rows = await db
    .select(entryColumns)
    .from(bibleEntries)
    .where(and(eq(bibleEntries.userId, userId), eq(bibleEntries.projectId, projectId)))
    .orderBy(bibleEntries.createdAt, sql`${bibleEntries}.rowid`);
  return rows.map(toBibleEntry);
}

/**
 * Adds entries to the writer's project, in the order given, all or none: null when there is no
 * such project, "limit" when they would take it past `limit` entries. The entries go in
 * as one JSON parameter (D1 binds at most 100 parameters per statement).
 */
export async function createEntries({
  db,
  userId,
  projectId,
  entries,
  limit,
  now = new Date(),
}: {
  db: Database;
  userId: string;
  projectId: string;
  entries: NewEntry[];
  /** MAX_ENTRIES_PER_PROJECT. */
  limit: number;
  now?: Date;
}): Promise<StoredBibleEntry[] | null | "limit"> {
  const rows = entries.map((entry) => ({
    id: crypto.randomUUID(),
    kind: entry.kind,
    name: entry.name,
    aliases: JSON.stringify(entry.aliases ?? []),
    description: entry.description ?? "",
    notes: entry.notes ?? "",
    alwaysInclude: entry.alwaysInclude ? 1 : 0,
  }));
  const at = now.getTime();
  // Not in a batch: D1's driver cannot batch a raw statement. The touch below only orders the list.
  const inserted = await db.all<{ id: string }>(sql`
      INSERT INTO ${bibleEntries} (id, project_id, user_id, kind, name, aliases, description, notes, always_include, created_at, updated_at)
      SELECT value ->> '$.id', ${projectId}, ${userId}, value ->> '$.kind', value ->> '$.name', value ->> '$.aliases',
             value ->> '$.description', value ->> '$.notes', value ->> '$.alwaysInclude', ${at}, ${at}
      FROM json_each(${JSON.stringify(rows)})
      WHERE exists (select 1 from ${projects} where ${projects.id} = ${projectId} and ${projects.userId} = ${userId})
        AND (SELECT count(*) FROM ${bibleEntries} WHERE ${bibleEntries.userId} = ${userId}
             AND ${bibleEntries.projectId} = ${projectId}) + ${rows.length} <= ${limit}
      ORDER BY key
      RETURNING id`);
  if (inserted.length > 0) await touchProject(db, userId, projectId, rows[0]!.id, now);
  if (inserted.length === 0) {
    const [project] = await db.select({ id: projects.id }).from(projects).where(ownProject(userId, projectId)).limit(1);
    return project ? "limit" : null;
  }
  const byId = new Map((await listEntries({ db, userId, projectId })).map((entry) => [entry.id, entry]));
  return rows.map((row) => byId.get(row.id)).filter((entry): entry is StoredBibleEntry => entry !== undefined);
}

/** The description with `addition` appended after a blank line (or alone, when there was none). */
export function appendedDescription(description: string, addition: string): string {
  const before = description.trimEnd();
  const after = addition.trim();
  return before ? `${before}\n\n${after}` : after;
}

/**
 * Changes one entry of the writer's project. `appendDescription` adds to the description as it
 * is stored at that moment (a compare-and-set: an edit in between is never overwritten); "limit"
 * when the result would be longer than `maxDescriptionChars` (MAX_DESCRIPTION_CHARS). Null when there is no such entry.
 */
export async function updateEntry({
  db,
  userId,
  projectId,
  entryId,
  changes,
  maxDescriptionChars,
  now = new Date(),
}: {
  db: Database;
  userId: string;
  projectId: string;
  entryId: string;
  changes: EntryChanges;
  /** MAX_DESCRIPTION_CHARS: only an appended description can pass it here (the app checks the rest). */
  maxDescriptionChars: number;
  now?: Date;
}): Promise<StoredBibleEntry | null | "limit"> {
  const { appendDescription, aliases, ...fields } = changes;
  const set: Record<string, unknown> = { ...fields, updatedAt: now };
  if (aliases !== undefined) set.aliases = JSON.stringify(aliases);
  for (let attempt = 0; attempt < 3; attempt++) {
    const where = [ownEntry(userId, projectId, entryId)];
    if (appendDescription !== undefined) {
      const [current] = await db.select({ description: bibleEntries.description }).from(bibleEntries).where(where[0]).limit(1);
      if (!current) return null;
      const base = fields.description ?? current.description;
      set.description = appendedDescription(base, appendDescription);
      if ((set.description as string).length > maxDescriptionChars) return "limit";
      where.push(eq(bibleEntries.description, current.description));
    }
    const [rows] = await db.batch([
      db.update(bibleEntries).set(set).where(and(...where)).returning(entryColumns),
      touchProject(db, userId, projectId, entryId, now, now),
    ]);
    if (rows[0]) return toBibleEntry(rows[0]);
    if (appendDescription === undefined) return null;
  }
  throw new Error("the entry kept changing while a description was appended");
}

/** Deletes one entry of the writer's project; false when there is no such entry. */
export async function deleteEntry({
  db,
  userId,
  projectId,
  entryId,
  now = new Date(),
}: {
  db: Database;
  userId: string;
  projectId: string;
  entryId: string;
  now?: Date;
}): Promise<boolean> {
  const [, deleted] = await db.batch([
    touchProject(db, userId, projectId, entryId, now),
    db.delete(bibleEntries).where(ownEntry(userId, projectId, entryId)).returning({ id: bibleEntries.id }),
  ]);
  return deleted.length > 0;
}
