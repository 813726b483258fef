/**
 * The one database round trip before a writer's first token (issue 15, decision 009): the
 * session lookup, the turn's reservation and every read the model call needs go to the
 * database as one batch (db/queries/turn-opening.ts) — a session's renewal is written in it
 * too — then the session is judged exactly as `resolveSession` judges it: same 401s, same
 * renewed or cleared cookie.
 */
import { cachedModelSettings, MODEL_SETTINGS_KEY, modelSettingsFrom } from "~/admin/model-settings.server";
import type { ModelSettings } from "~/admin/model-settings";
import { sessionOfRow, sessionRenewal, type AuthState } from "~/auth/session.server";
import { hashToken } from "~/auth/tokens.server";
import { PLAN } from "~/billing/plan";
import { getDb } from "~/lib/db.server";
import { openTurn, type TurnOpening } from "~db/queries/turn-opening";
import { cachedSystemPrompt, systemPromptFrom } from "./system-prompt.server";
import { afterTurnBefore, type TurnDraft } from "./turn-request.server";

/** A turn whose batch ran for a signed-in writer: what it read and reserved, and its prompt and settings. */
export type OpenedTurn = {
  draft: TurnDraft;
  userId: string;
  opening: TurnOpening;
  systemPrompt: string | undefined;
  settings: ModelSettings;
  pendingCookie?: string;
  timings: { parse: number; batch: number };
};

/** The session's state when it is not a signed-in writer's (the caller answers 401), or the opened turn. */
export async function openGeneration({
  request,
  token,
  draft,
  parseMs,
}: {
  request: Request;
  token: string;
  draft: TurnDraft;
  parseMs: number;
}): Promise<OpenedTurn | { state: AuthState; pendingCookie?: string }> {
  await afterTurnBefore(draft);
  const started = performance.now();
  const now = draft.kind === "new" ? draft.turn.startedAt : draft.startedAt;
  const tool = draft.kind === "new" ? draft.turn.tool : draft.tool;
  const sessionId = await hashToken(token);
  // The prompt and the model settings are cached per isolate; a cold cache reads them in the batch.
  const cachedPrompt = cachedSystemPrompt(tool.systemPromptKey);
  const cachedSettings = cachedModelSettings();
  const opening = await openTurn(getDb(), {
    sessionId,
    now,
    renewal: sessionRenewal(now),
    turn:
      draft.kind === "new"
        ? { kind: "new", projectId: draft.projectId }
        : { kind: "later", conversationId: draft.input.conversationId, allowance: PLAN.trialFollowUpsPerConversation },
    systemPromptKey: cachedPrompt === undefined ? tool.systemPromptKey : undefined,
    settingKey: cachedSettings === undefined ? MODEL_SETTINGS_KEY : undefined,
  });
  const batch = performance.now() - started;
  const row = opening.session && { id: opening.session.userId, email: opening.session.email, expiresAt: opening.session.expiresAt };
  const session = await sessionOfRow(request, { token, sessionId, row, now });
  if (session.state.status !== "valid") return session;
  return {
    draft,
    userId: session.state.user.id,
    opening,
    systemPrompt: cachedPrompt ?? systemPromptFrom(tool.systemPromptKey, opening.systemPromptEdit ?? null),
    settings: cachedSettings ?? modelSettingsFrom(opening.setting),
    pendingCookie: session.pendingCookie,
    timings: { parse: parseMs, batch },
  };
}
