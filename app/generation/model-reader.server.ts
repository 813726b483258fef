/**
 * Reading the model: one call, one loop over its stream (decision 009: the single-consumer
 * `streamText`), a silence watchdog, and an ending. It yields the answer's text as it arrives
 * and returns how the call ended (turn-endings.ts): finished, stopped, cut, timed out or failed.
 */
import { experimental_streamTextLowMemory as streamText, type LanguageModel, type ModelMessage, type SystemModelMessage } from "ai";
import type { TurnEnding } from "./turn-endings";

/** One timer per turn (timers are not free in workerd), noticing silence within one tick. */
const WATCHDOG_TICK_MS = 250;

export type TokenUsage = { inputTokens: number | null; outputTokens: number | null };

export type ModelEnding = {
  ending: TurnEnding;
  /** The model's finish reason ("stop", "length", …) when it finished. */
  finishReason?: string;
  /** What went wrong, when the call failed. */
  fault?: unknown;
  usage: TokenUsage;
};

export type ModelReader = {
  /** The answer's text pieces as they arrive; returns how the call ended. */
  texts: AsyncGenerator<string, ModelEnding, void>;
  /** The writer stopped or left: abort the call. */
  stop(): void;
};

type StreamPart = { type: string } & Record<string, unknown>;

export function readModel(options: {
  model: LanguageModel;
  /** The system prompt, or it and then the project context block as a second system message. */
  system: string | SystemModelMessage[];
  messages: ModelMessage[];
  /** The owner's model settings for this tool. */
  temperature: number;
  maxOutputTokens: number;
  /** How long the model may stay silent, before the first token or between tokens. */
  timeoutMs: number;
  /** Called on every watchdog tick (the response's keep-alive rides on the same timer). */
  onTick: () => void;
}): ModelReader {
  const abort = new AbortController();
  let abortedAs: "stopped" | "timed-out" | null = null;
  const abortAs = (reason: "stopped" | "timed-out") => {
    if (abortedAs) return;
    abortedAs = reason;
    abort.abort(new Error(reason === "stopped" ? "the writer stopped" : "model timeout"));
  };

  let lastHeard = Date.now();
  const watchdog = setInterval(() => {
    if (Date.now() - lastHeard >= options.timeoutMs) abortAs("timed-out");
    options.onTick();
  }, WATCHDOG_TICK_MS);

  async function* texts(): AsyncGenerator<string, ModelEnding, void> {
    const usage: TokenUsage = { inputTokens: null, outputTokens: null };
    let finishReason: string | undefined;
    let fault: unknown;
    try {
      const result = streamText({
        model: options.model,
        system: options.system,
        messages: options.messages,
        temperature: options.temperature,
        maxOutputTokens: options.maxOutputTokens,
        abortSignal: abort.signal,
        maxRetries: 1,
        // Reported through the stream's error part; the default handler would only log.
        onError: () => {},
      });
      for await (const part of result.fullStream as AsyncIterable<StreamPart>) {
        lastHeard = Date.now();
        if (part.type === "text-delta" && typeof part.text === "string" && part.text) {
          yield part.text;
        } else if (part.type === "finish") {
          finishReason = String(part.finishReason);
          Object.assign(usage, readUsage(part.totalUsage));
        } else if (part.type === "error") {
          fault = part.error;
          break;
        } else if (part.type === "abort") {
          break;
        }
      }
    } catch (error) {
      fault = error;
    } finally {
      clearInterval(watchdog);
    }
    return { ending: endingOf({ abortedAs, fault, finishReason }), finishReason, fault, usage };
  }

  return { texts: texts(), stop: () => abortAs("stopped") };
}

function endingOf({
  abortedAs,
  fault,
  finishReason,
}: {
  abortedAs: "stopped" | "timed-out" | null;
  fault: unknown;
  finishReason: string | undefined;
}): TurnEnding {
  // An abort we caused explains whatever error it raised.
  if (abortedAs) return abortedAs;
  if (fault !== undefined) return "failed";
  // The provider reports a stream that ended without the model's own finish as "interrupted".
  return finishReason === undefined || finishReason === "interrupted" ? "cut" : "finished";
}

function readUsage(value: unknown): TokenUsage {
  const usage = value as { inputTokens?: number; outputTokens?: number } | undefined;
  return { inputTokens: usage?.inputTokens ?? null, outputTokens: usage?.outputTokens ?? null };
}
