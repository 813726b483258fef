/**
 * One generation turn, initial or follow-up: read the request into a turn, run the checks that
 * may refuse it (an HTTP error, nothing charged), build what the model sees, and hand the turn
 * to its lifecycle (turn.server.ts), which streams the answer and settles it.
 */
import type { ModelMessage, SystemModelMessage } from "ai";
import { modelValuesFor } from "~/admin/model-settings";
import { loadModelSettings } from "~/admin/model-settings.server";
import { MissingConfigError, getBindings } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { generationErrors, generationToasts } from "~/messages/tools";
import { trialTexts } from "~/messages/trial";
import { mentionTexts, turnContext, type TurnProjectContext } from "~/projects/turn-context.server";
import { readThread } from "~db/queries/conversations";
import { buildFollowUpMessages } from "./context.server";
import { getModel } from "./model.server";
import { loadSystemPrompt } from "./system-prompt.server";
import { refuse, readTurn } from "./turn-request.server";
import { refundTurn, reserveTurn, streamTurn, type Turn } from "./turn.server";

export async function generate({
  request,
  userId,
  waitUntil,
}: {
  request: Request;
  userId: string;
  waitUntil: (promise: Promise<unknown>) => void;
}): Promise<Response> {
  const t0 = performance.now();
  const turn = await readTurn(request, userId);
  if (turn instanceof Response) return turn;
  const tParsed = performance.now();

  let model: ReturnType<typeof getModel>;
  try {
    model = getModel();
  } catch (error) {
    if (!(error instanceof MissingConfigError)) throw error;
    console.error("generation unavailable:", error.message);
    return refuse(503, generationErrors.notConfigured);
  }

  const db = getDb();
  // Rate limit, prompt and reservation in one round of I/O; a refused request gives its
  // reservation straight back, so it never costs anything.
  // The prompt and the model settings are cached per isolate: no extra round trip.
  const [limiter, systemPrompt, charge, settings] = await Promise.all([
    getBindings().GENERATE_LIMITER.limit({ key: `generate:${userId}` }),
    loadSystemPrompt(turn.tool.systemPromptKey),
    reserveTurn(db, turn, turn.startedAt),
    loadModelSettings(),
  ]);
  const tChecked = performance.now();
  if (!limiter.success) {
    if (typeof charge === "object") await refundTurn(db, turn, charge, new Date());
    return refuse(429, generationErrors.tooMany);
  }
  if (charge === "denied") return refuse(403, generationErrors.denied, generationToasts.actionDenied.title);
  if (charge === "follow-ups-used") {
    return refuse(403, trialTexts.followUpsUsedUp, generationToasts.actionDenied.title);
  }
  if (!systemPrompt) {
    await refundTurn(db, turn, charge, new Date());
    console.error(`system prompt ${turn.tool.systemPromptKey} is missing`);
    return refuse(503, generationToasts.errorLoadingTool.description, generationToasts.errorLoadingTool.title);
  }

  const values = modelValuesFor(settings, turn.tool.slug);
  const chosen = values.model ? getModel(values.model) : model;
  const { messages, context } = await modelMessages(turn, systemPrompt, values.contextBudgetTokens);
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
      "Server-Timing": `parse;dur=${(tParsed - t0).toFixed(1)}, checks;dur=${(tChecked - tParsed).toFixed(1)}`,
    },
  });
}

/** What the model is asked to do on Continue (never shown: the writer pressed Continue). */
const CONTINUE_INSTRUCTION =
  "Continue your previous answer exactly where it stopped. Do not repeat anything already written and add no preamble: start with the next words, mid-sentence if it stopped mid-sentence.";

const system = (content: string): SystemModelMessage => ({ role: "system", content });

/**
 * An initial turn is the request text alone; a later turn is rebuilt from storage. Another
 * version and Edit leave out the exchange they replace; Continue sends everything so far. In a
 * project, its bible's context block is assembled from the same texts (decision 013) and its
 * tokens come out of the conversation's budget.
 */
async function modelMessages(
  turn: Turn,
  systemPrompt: string,
  contextBudgetTokens: number,
): Promise<{ messages: ModelMessage[]; context: TurnProjectContext | null }> {
  if (turn.kind === "initial") {
    const context = turn.project ? turnContext(turn.project, mentionTexts([], turn.userText)) : null;
    return { messages: [{ role: "user", content: turn.userText }], context };
  }
  const thread = await readThread({ db: getDb(), userId: turn.userId, conversationId: turn.conversationId });
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
