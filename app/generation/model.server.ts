/** The one place that knows which model answers and how to reach it. */
import { createOpenAI } from "@ai-sdk/openai";
import { getConfig, MissingConfigError } from "~/lib/config.server";

export const DEFAULT_MODEL = "gpt-4.1-mini";
// Temperature, output and context budgets: the owner's model settings (app/settings/model-settings.ts).
export const DEFAULT_TIMEOUT_MS = 30_000;

/** The model client; `modelName` is the owner's setting, else AI_MODEL, else the default. */
export function getModel(modelName?: string | null) {
  const config = getConfig();
  if (!config.OPENAI_API_KEY) throw new MissingConfigError(["OPENAI_API_KEY"]);
  const provider = createOpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL });
  const modelId = modelName || config.AI_MODEL || DEFAULT_MODEL;
  // `.chat()`: the Chat Completions API every OpenAI-compatible endpoint speaks.
  return { model: provider.chat(modelId), modelId, timeoutMs: config.AI_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS };
}
