/**
 * Applies an imported bible to a project in one batch (one transaction): the fixed sections it
 * fills, the entries it updates and the ones it adds — all of it, or nothing.
 *
 * The entry limit is checked inside the batch, where no other write can come between: the first
 * statement updates the project only when its entries plus the new ones stay within the limit,
 * and stamps it with this import's `updated_at`; every later statement runs only when the
 * project carries that stamp. A project over the limit (or not the writer's) is left untouched,
 * and so is every entry.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { bibleEntries, projects } from "../schema";

type Sections = Partial<Record<"synopsis" | "genreTone" | "setting" | "styleNotes" | "styleSample", string>>;
type EntryFields = {
  kind: (typeof bibleEntries.$inferInsert)["kind"];
  name: string;
  aliases: string[];
  description: string;
  notes: string;
  alwaysInclude: boolean;
};

export type BibleImport = {
  sections: Sections;
  updates: { entryId: string; changes: Partial<EntryFields> }[];
  creates: EntryFields[];
};

/**
 * `"applied"`, or `"unchanged"` when the first statement did not run: the project is not the
 * writer's, or the new entries would take it past `maxEntries`.
 */
export async function applyBibleImport({
  db,
  userId,
  projectId,
  changes,
  maxEntries,
  previousUpdatedAt,
}: {
  db: Database;
  userId: string;
  projectId: string;
  changes: BibleImport;
  maxEntries: number;
  /** The project's `updatedAt` as read before: this import's stamp is later than it. */
  previousUpdatedAt: Date;
}): Promise<"applied" | "unchanged"> {
  const stamp = new Date(Math.max(Date.now(), previousUpdatedAt.getTime() + 1));
  const owned = and(eq(projects.id, projectId), eq(projects.userId, userId));
  const stamped = sql`exists (select 1 from ${projects} where ${owned} and ${projects.updatedAt} = ${stamp.getTime()})`;
  const room = sql`(select count(*) from ${bibleEntries} where ${bibleEntries.userId} = ${userId} and ${bibleEntries.projectId} = ${projectId}) + ${changes.creates.length} <= ${maxEntries}`;

  const first = db
    .update(projects)
    .set({ ...changes.sections, updatedAt: stamp })
    .where(and(owned, room))
    .returning({ id: projects.id });
  const updates = changes.updates.map(({ entryId, changes: { aliases, ...entry } }) =>
    db
      .update(bibleEntries)
      .set({ ...entry, ...(aliases ? { aliases: JSON.stringify(aliases) } : {}), updatedAt: stamp })
      .where(and(eq(bibleEntries.userId, userId), eq(bibleEntries.projectId, projectId), eq(bibleEntries.id, entryId), stamped)),
  );
  const creates = changes.creates.map((entry) =>
    db
      .insert(bibleEntries)
      .select(
        db
          .select({
            id: sql`${crypto.randomUUID()}`.as("id"),
            projectId: projects.id,
            userId: projects.userId,
            kind: sql`${entry.kind}`.as("kind"),
            name: sql`${entry.name}`.as("name"),
            aliases: sql`${JSON.stringify(entry.aliases)}`.as("aliases"),
            description: sql`${entry.description}`.as("description"),
            notes: sql`${entry.notes}`.as("notes"),
            alwaysInclude: sql`${entry.alwaysInclude ? 1 : 0}`.as("always_include"),
            createdAt: sql`${stamp.getTime()}`.as("created_at"),
            updatedAt: sql`${stamp.getTime()}`.as("updated_at"),
          })
          .from(projects)
          .where(and(owned, stamped)),
      ),
  );
  const [stampedRows] = await db.batch([first, ...updates, ...creates]);
  return stampedRows.length > 0 ? "applied" : "unchanged";
}
