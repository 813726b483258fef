/**
 * One generation turn's lifecycle: reserve → stream → settle (decision 010).
 *
 * - reserve: a trial conversation or follow-up is taken atomically in the turn's batch
 *   (opening.server.ts), or the turn is refused.
 * - stream: the response starts with the first words (or after FIRST_WORDS_WAIT_MS without
 *   them); the model's text is relayed as it arrives.
 * - settle: by the ending and whether any text arrived (turn-endings.ts): save the exchange and
 *   keep the charge, or save nothing and refund — then the writer's last event and a usage event.
 */
import type { ModelMessage, SystemModelMessage } from "ai";
import { followUpsLeft, PLAN } from "~/rules/plan";
import type { Tool } from "~/catalog/tools";
import { getDb } from "~/lib/db.server";
import { generationErrors } from "~/messages/tools";
import type { Database } from "~db/client";
import { saveTurn, type TurnRecord } from "~db/queries/conversations";
import {
  refundConversation,
  refundFollowUp,
  type ConversationReservation,
  type FollowUpReservation,
} from "~db/queries/metering";
import { recordUsageEvent } from "~db/queries/usage-events";
import { openEventStream, type EventStream } from "./event-stream.server";
import type { getModel } from "./model.server";
import { readModel, type ModelEnding, type ModelReader } from "./model-reader.server";
import type { GenerateEvent } from "./protocol";
import type { TurnContext } from "~/projects/types";
import type { LoadedBible } from "~/projects/turn-context.server";
import { settlementOf, type Settlement } from "./turn-endings";
import { turnSettled, turnStarted } from "./turns-in-flight.server";
import { describeUpstreamFault } from "./upstream-errors.server";

/**
 * A turn from the writer's request to its saved rows: the tool, the project whose bible goes
 * with it (null: none) and, once assembled, what that bible gave the answer.
 */
export type Turn = TurnRecord & { tool: Tool; project: LoadedBible | null; context?: TurnContext | null };

/** What the turn took from the plan (nothing for admins and subscribers). */
export type Charge =
  | { kind: "none" }
  | { kind: "conversation"; queriesRemaining: number }
  | { kind: "follow-up"; queriesRemaining: number; followUpsUsed: number };

export type Refusal = "denied" | "follow-ups-used";

/**
 * What the turn's reservation (taken in the turn's batch, db/queries/turn-opening.ts) took from
 * the plan, or why it was refused.
 */
export function chargeOf(reservation: ConversationReservation | FollowUpReservation): Charge | Refusal {
  if (!reservation.allowed) {
    // Only a later turn's (follow-up) refusal says how many follow-ups were used.
    if (!("followUpsUsed" in reservation)) return "denied";
    const usedUp = reservation.followUpsUsed !== null && reservation.followUpsUsed >= PLAN.trialFollowUpsPerConversation;
    return usedUp && reservation.trialPeriodOpen ? "follow-ups-used" : "denied";
  }
  if (!reservation.charged) return { kind: "none" };
  if ("followUpsUsed" in reservation) {
    return { kind: "follow-up", queriesRemaining: reservation.queriesRemaining, followUpsUsed: reservation.followUpsUsed };
  }
  return { kind: "conversation", queriesRemaining: reservation.queriesRemaining };
}

/** Gives back what a turn took from the plan: its trial conversation or its follow-up. */
export async function refundTurn(db: Database, turn: { userId: string; conversationId: string }, charge: Charge, now: Date) {
  if (charge.kind === "conversation") await refundConversation({ db, userId: turn.userId, now });
  if (charge.kind === "follow-up") {
    await refundFollowUp({ db, userId: turn.userId, conversationId: turn.conversationId });
  }
}

function startEvent(turn: Turn, charge: Charge): GenerateEvent {
  const base = {
    type: "start" as const,
    conversationId: turn.conversationId,
    exchangeId: turn.exchangeId,
    version: turn.kind === "version" || turn.kind === "edit" ? turn.version : 1,
    continues: turn.kind === "continue",
    context: turn.context ?? null,
  };
  if (charge.kind === "none") return { ...base, queriesRemaining: null, followUpsLeft: null };
  const used = charge.kind === "follow-up" ? charge.followUpsUsed : 0;
  return { ...base, queriesRemaining: charge.queriesRemaining, followUpsLeft: followUpsLeft(used) };
}

export type TurnModel = ReturnType<typeof getModel> & {
  system: string | SystemModelMessage[];
  messages: ModelMessage[];
  temperature: number;
  maxOutputTokens: number;
};

/**
 * How long the response waits for the first words before it starts without them. A model that
 * answers within it gets its headers and first words out in one write (the usual case, and the
 * one the time-to-first-token budget measures); a silent one still gets a response at once, so
 * the keep-alive can notice a writer who leaves.
 */
const FIRST_WORDS_WAIT_MS = 150;

