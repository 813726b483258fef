/**
 * What a project's export reads (issue 13, "Export and import"): every conversation of the
 * project with its whole thread (the chosen version of each exchange, as history shows it), in
 * two queries whatever the number of conversations. Scoped by the writer first: another writer's
 * project has no conversations here.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../client";
import { queryHistory, queryMessages } from "../schema";
import type { ThreadTurn } from "./conversations";

export type ProjectConversation = {
  id: string;
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
  const inProject = and(eq(queryHistory.userId, userId), eq(queryHistory.projectId, projectId));
  const [rows, messages] = await db.batch([
    db
      .select({
        id: queryHistory.id,
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
