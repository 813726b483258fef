/**
 * What a generation turn reads and reserves before the model is called, in ONE batch — one
 * round trip to a remote database (issue 15, decision 009): the session and its writer, the
 * turn's reservation and, for a later turn, the conversation, its chosen rows and the project's
 * bible; on a cold isolate cache also the tool's system prompt edit and the model settings;
 * and the session's sliding renewal when it is due.
 *
 * No statement is given a user id: each takes the writer from the session row
 * (`writerOfSession`), and only while that session is unexpired — so a dead or unknown cookie
 * reads nothing and reserves nothing, whatever the batch holds.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { appSettings, bibleEntries, projects, queryHistory, queryMessages, sessions, systemPrompts, userSubscriptions, users } from "../schema";
import { entryColumns, toBibleEntry, type StoredBibleEntry } from "./bible-entries";
import { threadOf, type ThreadTurn } from "./conversations";
import {
  conversationReservationOf,
  conversationReservationStatement,
  followUpReservationOf,
  followUpReservationStatement,
  usableProjectOrNone,
  writerOfSession,
  type ConversationReservation,
  type FollowUpReservation,
} from "./metering";
import { bind, preparedPerDatabase, runBatch, type Bound } from "./prepared";
import { projectColumns, type Project } from "./projects";
import { lastExchangeIdSql, lastExchangeOf, type LastExchange } from "./versions";

const conversationParam = sql.placeholder("conversationId");

/** The session row with its writer (no user id needed: the cookie's hash finds both). */
const sessionRow = preparedPerDatabase((db) =>
  db
    .select({ expiresAt: sessions.expiresAt, userId: users.id, email: users.email, trialEndDate: userSubscriptions.trialEndDate })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userSubscriptions, eq(userSubscriptions.userId, users.id))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .limit(1)
    .prepare(),
);

/** The session's sliding renewal: only while it is alive and due (the app's rule, sessionRenewal). */
const sessionRenewal = preparedPerDatabase((db) =>
  db
    .update(sessions)
    .set({ expiresAt: sql`${sql.placeholder("renewedUntil")}` })
    .where(
      and(
        eq(sessions.id, sql.placeholder("sessionId")),
        sql`${sessions.expiresAt} > ${sql.placeholder("now")}`,
        sql`${sessions.expiresAt} < ${sql.placeholder("renewBefore")}`,
      ),
    )
    .prepare(),
);

const newConversation = preparedPerDatabase((db) => conversationReservationStatement(db, writerOfSession, usableProjectOrNone));
const followUp = preparedPerDatabase((db) => followUpReservationStatement(db, writerOfSession));

const conversationRow = preparedPerDatabase((db) =>
  db
    .select({
      queryType: queryHistory.queryType,
      conversationId: queryHistory.conversationId,
      trialFollowUpsUsed: queryHistory.trialFollowUpsUsed,
      projectId: queryHistory.projectId,
    })
    .from(queryHistory)
    .where(and(eq(queryHistory.conversationId, conversationParam), eq(queryHistory.userId, writerOfSession)))
    .limit(1)
    .prepare(),
);

/** The conversation's chosen rows, oldest first: its thread and its last exchange. */
const chosenRows = preparedPerDatabase((db) =>
  db
    .select({
      id: queryMessages.id,
      role: queryMessages.role,
      content: queryMessages.content,
      status: queryMessages.status,
      exchangeId: queryMessages.exchangeId,
      contextUsed: queryMessages.contextUsed,
    })
    .from(queryMessages)
    .innerJoin(queryHistory, eq(queryHistory.conversationId, queryMessages.conversationId))
    .where(and(eq(queryMessages.conversationId, conversationParam), eq(queryHistory.userId, writerOfSession), eq(queryMessages.chosen, true)))
    .orderBy(asc(queryMessages.createdAt), asc(queryMessages.seq))
    .prepare(),
);

const topVersion = preparedPerDatabase((db) =>
  db
    .select({ version: sql<number | null>`max(${queryMessages.version})` })
    .from(queryMessages)
    .where(and(eq(queryMessages.conversationId, conversationParam), eq(queryMessages.exchangeId, lastExchangeIdSql)))
    .prepare(),
);

/** The turn's project: the one a new conversation names (`projectId`), else its conversation's. */
const turnProjectId = sql`coalesce(${sql.placeholder("projectId")}, (select h.project_id from query_history h
  where h.conversation_id = ${conversationParam} and h.user_id = ${writerOfSession}))`;

const projectRow = preparedPerDatabase((db) =>
  db
    .select(projectColumns)
    .from(projects)
    .where(and(eq(projects.id, turnProjectId), eq(projects.userId, writerOfSession)))
    .limit(1)
    .prepare(),
);

const projectEntries = preparedPerDatabase((db) =>
  db
    .select(entryColumns)
    .from(bibleEntries)
    .where(and(eq(bibleEntries.projectId, turnProjectId), eq(bibleEntries.userId, writerOfSession)))
    .orderBy(bibleEntries.createdAt, sql`${bibleEntries}.rowid`)
    .prepare(),
);

const systemPromptEdit = preparedPerDatabase((db) =>
  db.select({ promptText: systemPrompts.promptText }).from(systemPrompts).where(eq(systemPrompts.queryType, sql.placeholder("key"))).limit(1).prepare(),
);

const appSetting = preparedPerDatabase((db) =>
  db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, sql.placeholder("key"))).limit(1).prepare(),
);