/** Starts the response (with the first words if they come quickly) and runs the rest of the turn. */
export async function streamTurn({
  turn,
  charge,
  model,
  signal,
  waitUntil,
  headers,
}: {
  turn: Turn;
  charge: Charge;
  model: TurnModel;
  /** The request's signal: where the runtime reports a writer who left, it ends the call at once. */
  signal: AbortSignal;
  waitUntil: (promise: Promise<unknown>) => void;
  headers: Record<string, string>;
}): Promise<Response> {
  let stopModel = () => {};
  const events = openEventStream({ onGone: () => stopModel() });
  const reader = readModel({
    model: model.model,
    system: model.system,
    messages: model.messages,
    temperature: model.temperature,
    maxOutputTokens: model.maxOutputTokens,
    timeoutMs: model.timeoutMs,
    onTick: () => events.keepAlive(),
  });
  stopModel = reader.stop;
  if (signal.aborted) reader.stop();
  signal.addEventListener("abort", reader.stop, { once: true });

  turnStarted(turn.conversationId);
  waitUntil(
    relay(turn, charge, reader, events)
      .then(async ({ answer, ended, firstTokenAt }) => {
        const usage = await settleTurn({ turn, charge, events, answer, ended });
        turnSettled(turn.conversationId);
        await recordUsage(turn, model.modelId, { ...usage, firstTokenAt });
      })
      .catch((error) => {
        turnSettled(turn.conversationId);
        // The writer's stream must end even then; the browser shows what arrived as cut off.
        events.close();
        console.error("turn could not be settled", error);
      }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    events.firstEvent,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, FIRST_WORDS_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  return new Response(events.body, {
    headers: { ...headers, "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** The model's text to the writer as it arrives: `start` with the first piece, then deltas. */
async function relay(turn: Turn, charge: Charge, reader: ModelReader, events: EventStream) {
  let answer = "";
  let step = await reader.texts.next();
  // The owner's overview reports the time to the first token (p50/p95).
  const firstTokenAt = step.done ? null : new Date();
  if (!step.done) events.send(startEvent(turn, charge));
  while (!step.done) {
    answer += step.value;
    events.send({ type: "delta", text: step.value });
    step = await reader.texts.next();
  }
  return { answer, ended: step.value, firstTokenAt };
}

async function settleTurn({
  turn,
  charge,
  events,
  answer,
  ended,
}: {
  turn: Turn;
  charge: Charge;
  events: EventStream;
  answer: string;
  ended: ModelEnding;
}) {
  const db = getDb();
  const settlement = settlementOf(ended.ending, answer);
  const finishedAt = new Date();
  // Saved (or refunded) before the writer hears the end: a follow-up sent the moment the
  // answer finishes must find the conversation, and a retry must find its query back.
  if (settlement.saveAs) {
    const saved = { text: answer, status: settlement.saveAs, finishedAt };
    await saveTurn({ db, turn, answer: saved, trialConversation: charge.kind === "conversation" }).catch((error) => {
      // The spec: a history save failure on the tools is logged, not shown.
      console.error("conversation not saved", error);
    });
  }
  if (settlement.quota === "refunded") await refundTurn(db, turn, charge, finishedAt);
  events.send(lastEvent(ended, Boolean(settlement.saveAs)));
  events.close();
  return { ended, outcome: settlement.usage, finishedAt };
}

async function recordUsage(
  turn: Turn,
  modelId: string,
  {
    ended,
    outcome,
    finishedAt,
    firstTokenAt,
  }: { ended: ModelEnding; outcome: Settlement["usage"]; finishedAt: Date; firstTokenAt: Date | null },
) {
  await recordUsageEvent({
    db: getDb(),
    event: {
      userId: turn.userId,
      queryType: turn.tool.queryType,
      model: modelId,
      ...ended.usage,
      latencyMs: finishedAt.getTime() - turn.startedAt.getTime(),
      firstTokenMs: firstTokenAt ? firstTokenAt.getTime() - turn.startedAt.getTime() : null,
      outcome,
      now: finishedAt,
    },
  }).catch((error) => console.error("usage event not recorded", error));
}

/** What the writer is told at the end (a writer who stopped has left and hears nothing). */
function lastEvent(ended: ModelEnding, kept: boolean): GenerateEvent {
  if (ended.ending === "stopped") return { type: "done", finishReason: "stopped" };
  if (kept) {
    if (ended.ending === "finished") return { type: "done", finishReason: ended.finishReason ?? "stop" };
    if (ended.fault !== undefined) console.error("model stream failed mid-way", ended.fault);
    const message = ended.ending === "timed-out" ? generationErrors.modelTimeout : generationErrors.cutOff;
    return { type: "error", message, kept: true };
  }
  if (ended.ending === "finished" || ended.ending === "cut") {
    return { type: "error", message: generationErrors.modelEmpty, kept: false };
  }
  const described = describeUpstreamFault(ended.fault, { timedOut: ended.ending === "timed-out" });
  console.error(`model call failed before any output (${described.kind})`, ended.fault ?? "");
  return { type: "error", message: described.message, kept: false };
}
