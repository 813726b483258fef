/**
 * Projects and their story bibles (issue 13): owner-scoped reads and writes (another writer's
 * project or entry id changes nothing), the limits under concurrency, delete with its
 * conversations detached or deleted, archiving and the active project — the same on D1 and libSQL.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createEntries, deleteEntry, updateEntry, type NewEntry } from "../../db/queries/bible-entries";
import { saveTurn } from "../../db/queries/conversations";
import {
  createProject,
  deleteProject,
  listProjects,
  readActiveProject,
  readProject,
  setActiveProject,
  updateProject,
  type Project,
} from "../../db/queries/projects";
import { projects, queryHistory } from "../../db/schema";
import { MAX_DESCRIPTION_CHARS, MAX_ENTRIES_PER_PROJECT, MAX_PROJECTS_PER_WRITER } from "../../app/rules/project-limits";
import { makeAccount, NOW } from "./fixtures";

const at = (ms: number) => new Date(NOW.getTime() + ms);

async function newProject(db: Database, userId: string, title = "The Lock House"): Promise<Project> {
  const project = await createProject({ db, userId, title, logline: "A keeper inherits a haunted lock.", kind: "novel", limit: MAX_PROJECTS_PER_WRITER, now: NOW });
  if (project === "limit") throw new Error("unexpected project limit");
  return project;
}

const agnes: NewEntry = { kind: "character", name: "Agnes Pell", aliases: ["Aggie"], description: "Retired lock-keeper.", notes: "Secretly the narrator." };
const lockHouse: NewEntry = { kind: "place", name: "The Lock House", description: "A stone cottage by the weir.", alwaysInclude: true };

async function addEntries(db: Database, userId: string, projectId: string, entries: NewEntry[]) {
  const created = await createEntries({ db, userId, projectId, entries, limit: MAX_ENTRIES_PER_PROJECT, now: NOW });
  if (!Array.isArray(created)) throw new Error(`could not add entries: ${created}`);
  return created;
}

/** Saves a conversation in `projectId` and returns its conversation id. */
async function conversationIn(db: Database, userId: string, projectId: string | null) {
  const conversationId = crypto.randomUUID();
  await saveTurn({
    db,
    turn: { kind: "initial", userId, conversationId, queryType: "prose", element: "scene", userText: "Agnes at the lock.", startedAt: NOW, details: {}, mode: "generate", exchangeId: crypto.randomUUID() },
    answer: { text: "# The lock", status: "complete", finishedAt: at(500) },
    trialConversation: false,
  });
  if (projectId) await db.update(queryHistory).set({ projectId }).where(eq(queryHistory.conversationId, conversationId));
  return conversationId;
}

const countWhere = async (db: Database, query: ReturnType<typeof sql>) => Number((await db.all<{ n: number }>(query))[0]?.n ?? 0);

