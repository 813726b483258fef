/**
 * One generation turn, initial or follow-up: validate against the catalog, reserve a query,
 * stream the model's tokens to the browser as NDJSON, and persist the exchange when the stream
 * ends — whether it finished, the writer pressed Stop, the browser went away or the model
 * failed. A failure before any output refunds the reserved query.
 */
import { experimental_streamTextLowMemory as streamText, type ModelMessage } from "ai";
import { toolForQueryType } from "~/catalog/history";
import { buildRequestText, findElement, findToolBySlug } from "~/catalog/requests";
import type { Tool } from "~/catalog/tools";
import { MissingConfigError, getBindings } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { BadFormError, readBodyUpTo } from "~/lib/form.server";
import { generationErrors, generationToasts } from "~/messages/tools";
import { findConversation, listConversationMessages, type TurnStatus } from "~db/queries/conversations";
import { refundQuery, reserveQuery, type Reservation } from "~db/queries/metering";
import { recordUsageEvent, type UsageOutcome } from "~db/queries/usage-events";
import { buildFollowUpMessages } from "./context.server";
import { CONTEXT_BUDGET_TOKENS, MAX_OUTPUT_TOKENS, TEMPERATURE, getModel } from "./model.server";
import { generateRequestSchema, type GenerateEvent, type GenerateRefusal } from "./protocol";
import { saveTurn } from "./persist.server";
import { loadSystemPrompt } from "./system-prompt.server";
import { describeUpstreamFault } from "./upstream-errors.server";

const MAX_BODY_BYTES = 32 * 1024;
const WATCHDOG_TICK_MS = 250;
const KEEP_ALIVE_MS = 900;

function refuse(status: number, error: string, title: string = generationToasts.generationError.title) {
  return Response.json({ error, title } satisfies GenerateRefusal, {
    status,
    headers: { "Cache-Control": "no-store" },
  });
}

type Turn =
  | { kind: "initial"; tool: Tool; element: string; requestText: string; conversationId: string }
  | { kind: "follow-up"; tool: Tool; userText: string; conversationId: string };

async function parseTurn(request: Request, userId: string): Promise<Turn | Response> {
  if (!(request.headers.get("Content-Type") ?? "").includes("application/json")) {
    return refuse(415, generationErrors.badRequest);
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(await readBodyUpTo(request, MAX_BODY_BYTES)));
  } catch (error) {
    return refuse(error instanceof BadFormError && error.message.includes("large") ? 413 : 400, generationErrors.badRequest);
  }
  const parsed = generateRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // Only the field and follow-up limits carry a message written for writers.
    const clear =
      issue && issue.code === "too_big" && (issue.path[0] === "fields" || issue.path[0] === "text")
        ? issue.message
        : generationErrors.badRequest;
    return refuse(400, clear);
  }
  const input = parsed.data;
  const tool = findToolBySlug(input.tool);
  if (!tool) return refuse(400, generationErrors.unknownTool);

  if (input.kind === "initial") {
    const element = findElement(tool, input.element);
    if (!element) return refuse(400, generationErrors.unknownElement);
    const allowed = new Set<string>(element.fields);
    if (Object.keys(input.fields).some((field) => !allowed.has(field))) {
      return refuse(400, generationErrors.unknownField);
    }
    return {
      kind: "initial",
      tool,
      element: element.value,
      requestText: buildRequestText(tool, element, input.fields),
      conversationId: crypto.randomUUID(),
    };
  }

  const userText = input.text.trim();
  if (!userText) return refuse(400, generationToasts.inputRequired.description, generationToasts.inputRequired.title);
  const conversation = await findConversation({ db: getDb(), userId, conversationId: input.conversationId });
  // A conversation continues in the tool whose history section shows it (either vocabulary).
  if (!conversation || toolForQueryType(conversation.queryType)?.slug !== tool.slug) {
    return refuse(404, generationErrors.conversationNotFound);
  }
  return { kind: "follow-up", tool, userText, conversationId: conversation.conversationId };
}

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
  const turn = await parseTurn(request, userId);
  if (turn instanceof Response) return turn;
  const tParsed = performance.now();

  let modelSetup: ReturnType<typeof getModel>;
  try {
    modelSetup = getModel();
  } catch (error) {
    if (!(error instanceof MissingConfigError)) throw error;
    console.error("generation unavailable:", error.message);
    return refuse(503, generationErrors.notConfigured);
  }

  const db = getDb();
  const startedAt = new Date();
  // Rate limit, prompt and reservation in one round of I/O; a rate-limited request gives its
  // reservation straight back, so it never costs a query.
  const [limiter, systemPrompt, reservation] = await Promise.all([
    getBindings().GENERATE_LIMITER.limit({ key: `generate:${userId}` }),
    loadSystemPrompt(turn.tool.systemPromptKey),
    reserveQuery({ db, userId, now: startedAt }),
  ]);
  const tReserved = performance.now();
  if (!limiter.success) {
    if (reservation.allowed && reservation.charged) await refundQuery({ db, userId, now: new Date() });
    return refuse(429, generationErrors.tooMany);
  }
  if (!reservation.allowed) {
    return refuse(403, generationErrors.denied, generationToasts.actionDenied.title);
  }
  if (!systemPrompt) {
    if (reservation.charged) await refundQuery({ db, userId, now: new Date() });
    console.error(`system prompt ${turn.tool.systemPromptKey} is missing`);
    return refuse(503, generationToasts.errorLoadingTool.description, generationToasts.errorLoadingTool.title);
  }

  let messages: ModelMessage[];
  let userText: string;
  if (turn.kind === "initial") {
    userText = turn.requestText;
    messages = [{ role: "user", content: userText }];
  } else {
    userText = turn.userText;
    const stored = await listConversationMessages({ db, userId, conversationId: turn.conversationId });
    messages = buildFollowUpMessages({
      systemPrompt,
      turns: stored,
      newText: userText,
      budgetTokens: CONTEXT_BUDGET_TOKENS,
    }).messages;
  }

  return streamTurn({
    request,
    userId,
    turn,
    userText,
    systemPrompt,
    messages,
    reservation,
    startedAt,
    modelSetup,
    waitUntil,
    timings: { t0, parsed: tParsed - t0, checks: tReserved - tParsed },
  });
}

