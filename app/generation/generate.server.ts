/**
 * One generation turn, initial or follow-up, once its batch has read and reserved what it needs
 * (opening.server.ts): run the checks that may refuse it (an HTTP error, nothing kept), build
 * what the model sees, and hand the turn to its lifecycle (turn.server.ts), which streams the
 * answer and settles it.
 */
import type { ModelMessage, SystemModelMessage } from "ai";
import { modelValuesFor } from "~/admin/model-settings";
import { MissingConfigError, getBindings } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { generationErrors, generationToasts } from "~/messages/tools";
import { trialTexts } from "~/messages/trial";
import { mentionTexts, turnContext, type TurnProjectContext } from "~/projects/turn-context.server";
import type { ThreadTurn } from "~db/queries/conversations";
import { refundFollowUp } from "~db/queries/metering";
import { buildFollowUpMessages } from "./context.server";
import { getModel } from "./model.server";
import type { OpenedTurn } from "./opening.server";
import { completeTurn, refuse } from "./turn-request.server";
import { chargeOf, refundTurn, streamTurn, type Turn } from "./turn.server";

export type GenerationModel = ReturnType<typeof getModel>;

/** The model client, or the 503 a deployment without a model answers (before anything is charged). */
export function configuredModel(): GenerationModel | Response {
  try {
    return getModel();
  } catch (error) {
    if (!(error instanceof MissingConfigError)) throw error;
    console.error("generation unavailable:", error.message);
    return refuse(503, generationErrors.notConfigured);
  }
}

/**
 * One turn for the signed-in writer, from what the turn's batch read and reserved
 * (opening.server.ts): the checks that may refuse it (an HTTP error; a reservation already
 * taken is given straight back, so a refused request never costs anything), what the model
 * sees, then the turn's lifecycle. No database round trip happens here before the model call.
 */
export async function generate({
  request,
  opened,
  model,
  waitUntil,
}: {
  request: Request;
  opened: OpenedTurn;
  model: GenerationModel;
  waitUntil: (promise: Promise<unknown>) => void;
}): Promise<Response> {
  const { draft, userId, opening, systemPrompt, settings } = opened;
  const tOpened = performance.now();
  const db = getDb();
  const turn = completeTurn(draft, userId, opening);
  const charge = chargeOf(opening.reservation);
  if (turn instanceof Response) {
    // A later turn refused here (another tool's conversation, no exchange to work on) was
    // reserved with the batch: it is given straight back. A new one was not (its guard).
    if (typeof charge === "object" && charge.kind === "follow-up" && draft.kind === "later") {
      await refundFollowUp({ db, userId, conversationId: draft.input.conversationId });
    }
    return turn;
  }
  const giveBack = async () => {
    if (typeof charge === "object") await refundTurn(db, turn, charge, new Date());
  };
  const tLimit = performance.now();
  const limiter = await getBindings().GENERATE_LIMITER.limit({ key: `generate:${userId}` });
  const limitMs = performance.now() - tLimit;
  if (!limiter.success) {
    await giveBack();
    return refuse(429, generationErrors.tooMany);
  }
  if (charge === "denied") return refuse(403, generationErrors.denied, generationToasts.actionDenied.title);
  if (charge === "follow-ups-used") {
    return refuse(403, trialTexts.followUpsUsedUp, generationToasts.actionDenied.title);
  }
  if (!systemPrompt) {
    await giveBack();
    console.error(`system prompt ${turn.tool.systemPromptKey} is missing`);
    return refuse(503, generationToasts.errorLoadingTool.description, generationToasts.errorLoadingTool.title);
  }

  const values = modelValuesFor(settings, turn.tool.slug);
  const chosen = values.model ? getModel(values.model) : model;
  const { messages, context } = modelMessages(turn, opening.later?.thread ?? [], systemPrompt, values.contextBudgetTokens);
  return streamTurn({
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
    signal: request.signal,
    waitUntil,
    headers: {
      "Server-Timing": [
        `parse;dur=${opened.timings.parse.toFixed(1)}`,
        `checks;dur=${(opened.timings.batch + performance.now() - tOpened).toFixed(1)}`,
        `batch;dur=${opened.timings.batch.toFixed(1)}`,
        `limit;dur=${limitMs.toFixed(1)}`,
      ].join(", "),
    },
  });
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
