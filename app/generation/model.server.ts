/** The one place that knows which model answers and how to reach it. */
import { createOpenAI } from "@ai-sdk/openai";
import { getConfig, MissingConfigError } from "~/lib/config.server";

export const DEFAULT_MODEL = "gpt-4.1-mini";
export const TEMPERATURE = 0.7;
export const MAX_OUTPUT_TOKENS = 2_000;
/** History budget for follow-ups (system prompt + turns), oldest turns dropped first. */
export const CONTEXT_BUDGET_TOKENS = 12_000;
export const DEFAULT_TIMEOUT_MS = 30_000;

export function getModel() {
  const config = getConfig();
  if (!config.OPENAI_API_KEY) throw new MissingConfigError(["OPENAI_API_KEY"]);
  const provider = createOpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL });
  const modelId = config.AI_MODEL ?? DEFAULT_MODEL;
  // `.chat()`: the Chat Completions API every OpenAI-compatible endpoint speaks.
  return { model: provider.chat(modelId), modelId, timeoutMs: config.AI_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS };
}