async function streamTurn(args: {
  request: Request;
  userId: string;
  turn: Turn;
  userText: string;
  systemPrompt: string;
  messages: ModelMessage[];
  reservation: Extract<Reservation, { allowed: true }>;
  startedAt: Date;
  modelSetup: ReturnType<typeof getModel>;
  waitUntil: (promise: Promise<unknown>) => void;
  timings: { t0: number; parsed: number; checks: number };
}): Promise<Response> {
  const { request, userId, turn, reservation, startedAt, modelSetup } = args;
  const tModelStart = performance.now();
  const db = getDb();
  const abort = new AbortController();
  let timedOut = false;
  // One watchdog per turn instead of a timer re-armed on every part (timers are not free in
  // workerd): the model may stay silent for `timeoutMs`, noticed within one tick.
  let lastModelActivity = Date.now();
  const heardFromModel = () => {
    lastModelActivity = Date.now();
  };
  let keepAlive: (() => void) | null = null;
  const watchdog = setInterval(() => {
    if (Date.now() - lastModelActivity >= modelSetup.timeoutMs) {
      timedOut = true;
      abort.abort(new Error("model timeout"));
    }
    keepAlive?.();
  }, WATCHDOG_TICK_MS);
  const onClientAbort = () => abort.abort(new Error("client went away"));
  if (request.signal.aborted) onClientAbort();
  request.signal.addEventListener("abort", onClientAbort, { once: true });

  // The single-consumer variant: we read `fullStream` once, and it skips the tees the general
  // result needs — about 5 ms sooner to the first token in workerd (measured).
  const result = streamText({
    model: modelSetup.model,
    system: args.systemPrompt,
    messages: args.messages,
    temperature: TEMPERATURE,
    maxOutputTokens: MAX_OUTPUT_TOKENS,
    abortSignal: abort.signal,
    maxRetries: 1,
    onError: () => {
      // Reported through the stream's error part below; the default handler would only log.
    },
  });
  const parts = result.fullStream[Symbol.asyncIterator]();

  let text = "";
  let fault: unknown = null;
  let finishReason: string | undefined;
  let inputTokens: number | null = null;
  let outputTokens: number | null = null;
  let status: TurnStatus = "complete";
  let ended = false;

  const settle = (part: { type: string } & Record<string, unknown>) => {
    if (part.type === "finish") {
      finishReason = String(part.finishReason);
      const usage = part.totalUsage as { inputTokens?: number; outputTokens?: number } | undefined;
      inputTokens = usage?.inputTokens ?? null;
      outputTokens = usage?.outputTokens ?? null;
    } else if (part.type === "error") {
      fault = part.error;
      status = "interrupted";
      ended = true;
    } else if (part.type === "abort") {
      status = timedOut ? "interrupted" : "stopped";
      ended = true;
    }
  };

  const latency = () => Date.now() - startedAt.getTime();
  const usageEvent = (outcome: UsageOutcome) =>
    recordUsageEvent({
      db,
      event: {
        userId,
        queryType: turn.tool.queryType,
        model: modelSetup.modelId,
        inputTokens,
        outputTokens,
        latencyMs: latency(),
        outcome,
        now: new Date(),
      },
    }).catch((error) => console.error("usage event not recorded", error));

  // Wait for the first words before answering, so a model that fails up front gets a clean
  // error (and a refund) rather than an empty stream. Held by waitUntil: a writer who stops
  // before the first words closes the connection, and the runtime then drops whatever the
  // request itself was awaiting, which would lose the refund and the usage event.
  const firstWords = (async () => {
    let first = "";
    try {
      while (!ended) {
        const next = await parts.next();
        if (next.done) break;
        heardFromModel();
        const part = next.value as { type: string } & Record<string, unknown>;
        if (part.type === "text-delta" && typeof part.text === "string" && part.text) {
          first = part.text;
          break;
        }
        settle(part);
      }
    } catch (error) {
      fault = error;
      status = abort.signal.aborted && !timedOut ? "stopped" : "interrupted";
    }
    if (!first) {
      clearInterval(watchdog);
      request.signal.removeEventListener("abort", onClientAbort);
      if (reservation.charged) await refundQuery({ db, userId, now: new Date() });
      await usageEvent(abort.signal.aborted && !timedOut ? "stopped" : "failed");
    }
    return first;
  })();
  args.waitUntil(firstWords);
  const firstText = await firstWords;

  if (!firstText) {
    if (abort.signal.aborted && !timedOut) return new Response(null, { status: 499 });
    if (!fault && !timedOut) {
      return refuse(502, generationErrors.modelEmpty);
    }
    const described = describeUpstreamFault(fault, { timedOut });
    console.error(`model call failed before any output (${described.kind})`, fault);
    return refuse(described.status, described.message);
  }

  const encoder = new TextEncoder();
  let clientGone = false;
  let lastWrite = Date.now();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      clientGone = true;
      onClientAbort();
    },
  });
  const send = (event: GenerateEvent) => {
    if (clientGone) return;
    try {
      controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      lastWrite = Date.now();
    } catch {
      clientGone = true;
    }
  };

  send({
    type: "start",
    conversationId: turn.conversationId,
    queriesRemaining: reservation.charged ? reservation.queriesRemaining : null,
  });
  text = firstText;
  send({ type: "delta", text: firstText });

  // While the model is silent, a bare newline about every second (ignored by the client) lets
  // the runtime notice a writer who pressed Stop or left, so the model call ends promptly.
  keepAlive = () => {
    if (clientGone || Date.now() - lastWrite < KEEP_ALIVE_MS) return;
    try {
      controller.enqueue(encoder.encode("\n"));
      lastWrite = Date.now();
    } catch {
      clientGone = true;
      onClientAbort();
    }
  };

  const pump = (async () => {
    let sawFinish = false;
    try {
      while (!ended) {
        const next = await parts.next();
        if (next.done) break;
        heardFromModel();
        const part = next.value as { type: string } & Record<string, unknown>;
        if (part.type === "text-delta" && typeof part.text === "string") {
          text += part.text;
          send({ type: "delta", text: part.text });
        } else {
          if (part.type === "finish") sawFinish = true;
          settle(part);
        }
      }
      // A stream that simply stops, without the model saying it finished, was cut off.
      if (!ended && !sawFinish) status = "interrupted";
    } catch (error) {
      fault = error;
      status = abort.signal.aborted && !timedOut ? "stopped" : "interrupted";
    } finally {
      clearInterval(watchdog);
      request.signal.removeEventListener("abort", onClientAbort);
    }

    // Saved before the stream closes: the moment the writer sees the answer finish, a
    // follow-up on it must find the conversation.
    await saveTurn({
      db,
      userId,
      turn: turn.kind === "initial"
        ? { kind: "initial", conversationId: turn.conversationId, queryType: turn.tool.queryType, element: turn.element, requestText: turn.requestText }
        : { kind: "follow-up", conversationId: turn.conversationId, userText: args.userText },
      responseText: text,
      status,
      startedAt,
      finishedAt: new Date(),
    });

    if (status === "interrupted") {
      if (fault) console.error("model stream failed mid-way", fault);
      send({ type: "error", message: timedOut ? generationErrors.modelTimeout : generationErrors.cutOff, kept: true });
    } else {
      send({ type: "done", finishReason: status === "stopped" ? "stopped" : (finishReason ?? "stop") });
    }
    if (!clientGone) {
      try {
        controller.close();
      } catch {
        // already closed by the client
      }
    }
    await usageEvent(status === "complete" ? "complete" : status);
  })();
  args.waitUntil(pump);

  const { timings } = args;
  const serverTiming = [
    `parse;dur=${timings.parsed.toFixed(1)}`,
    `checks;dur=${timings.checks.toFixed(1)}`,
    `first-token;dur=${(performance.now() - tModelStart).toFixed(1)}`,
    `total;dur=${(performance.now() - timings.t0).toFixed(1)}`,
  ].join(", ");
  return new Response(body, {
    headers: {
      "Server-Timing": serverTiming,
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