export type TurnOpeningRequest = {
  /** The SHA-256 of the session cookie's token. */
  sessionId: string;
  now: Date;
  /** A session expiring before `before` is renewed until `until` (in the same batch). */
  renewal: { before: Date; until: Date };
  /** What the batch reserves: a new conversation (in a project, or none) or a later turn on one. */
  turn: { kind: "new"; projectId: string | null } | { kind: "later"; conversationId: string; allowance: number };
  /** Also read, for a cold isolate cache: the system prompt edit of this key, the setting of this key. */
  systemPromptKey?: string;
  settingKey?: string;
};

export type SessionRow = { expiresAt: Date; userId: string; email: string };

export type LaterTurnRows = {
  conversation: { queryType: string; conversationId: string; projectId: string | null } | undefined;
  thread: ThreadTurn[];
  lastExchange: LastExchange | undefined;
};

export type TurnOpening = {
  /** The cookie's session with its writer, expired or not (undefined: no such session). */
  session: SessionRow | undefined;
  reservation: ConversationReservation | FollowUpReservation;
  /** A later turn's conversation, as its writer owns it. */
  later: LaterTurnRows | null;
  /** The turn's project with its bible entries, when it has one the writer owns. */
  project: (Project & { entries: StoredBibleEntry[] }) | null;
  /** Read only when asked: the stored edit (null: none), the stored setting (null: none). */
  systemPromptEdit?: string | null;
  setting?: string | null;
};

function statementsOf(db: Database, request: TurnOpeningRequest) {
  const { sessionId, turn } = request;
  const now = request.now.getTime();
  const scope = { sessionId, now };
  const conversationId = turn.kind === "later" ? turn.conversationId : null;
  const projectId = turn.kind === "new" ? turn.projectId : null;
  const withProject = conversationId !== null || projectId !== null;
  return {
    session: bind(sessionRow(db), { sessionId }),
    // Reads first: in the batch's transaction they see the rows as they were before the reservation.
    conversation: conversationId ? bind(conversationRow(db), { ...scope, conversationId }) : null,
    rows: conversationId ? bind(chosenRows(db), { ...scope, conversationId }) : null,
    top: conversationId ? bind(topVersion(db), { conversationId }) : null,
    project: withProject ? bind(projectRow(db), { ...scope, projectId, conversationId }) : null,
    entries: withProject ? bind(projectEntries(db), { ...scope, projectId, conversationId }) : null,
    prompt: request.systemPromptKey ? bind(systemPromptEdit(db), { key: request.systemPromptKey }) : null,
    setting: request.settingKey ? bind(appSetting(db), { key: request.settingKey }) : null,
    renewal: bind(sessionRenewal(db), {
      ...scope,
      renewBefore: request.renewal.before.getTime(),
      renewedUntil: request.renewal.until.getTime(),
    }),
    reservation:
      turn.kind === "new"
        ? bind(newConversation(db), { ...scope, projectId })
        : bind(followUp(db), { ...scope, conversationId, allowance: turn.allowance }),
  };
}

/** Runs the turn's opening batch: one round trip, one transaction. */
export async function openTurn(db: Database, request: TurnOpeningRequest): Promise<TurnOpening> {
  const statements = statementsOf(db, request);
  const names = (Object.keys(statements) as (keyof typeof statements)[]).filter((name) => statements[name] !== null);
  const results = await runBatch(db, names.map((name) => statements[name]!) as Bound<unknown>[]);
  const got = Object.fromEntries(names.map((name, i) => [name, results[i]])) as { [K in keyof typeof statements]?: unknown[] };
  type Of<K extends keyof typeof statements> = NonNullable<(typeof statements)[K]> extends Bound<infer R> ? R : never;
  const [session] = (got.session ?? []) as Of<"session">;
  const [conversation] = (got.conversation ?? []) as Of<"conversation">;
  const [project] = (got.project ?? []) as Of<"project">;
  const [prompt] = (got.prompt ?? []) as Of<"prompt">;
  const [setting] = (got.setting ?? []) as Of<"setting">;
  const [reserved] = got.reservation as Of<"reservation">;
  const rows = (got.rows ?? []) as Of<"rows">;
  const [top] = (got.top ?? []) as Of<"top">;
  const reservation =
    request.turn.kind === "new"
      ? conversationReservationOf(reserved as Of<"reservation">[number] & { queriesRemaining: number })
      : followUpReservationOf(
          reserved as { isAdmin: number; isSubscribed: number; queriesRemaining: number; followUpsUsed: number | null } | undefined,
          conversation && { followUpsUsed: conversation.trialFollowUpsUsed, trialEndDate: session?.trialEndDate ?? null },
          request.now,
        );
  return {
    session: session && { expiresAt: session.expiresAt, userId: session.userId, email: session.email },
    reservation,
    later:
      request.turn.kind === "later"
        ? { conversation, thread: conversation ? threadOf(rows) : [], lastExchange: conversation ? lastExchangeOf(rows, top?.version ?? null) : undefined }
        : null,
    project: project ? { ...project, entries: ((got.entries ?? []) as Of<"entries">).map(toBibleEntry) } : null,
    ...(request.systemPromptKey ? { systemPromptEdit: prompt?.promptText ?? null } : {}),
    ...(request.settingKey ? { setting: setting?.value ?? null } : {}),
  };
}
