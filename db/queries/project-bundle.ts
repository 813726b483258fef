/**
 * What a project's export (issue 13, "Export and import") and a writer's "download all my data"
 * (issue 14) read: every conversation with its whole thread (the chosen version of each exchange,
 * as history shows it), in two queries whatever the number of conversations. Scoped by the
 * writer first: another writer's project has no conversations here.
 */
import { and, asc, count, eq, gt, inArray, or, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { queryHistory, queryMessages } from "../schema";
import type { ThreadTurn } from "./conversations";

export type ProjectConversation = {
  id: string;
  projectId: string | null;
  queryType: string;
  element: string | null;
  title: string | null;
  starred: boolean;
  details: string | null;
  createdAt: Date;
  turns: ThreadTurn[];
};

export async function listProjectConversations({
  db,
  userId,
  projectId,
}: {
  db: Database;
  userId: string;
  projectId: string;
}): Promise<ProjectConversation[]> {
  return listConversationsWhere(db, and(eq(queryHistory.userId, userId), eq(queryHistory.projectId, projectId))!);
}

/** Where a page of the writer's conversations ends: the last one's start and id (oldest first). */
export type ConversationCursor = { createdAt: Date; id: string };

/**
 * One page of the writer's conversations, in a project or not, oldest first, after `after`: the
 * data download reads them a page at a time, so a writer's whole history is never in memory at
 * once. Still two queries a page, whatever its size.
 */
export async function listConversationsPage({
  db,
  userId,
  after,
  limit,
}: {
  db: Database;
  userId: string;
  after: ConversationCursor | null;
  limit: number;
}): Promise<ProjectConversation[]> {
  const theirs = eq(queryHistory.userId, userId);
  const later = after
    ? or(gt(queryHistory.createdAt, after.createdAt), and(eq(queryHistory.createdAt, after.createdAt), gt(queryHistory.id, after.id)))
    : undefined;
  const onPage = db
    .select({ id: queryHistory.id })
    .from(queryHistory)
    .where(and(theirs, later))
    .orderBy(asc(queryHistory.createdAt), asc(queryHistory.id))
    .limit(limit);
  return listConversationsWhere(db, and(theirs, inArray(queryHistory.id, onPage))!);
}

export async function countConversations({ db, userId }: { db: Database; userId: string }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(queryHistory).where(eq(queryHistory.userId, userId));
  return row?.n ?? 0;
}

async function listConversationsWhere(db: Database, inProject: SQL): Promise<ProjectConversation[]> {
  const [rows, messages] = await db.batch([
    db
      .select({
        id: queryHistory.id,
        projectId: queryHistory.projectId,
        conversationId: queryHistory.conversationId,
        queryType: queryHistory.queryType,
        element: queryHistory.element,
        title: queryHistory.title,
        starred: queryHistory.starred,
        details: queryHistory.details,
        createdAt: queryHistory.createdAt,
      })
      .from(queryHistory)
      .where(inProject)
      .orderBy(asc(queryHistory.createdAt), asc(queryHistory.id)),
    db
      .select({
        conversationId: queryMessages.conversationId,
        role: queryMessages.role,
        content: queryMessages.content,
        status: queryMessages.status,
      })
      .from(queryMessages)
      .innerJoin(queryHistory, eq(queryHistory.conversationId, queryMessages.conversationId))
      .where(and(inProject, eq(queryMessages.chosen, true)))
      .orderBy(asc(queryMessages.createdAt), asc(queryMessages.seq)),
  ]);
  const turns = new Map<string, ThreadTurn[]>();
  for (const message of messages) {
    if (message.role === "system") continue;
    const thread = turns.get(message.conversationId) ?? [];
    thread.push({ role: message.role, content: message.content, status: message.status });
    turns.set(message.conversationId, thread);
  }
  return rows.map(({ conversationId, ...row }) => ({ ...row, turns: turns.get(conversationId) ?? [] }));
}
