/**
 * A writer's projects (issue 13, decision 013): the project rows with their story bible's fixed
 * sections, the list with counts, archiving, deleting (its conversations detached or deleted)
 * and the writer's active project. Every read and write is scoped to the owner first: another
 * writer's project id simply does not exist here (null / false, never an error).
 */
import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { bibleEntries, projects, queryHistory, queryMessages, users } from "../schema";
import { entryColumns, toBibleEntry, type StoredBibleEntry } from "./bible-entries";

/** One of PROJECT_KINDS (app/projects/bible.ts): the app checks it before it gets here. */
type ProjectKind = string;

export type Project = {
  id: string;
  title: string;
  logline: string;
  kind: ProjectKind | null;
  synopsis: string;
  genreTone: string;
  setting: string;
  styleNotes: string;
  styleSample: string;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export type ProjectSummary = Pick<Project, "id" | "title" | "logline" | "kind" | "archivedAt" | "updatedAt"> & {
  conversationCount: number;
  entryCount: number;
};

export type ProjectChanges = Partial<
  Pick<Project, "title" | "logline" | "kind" | "synopsis" | "genreTone" | "setting" | "styleNotes" | "styleSample"> & {
    archived: boolean;
  }
>;

export const projectColumns = {
  id: projects.id,
  title: projects.title,
  logline: projects.logline,
  kind: sql<ProjectKind | null>`${projects.kind}`,
  synopsis: projects.synopsis,
  genreTone: projects.genreTone,
  setting: projects.setting,
  styleNotes: projects.styleNotes,
  styleSample: projects.styleSample,
  archivedAt: projects.archivedAt,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};

const ownProject = (userId: string, id: string) => and(eq(projects.userId, userId), eq(projects.id, id));

function summaryColumns() {
  return {
    id: projects.id,
    title: projects.title,
    logline: projects.logline,
    kind: sql<ProjectKind | null>`${projects.kind}`,
    archivedAt: projects.archivedAt,
    updatedAt: projects.updatedAt,
    // Qualified by hand: inside a sub-select drizzle would leave the outer column bare.
    conversationCount: sql<number>`(select count(*) from query_history h
      where h.user_id = "projects"."user_id" and h.project_id = "projects"."id")`.mapWith(Number),
    entryCount: sql<number>`(select count(*) from bible_entries e
      where e.user_id = "projects"."user_id" and e.project_id = "projects"."id")`.mapWith(Number),
  };
}

/** The writer's projects, most recently changed first (archived ones too when asked). */
export async function listProjects({
  db,
  userId,
  includeArchived = false,
}: {
  db: Database;
  userId: string;
  includeArchived?: boolean;
}): Promise<ProjectSummary[]> {
  const conditions: SQL[] = [eq(projects.userId, userId)];
  if (!includeArchived) conditions.push(isNull(projects.archivedAt));
  return db
    .select(summaryColumns())
    .from(projects)
    .where(and(...conditions))
    .orderBy(desc(projects.updatedAt), desc(projects.id));
}

/**
 * A new project, or "limit" when the writer already has `limit` (MAX_PROJECTS_PER_WRITER;
 * archived ones count). Counting and inserting are one statement, so concurrent creates cannot
 * pass the limit.
 */
export async function createProject({
  db,
  userId,
  title,
  logline = "",
  kind = null,
  limit,
  now = new Date(),
}: {
  db: Database;
  userId: string;
  title: string;
  logline?: string;
  kind?: ProjectKind | null;
  /** MAX_PROJECTS_PER_WRITER (db/ does not import app/). */
  limit: number;
  now?: Date;
}): Promise<Project | "limit"> {
  const id = crypto.randomUUID();
  const at = now.getTime();
  const inserted = await db.all<{ id: string }>(sql`
    INSERT INTO ${projects} (id, user_id, title, logline, kind, created_at, updated_at)
    SELECT ${id}, ${userId}, ${title}, ${logline}, ${kind}, ${at}, ${at}
    WHERE (SELECT count(*) FROM ${projects} WHERE ${projects.userId} = ${userId}) < ${limit}
    RETURNING id`);
  if (inserted.length === 0) return "limit";
  const [project] = await db.select(projectColumns).from(projects).where(ownProject(userId, id)).limit(1);
  if (!project) throw new Error("the new project could not be read back");
  return project;
}

/** The writer's project with its bible entries (oldest first), or null. */
export async function readProject({
  db,
  userId,
  id,
}: {
  db: Database;
  userId: string;
  id: string;
}): Promise<(Project & { entries: StoredBibleEntry[] }) | null> {
  const [[project], entries] = await db.batch([
    db.select(projectColumns).from(projects).where(ownProject(userId, id)).limit(1),
    db
      .select(entryColumns)
      .from(bibleEntries)
      .where(and(eq(bibleEntries.userId, userId), eq(bibleEntries.projectId, id)))
      .orderBy(bibleEntries.createdAt, sql`${bibleEntries}.rowid`),
  ]);
  return project ? { ...project, entries: entries.map(toBibleEntry) } : null;
}

/** The writer's project's id and whether it is archived, or null: a cheap check of an id. */
export async function findProjectState({ db, userId, id }: { db: Database; userId: string; id: string }) {
  const [row] = await db
    .select({ id: projects.id, archived: sql<boolean>`${projects.archivedAt} is not null`.mapWith(Boolean) })
    .from(projects)
    .where(ownProject(userId, id))
    .limit(1);
  return row ?? null;
}

/** Changes the writer's project (`archived`: archive or bring back); null when there is no such project. */
export async function updateProject({
  db,
  userId,
  id,
  changes,
  now = new Date(),
}: {
  db: Database;
  userId: string;
  id: string;
  changes: ProjectChanges;
  now?: Date;
}): Promise<Project | null> {
  const { archived, ...fields } = changes;
  const set: Record<string, unknown> = { ...fields, updatedAt: now };
  // Archiving again keeps the first date.
  if (archived !== undefined) set.archivedAt = archived ? sql`coalesce(${projects.archivedAt}, ${now.getTime()})` : null;
  const [project] = await db.update(projects).set(set).where(ownProject(userId, id)).returning(projectColumns);
  return project ?? null;
}

/**
 * Deletes the writer's project and its bible in one atomic batch. Its conversations are either
 * kept in history with no project ("detach") or deleted with all their turns ("delete"). False
 * (and nothing changed) when there is no such project.
 */
export async function deleteProject({
  db,
  userId,
  id,
  conversations,
}: {
  db: Database;
  userId: string;
  id: string;
  conversations: "detach" | "delete";
}): Promise<boolean> {
  const itsConversations = and(eq(queryHistory.userId, userId), eq(queryHistory.projectId, id));
  const conversationStatements =
    conversations === "detach"
      ? [db.update(queryHistory).set({ projectId: null }).where(itsConversations)]
      : [
          db
            .delete(queryMessages)
            .where(
              sql`${queryMessages.conversationId} in (select conversation_id from query_history where user_id = ${userId} and project_id = ${id})`,
            ),
          db.delete(queryHistory).where(itsConversations),
        ];
  const results = await db.batch([
    db.delete(bibleEntries).where(and(eq(bibleEntries.userId, userId), eq(bibleEntries.projectId, id))),
    db.update(users).set({ activeProjectId: null }).where(and(eq(users.id, userId), eq(users.activeProjectId, id))),
    ...conversationStatements,
    db.delete(projects).where(ownProject(userId, id)).returning({ id: projects.id }),
  ]);
  const deleted = results[results.length - 1] as { id: string }[];
  return deleted.length > 0;
}

/** The writer's active project, when it is their own and not archived; null otherwise ("No project"). */
export async function readActiveProject({ db, userId }: { db: Database; userId: string }): Promise<ProjectSummary | null> {
  const [row] = await db
    .select(summaryColumns())
    .from(users)
    .innerJoin(projects, and(eq(projects.userId, users.id), eq(projects.id, users.activeProjectId)))
    .where(and(eq(users.id, userId), isNull(projects.archivedAt)))
    .limit(1);
  return row ?? null;
}

/** Sets (or with null clears) the writer's active project; false when it is not theirs or is archived. */
export async function setActiveProject({
  db,
  userId,
  projectId,
}: {
  db: Database;
  userId: string;
  projectId: string | null;
}): Promise<boolean> {
  const usable = sql`exists (select 1 from ${projects} where ${projects.id} = ${projectId}
    and ${projects.userId} = ${userId} and ${projects.archivedAt} is null)`;
  const updated = await db
    .update(users)
    .set({ activeProjectId: projectId })
    .where(projectId === null ? eq(users.id, userId) : and(eq(users.id, userId), usable))
    .returning({ id: users.id });
  return updated.length > 0;
}

/** Every project of the writer with its bible entries (oldest first): for "download all my data". */
export async function listProjectsWithEntries({ db, userId }: { db: Database; userId: string }): Promise<(Project & { entries: StoredBibleEntry[] })[]> {
  const [rows, entries] = await db.batch([
    db.select(projectColumns).from(projects).where(eq(projects.userId, userId)).orderBy(projects.createdAt, projects.id),
    db
      .select({ ...entryColumns, projectId: bibleEntries.projectId })
      .from(bibleEntries)
      .where(eq(bibleEntries.userId, userId))
      .orderBy(bibleEntries.createdAt, sql`${bibleEntries}.rowid`),
  ]);
  const byProject = new Map<string, StoredBibleEntry[]>();
  for (const { projectId, ...entry } of entries) {
    const list = byProject.get(projectId) ?? [];
    list.push(toBibleEntry(entry));
    byProject.set(projectId, list);
  }
  return rows.map((project) => ({ ...project, entries: byProject.get(project.id) ?? [] }));
}
