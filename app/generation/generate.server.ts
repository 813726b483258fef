/**
 * The steps of /api/generate's handler (endpoint.server.ts) between the request and the stream:
 * the model client, the rate limit, and — once the turn's batch has read and reserved what it
 * needs (opening.server.ts) — the checks that may still refuse it and what the model is sent.
 */
import type { ModelMessage, SystemModelMessage } from "ai";
import { modelValuesFor } from "~/settings/model-settings";
import { fail } from "~/lib/api-failure";
import type { SessionUser } from "~/lib/auth-context";
import { MissingConfigError, getBindings } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { generationErrors, generationToasts } from "~/messages/tools";
import { trialTexts } from "~/messages/trial";
import { mentionTexts, turnContext, type TurnProjectContext } from "~/projects/turn-context.server";
import type { ThreadTurn } from "~db/queries/conversations";
import { buildFollowUpMessages } from "./context.server";
import { getModel } from "./model.server";
import type { OpenedTurn } from "./opening.server";
import { completeTurn, type TurnDraft } from "./turn-request.server";
import { chargeOf, refundTurn, type Charge, type Turn, type TurnModel } from "./turn.server";

export type GenerationModel = ReturnType<typeof getModel>;

/** The model client; a deployment without one refuses (503) before anything is charged. */
export function configuredModel(): GenerationModel {
  try {
    return getModel();
  } catch (error) {
    if (!(error instanceof MissingConfigError)) throw error;
    console.error("generation unavailable:", error.message);
    throw fail("unavailable", generationErrors.notConfigured);
  }
}

/**
 * Generations a signed-in browser may start a minute (GENERATE_LIMITER): counted before the
 * turn's batch, so a refusal has nothing to give back. The batch is what finds the writer, so the
 * count is per session (a sign-in): signing in again is itself limited (decision 011).
 */
export async function limitGenerations(sessionId: string): Promise<void> {
  const { success } = await getBindings().GENERATE_LIMITER.limit({ key: `generate:${sessionId}` });
  if (!success) throw fail("too-many", generationErrors.tooMany);
}

/** A turn ready for the model: the turn, what it took from the plan, and what the model is sent. */
export type ReadyTurn = { turn: Turn; charge: Charge; model: TurnModel };

/**
 * The checks that may still refuse a turn the batch opened (a 4xx, nothing kept): the turn itself
 * (its project, its conversation), the plan's answer, the tool's prompt. A reservation the batch
 * already took is given back through `refundTurn` before the refusal, so a refused request never
 * costs anything. Then what the model is sent. No database round trip happens here otherwise.
 */
export async function readyTurn({ draft, opened, writer, model }: { draft: TurnDraft; opened: OpenedTurn; writer: SessionUser; model: GenerationModel }): Promise<ReadyTurn> {
  const { opening, systemPrompt, settings } = opened;
  const db = getDb();
  const charge = chargeOf(opening.reservation);
  const giveBack = async () => {
    if (typeof charge !== "object") return;
    const conversationId = draft.kind === "later" ? draft.input.conversationId : draft.turn.conversationId;
    await refundTurn(db, { userId: writer.id, conversationId }, charge, new Date());
  };
  let turn: Turn;
  try {
    turn = completeTurn(draft, writer.id, opening);
  } catch (refusal) {
    await giveBack();
    throw refusal;
  }
  if (charge === "denied") throw fail("forbidden", generationErrors.denied, { title: generationToasts.actionDenied.title });
  if (charge === "follow-ups-used") throw fail("forbidden", trialTexts.followUpsUsedUp, { title: generationToasts.actionDenied.title });
  if (!systemPrompt) {
    await giveBack();
    console.error(`system prompt ${turn.tool.systemPromptKey} is missing`);
    throw fail("unavailable", generationToasts.errorLoadingTool.description, { title: generationToasts.errorLoadingTool.title });
  }
  const values = modelValuesFor(settings, turn.tool.slug);
  const chosen = values.model ? getModel(values.model) : model;
  const { messages, context } = modelMessages(turn, opening.later?.thread ?? [], systemPrompt, values.contextBudgetTokens);
  return {
    turn: context ? { ...turn, context: context.event, contextUsed: context.saved } : turn,
    charge,
    // The project context block is a second system message, right after the system prompt.
    model: {
      ...chosen,
      system: context?.block ? [system(systemPrompt), system(context.block)] : systemPrompt,
      messages,
      temperature: values.temperature,
      maxOutputTokens: values.maxOutputTokens,
    },
  };
}

/** What the model is asked to do on Continue (never shown: the writer pressed Continue). */
const CONTINUE_INSTRUCTION =
  "Continue your previous answer exactly where it stopped. Do not repeat anything already written and add no preamble: start with the next words, mid-sentence if it stopped mid-sentence.";

const system = (content: string): SystemModelMessage => ({ role: "system", content });

/**
 * An initial turn is the request text alone; a later turn is rebuilt from storage (its thread,
 * read in the turn's batch). Another version and Edit leave out the exchange they replace;
 * Continue sends everything so far. In a project, its bible's context block is assembled from the same texts (decision 013) and its
 * tokens come out of the conversation's budget.
 */
function modelMessages(
  turn: Turn,
  thread: ThreadTurn[],
  systemPrompt: string,
  contextBudgetTokens: number,
): { messages: ModelMessage[]; context: TurnProjectContext | null } {
  if (turn.kind === "initial") {
    const context = turn.project ? turnContext(turn.project, mentionTexts([], turn.userText)) : null;
    return { messages: [{ role: "user", content: turn.userText }], context };
  }
  const replacing = turn.kind === "version" || turn.kind === "edit";
  const earlier = replacing ? thread.slice(0, -2) : thread;
  const newText = turn.kind === "continue" ? null : turn.userText;
  const context = turn.project ? turnContext(turn.project, mentionTexts(earlier, newText)) : null;
  const { messages } = buildFollowUpMessages({
    systemPrompt,
    turns: earlier,
    newText: newText ?? CONTINUE_INSTRUCTION,
    budgetTokens: contextBudgetTokens - (context?.block ? context.tokens : 0),
  });
  return { messages, context };
}