export function projectQueries(getDb: () => Database) {
  describe("projects", () => {
    it("creates, reads, lists (archived folded away unless asked) and changes a writer's projects", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const lock = await newProject(db, me.userId);
      const other = await newProject(db, me.userId, "Songs");
      expect(lock).toMatchObject({ title: "The Lock House", kind: "novel", synopsis: "", styleSample: "", archivedAt: null });

      await addEntries(db, me.userId, lock.id, [agnes, lockHouse]);
      const changed = await updateProject({ db, userId: me.userId, id: lock.id, changes: { synopsis: "A keeper.", styleNotes: "Short sentences." }, now: at(1000) });
      expect(changed).toMatchObject({ synopsis: "A keeper.", styleNotes: "Short sentences.", updatedAt: at(1000) });
      await conversationIn(db, me.userId, lock.id);

      const list = await listProjects({ db, userId: me.userId });
      expect(list.map((p) => [p.title, p.entryCount, p.conversationCount])).toEqual([["The Lock House", 2, 1], ["Songs", 0, 0]]);

      const archived = await updateProject({ db, userId: me.userId, id: other.id, changes: { archived: true }, now: at(2000) });
      expect(archived?.archivedAt).toEqual(at(2000));
      // Archiving again keeps the first date; bringing it back clears it.
      expect((await updateProject({ db, userId: me.userId, id: other.id, changes: { archived: true }, now: at(3000) }))?.archivedAt).toEqual(at(2000));
      expect((await listProjects({ db, userId: me.userId })).map((p) => p.id)).toEqual([lock.id]);
      expect((await listProjects({ db, userId: me.userId, includeArchived: true })).map((p) => p.id)).toEqual([other.id, lock.id]);
      expect((await updateProject({ db, userId: me.userId, id: other.id, changes: { archived: false } }))?.archivedAt).toBeNull();

      const read = await readProject({ db, userId: me.userId, id: lock.id });
      expect(read?.entries.map((e) => [e.name, e.aliases, e.notes, e.alwaysInclude])).toEqual([
        ["Agnes Pell", ["Aggie"], "Secretly the narrator.", false],
        ["The Lock House", [], "", true],
      ]);
    });

    it(`refuses a writer's project ${MAX_PROJECTS_PER_WRITER + 1}, also when creates race`, async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const start = MAX_PROJECTS_PER_WRITER - 3;
      const rows = Array.from({ length: start }, (_, n) => ({ id: crypto.randomUUID(), userId: me.userId, title: `P${n}`, updatedAt: NOW }));
      const [first, ...rest] = rows.map((row) => db.insert(projects).values(row));
      await db.batch([first!, ...rest]);
      const raced = await Promise.all(Array.from({ length: 8 }, (_, n) => createProject({ db, userId: me.userId, title: `Race ${n}`, limit: MAX_PROJECTS_PER_WRITER })));
      expect(raced.filter((result) => result !== "limit")).toHaveLength(3);
      expect(await countWhere(db, sql`select count(*) as n from projects where user_id = ${me.userId}`)).toBe(MAX_PROJECTS_PER_WRITER);
      // Another writer is not limited by mine.
      expect(await createProject({ db, userId: (await makeAccount(db)).userId, title: "Mine", limit: MAX_PROJECTS_PER_WRITER })).not.toBe("limit");
    });

    it("another writer's project id reads as nothing and changes nothing", async () => {
      const db = getDb();
      const owner = await makeAccount(db);
      const intruder = await makeAccount(db);
      const project = await newProject(db, owner.userId);
      const [entry] = await addEntries(db, owner.userId, project.id, [agnes]);
      const conversationId = await conversationIn(db, owner.userId, project.id);
      const before = await readProject({ db, userId: owner.userId, id: project.id });

      const them = intruder.userId;
      expect(await readProject({ db, userId: them, id: project.id })).toBeNull();
      expect(await updateProject({ db, userId: them, id: project.id, changes: { title: "Mine now", archived: true } })).toBeNull();
      expect(await createEntries({ db, userId: them, projectId: project.id, entries: [lockHouse], limit: MAX_ENTRIES_PER_PROJECT })).toBeNull();
      expect(await updateEntry({ db, userId: them, projectId: project.id, entryId: entry!.id, changes: { name: "X" }, maxDescriptionChars: MAX_DESCRIPTION_CHARS })).toBeNull();
      expect(await updateEntry({ db, userId: them, projectId: project.id, entryId: entry!.id, changes: { appendDescription: "More." }, maxDescriptionChars: MAX_DESCRIPTION_CHARS })).toBeNull();
      expect(await deleteEntry({ db, userId: them, projectId: project.id, entryId: entry!.id })).toBe(false);
      expect(await setActiveProject({ db, userId: them, projectId: project.id })).toBe(false);
      expect(await readActiveProject({ db, userId: them })).toBeNull();
      for (const conversations of ["detach", "delete"] as const) {
        expect(await deleteProject({ db, userId: them, id: project.id, conversations })).toBe(false);
      }
      expect(await listProjects({ db, userId: them, includeArchived: true })).toEqual([]);

      expect(await readProject({ db, userId: owner.userId, id: project.id })).toEqual(before);
      const [row] = await db.select({ projectId: queryHistory.projectId }).from(queryHistory).where(eq(queryHistory.conversationId, conversationId));
      expect(row?.projectId).toBe(project.id);
    });

    it("deletes a project with its conversations detached (kept, no project) or deleted (gone)", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const kept = await newProject(db, me.userId, "Kept");
      const gone = await newProject(db, me.userId, "Gone");
      await addEntries(db, me.userId, kept.id, [agnes]);
      await addEntries(db, me.userId, gone.id, [agnes]);
      const keptConversation = await conversationIn(db, me.userId, kept.id);
      const goneConversation = await conversationIn(db, me.userId, gone.id);
      const unrelated = await conversationIn(db, me.userId, null);
      expect(await setActiveProject({ db, userId: me.userId, projectId: kept.id })).toBe(true);

      expect(await deleteProject({ db, userId: me.userId, id: kept.id, conversations: "detach" })).toBe(true);
      expect(await deleteProject({ db, userId: me.userId, id: gone.id, conversations: "delete" })).toBe(true);

      const history = await db.select({ conversationId: queryHistory.conversationId, projectId: queryHistory.projectId }).from(queryHistory).where(eq(queryHistory.userId, me.userId));
      expect(history.sort((a, b) => a.conversationId.localeCompare(b.conversationId))).toEqual(
        [{ conversationId: keptConversation, projectId: null }, { conversationId: unrelated, projectId: null }].sort((a, b) => a.conversationId.localeCompare(b.conversationId)),
      );
      expect(await countWhere(db, sql`select count(*) as n from query_messages where conversation_id = ${keptConversation}`)).toBe(2);
      expect(await countWhere(db, sql`select count(*) as n from query_messages where conversation_id = ${goneConversation}`)).toBe(0);
      expect(await countWhere(db, sql`select count(*) as n from bible_entries where user_id = ${me.userId}`)).toBe(0);
      expect(await listProjects({ db, userId: me.userId, includeArchived: true })).toEqual([]);
      expect(await readActiveProject({ db, userId: me.userId })).toBeNull();
      expect(await deleteProject({ db, userId: me.userId, id: kept.id, conversations: "detach" })).toBe(false);
    });

    it("keeps the active project per writer: only their own, unarchived one reads back", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const project = await newProject(db, me.userId);
      expect(await readActiveProject({ db, userId: me.userId })).toBeNull();
      expect(await setActiveProject({ db, userId: me.userId, projectId: project.id })).toBe(true);
      expect(await readActiveProject({ db, userId: me.userId })).toMatchObject({ id: project.id, title: "The Lock House" });
      await updateProject({ db, userId: me.userId, id: project.id, changes: { archived: true } });
      expect(await readActiveProject({ db, userId: me.userId })).toBeNull();
      expect(await setActiveProject({ db, userId: me.userId, projectId: project.id })).toBe(false);
      expect(await setActiveProject({ db, userId: me.userId, projectId: crypto.randomUUID() })).toBe(false);
      expect(await setActiveProject({ db, userId: me.userId, projectId: null })).toBe(true);
      await updateProject({ db, userId: me.userId, id: project.id, changes: { archived: false } });
      expect(await readActiveProject({ db, userId: me.userId })).toBeNull();
    });
  });

  describe("bible entries", () => {
    it("adds entries in order, changes and appends to one, deletes one; an entry of another project is not found", async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const project = await newProject(db, me.userId);
      const second = await newProject(db, me.userId, "Second");
      const created = await addEntries(db, me.userId, project.id, [agnes, lockHouse, { kind: "theme", name: "Grief" }]);
      expect(created.map((e) => e.name)).toEqual(["Agnes Pell", "The Lock House", "Grief"]);
      const [first] = created;

      const renamed = await updateEntry({ db, userId: me.userId, projectId: project.id, entryId: first!.id, changes: { name: "Agnes", aliases: ["Aggie", "Mrs Pell"], alwaysInclude: true }, maxDescriptionChars: MAX_DESCRIPTION_CHARS });
      expect(renamed).toMatchObject({ name: "Agnes", aliases: ["Aggie", "Mrs Pell"], alwaysInclude: true, description: "Retired lock-keeper." });
      const appended = await updateEntry({ db, userId: me.userId, projectId: project.id, entryId: first!.id, changes: { appendDescription: "  Fears the weir.  " }, maxDescriptionChars: MAX_DESCRIPTION_CHARS });
      expect(appended !== "limit" && appended?.description).toBe("Retired lock-keeper.\n\nFears the weir.");
      const tooMuch = "x".repeat(MAX_DESCRIPTION_CHARS - 10);
      expect(await updateEntry({ db, userId: me.userId, projectId: project.id, entryId: first!.id, changes: { appendDescription: tooMuch }, maxDescriptionChars: MAX_DESCRIPTION_CHARS })).toBe("limit");
      expect((await readProject({ db, userId: me.userId, id: project.id }))?.entries[0]?.description).toBe("Retired lock-keeper.\n\nFears the weir.");

      expect(await updateEntry({ db, userId: me.userId, projectId: second.id, entryId: first!.id, changes: { name: "Moved" }, maxDescriptionChars: MAX_DESCRIPTION_CHARS })).toBeNull();
      expect(await deleteEntry({ db, userId: me.userId, projectId: second.id, entryId: first!.id })).toBe(false);
      expect(await deleteEntry({ db, userId: me.userId, projectId: project.id, entryId: first!.id })).toBe(true);
      expect((await readProject({ db, userId: me.userId, id: project.id }))?.entries.map((e) => e.name)).toEqual(["The Lock House", "Grief"]);
    });

    it(`refuses to take a project past ${MAX_ENTRIES_PER_PROJECT} entries, also when adds race; all of a request or none`, async () => {
      const db = getDb();
      const me = await makeAccount(db);
      const project = await newProject(db, me.userId);
      const many = (count: number, prefix: string): NewEntry[] => Array.from({ length: count }, (_, n) => ({ kind: "other", name: `${prefix} ${n}` }));
      await addEntries(db, me.userId, project.id, many(MAX_ENTRIES_PER_PROJECT - 5, "Filler"));
      const raced = await Promise.all([0, 1, 2].map((n) => createEntries({ db, userId: me.userId, projectId: project.id, entries: many(3, `Race ${n}`), limit: MAX_ENTRIES_PER_PROJECT })));
      expect(raced.filter(Array.isArray)).toHaveLength(1);
      expect(raced.filter((result) => result === "limit")).toHaveLength(2);
      expect(await createEntries({ db, userId: me.userId, projectId: project.id, entries: many(3, "Over"), limit: MAX_ENTRIES_PER_PROJECT })).toBe("limit");
      expect(await countWhere(db, sql`select count(*) as n from bible_entries where project_id = ${project.id}`)).toBe(MAX_ENTRIES_PER_PROJECT - 2);
      expect(await createEntries({ db, userId: me.userId, projectId: project.id, entries: many(2, "Last"), limit: MAX_ENTRIES_PER_PROJECT })).toHaveLength(2);
      expect(await createEntries({ db, userId: me.userId, projectId: project.id, entries: many(1, "One more"), limit: MAX_ENTRIES_PER_PROJECT })).toBe("limit");
    });
  });
}
