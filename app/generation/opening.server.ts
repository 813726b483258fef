/**
 * The one database round trip before a writer's first token (issue 15, decision 009): the
 * session lookup, the turn's reservation and every read the model call needs go to the
 * database as one batch (db/queries/turn-opening.ts) — a session's renewal is written in it
 * too — then the session is judged exactly as `resolveSession` judges it: same 401s, same
 * renewed or cleared cookie.
 */
import { modelSettings } from "~/settings/model-settings.server";
import type { ModelSettings } from "~/settings/model-settings";
import { sessionOfRow, sessionRenewal } from "~/auth/session.server";
import type { SessionUser } from "~/lib/auth-context";
import { PLAN } from "~/rules/plan";
import { getDb } from "~/lib/db.server";
import { openTurn, type TurnOpening } from "~db/queries/turn-opening";
import { cachedSystemPrompt, systemPromptFrom } from "./system-prompt.server";
import type { TurnDraft } from "./turn-request.server";

/**
 * What the turn's one batch found: the writer (null when the session is dead or unknown: the
 * caller answers 401), the cookie to set (renewed or cleared), what it read and reserved, and the
 * tool's prompt and the model settings.
 */
export type OpenedTurn = {
  writer: SessionUser | null;
  pendingCookie?: string;
  opening: TurnOpening;
  systemPrompt: string | undefined;
  settings: ModelSettings;
  batchMs: number;
};

export async function openGeneration({ request, token, sessionId, draft }: { request: Request; token: string; sessionId: string; draft: TurnDraft }): Promise<OpenedTurn> {
  const started = performance.now();
  const now = draft.kind === "new" ? draft.turn.startedAt : draft.startedAt;
  const tool = draft.kind === "new" ? draft.turn.tool : draft.tool;
  // The prompt and the model settings are cached per isolate; a cold cache reads them in the batch.
  const cachedPrompt = cachedSystemPrompt(tool.systemPromptKey);
  const cachedSettings = modelSettings.cached();
  const opening = await openTurn(getDb(), {
    sessionId,
    now,
    renewal: sessionRenewal(now),
    turn:
      draft.kind === "new"
        ? { kind: "new", projectId: draft.projectId }
        : { kind: "later", conversationId: draft.input.conversationId, allowance: PLAN.trialFollowUpsPerConversation },
    systemPromptKey: cachedPrompt === undefined ? tool.systemPromptKey : undefined,
    settingKey: cachedSettings === undefined ? modelSettings.key : undefined,
  });
  const batchMs = performance.now() - started;
  const row = opening.session && { id: opening.session.userId, email: opening.session.email, expiresAt: opening.session.expiresAt };
  const session = await sessionOfRow(request, { token, sessionId, row, now });
  return {
    writer: session.state.user,
    pendingCookie: session.pendingCookie,
    opening,
    systemPrompt: cachedPrompt ?? systemPromptFrom(tool.systemPromptKey, opening.systemPromptEdit ?? null),
    settings: cachedSettings ?? modelSettings.from(opening.setting),
    batchMs,
  };
}
