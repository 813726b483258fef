/**
 * The owner's model settings (issue 14, the spec's `default_settings`): what every generation
 * uses, with per-tool overrides of any of them. Pure: validation and resolution, no I/O.
 * Without a saved row, the values are the shipped constants (model.server.ts).
 */
import { tools } from "~/catalog/tools";
import { modelSettingsTexts as texts } from "~/messages/admin-prompts";

export type ModelValues = {
  /** null: the deployment's AI_MODEL, else the shipped default model. */
  model: string | null;
  temperature: number;
  maxOutputTokens: number;
  contextBudgetTokens: number;
};
export type ModelSettings = ModelValues & { perTool: Record<string, Partial<ModelValues>> };

export const SHIPPED_MODEL_VALUES: ModelValues = { model: null, temperature: 0.7, maxOutputTokens: 2_000, contextBudgetTokens: 12_000 };
export const SHIPPED_MODEL_SETTINGS: ModelSettings = { ...SHIPPED_MODEL_VALUES, perTool: {} };

/** 16,000: above every current OpenAI-compatible chat model's default and far above a page of prose. */
export const MAX_OUTPUT_TOKENS_LIMIT = 16_000;
export const CONTEXT_BUDGET_RANGE = { min: 1_000, max: 128_000 } as const;
const MODEL_NAME = /^[A-Za-z0-9._:/-]{1,100}$/;

type Check<T> = { ok: true; value: T } | { ok: false; error: string };
const fail = (error: string) => ({ ok: false, error }) as const;

const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;

/** One field's value, checked; undefined fields are absent. */
function checkField(field: string, value: unknown): string | null {
  switch (field) {
    case "model":
      return value === null || (typeof value === "string" && MODEL_NAME.test(value)) ? null : texts.modelName;
    case "temperature":
      return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 2 ? null : texts.temperature;
    case "maxOutputTokens":
      return isWhole(value, 1, MAX_OUTPUT_TOKENS_LIMIT) ? null : texts.maxOutputTokens;
    case "contextBudgetTokens":
      return isWhole(value, CONTEXT_BUDGET_RANGE.min, CONTEXT_BUDGET_RANGE.max) ? null : texts.contextBudgetTokens;
    default:
      return texts.unknownField(field);
  }
}

const FIELDS = ["model", "temperature", "maxOutputTokens", "contextBudgetTokens"] as const;

function checkValues(input: unknown, required: boolean): Check<Partial<ModelValues>> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return fail(texts.invalid);
  const out: Partial<ModelValues> = {};
  for (const [field, value] of Object.entries(input)) {
    if (field === "perTool" && required) continue;
    const error = checkField(field, value);
    if (error) return fail(error);
    Object.assign(out, { [field]: typeof value === "string" ? value.trim() : value });
  }
  if (required && FIELDS.some((field) => !(field in out) && field !== "model")) return fail(texts.invalid);
  return { ok: true, value: out };
}

/** The whole settings object as the console sends it: every value, and overrides for known tools only. */
export function checkModelSettings(input: unknown): Check<ModelSettings> {
  const base = checkValues(input, true);
  if (!base.ok) return base;
  const rawPerTool = (input as { perTool?: unknown }).perTool ?? {};
  if (typeof rawPerTool !== "object" || rawPerTool === null || Array.isArray(rawPerTool)) return fail(texts.invalid);
  const perTool: Record<string, Partial<ModelValues>> = {};
  for (const [slug, values] of Object.entries(rawPerTool)) {
    if (!tools.some((tool) => tool.slug === slug)) return fail(texts.unknownTool(slug));
    const checked = checkValues(values, false);
    if (!checked.ok) return checked;
    if (Object.keys(checked.value).length > 0) perTool[slug] = checked.value;
  }
  return { ok: true, value: { ...SHIPPED_MODEL_VALUES, ...base.value, perTool } };
}

/** What one tool's generation uses: its overrides over the general values. */
export function modelValuesFor(settings: ModelSettings, toolSlug: string): ModelValues {
  const { perTool, ...general } = settings;
  return { ...general, ...perTool[toolSlug] };
}
