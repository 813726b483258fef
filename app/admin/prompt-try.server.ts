/**
 * "Try it" on the console's Prompts page (issue 14): a draft of a tool's system prompt run once
 * against the configured model, with an element and sample details turned into the request text
 * exactly as a writer's first turn is (`buildRequestText`), under the owner's model settings for
 * that tool. It reserves and charges nothing, saves no conversation, message or usage event and
 * publishes nothing: its one trace is the audit entry.
 */
import type { Admin } from "~/admin/guard.server";
import { modelValuesFor } from "~/settings/model-settings";
import { modelSettings } from "~/settings/model-settings.server";
import { checkPromptText } from "~/admin/prompts.server";
import { buildRequestText, fieldLabel, MAX_FIELD_CHARS } from "~/catalog/requests";
import { tools, type ToolDefinition, type ToolElementDefinition } from "~/catalog/tools";
import { getModel } from "~/generation/model.server";
import { readModel, type ModelEnding, type TokenUsage } from "~/generation/model-reader.server";
import { hasText, type TurnEnding } from "~/generation/turn-endings";
import { fail } from "~/lib/api-failure";
import { getBindings, MissingConfigError } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { promptTryTexts as texts } from "~/messages/admin-prompts";
import { generationErrors } from "~/messages/tools";
import { auditEntry } from "~db/queries/admin-audit";

export type TryRequest = { text: string; element: ToolElementDefinition; fields: Record<string, string> };
export type TryAnswer = { answer: string; ending: TurnEnding; model: string } & TokenUsage;
type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** The whole answer must arrive within this, however steadily it streams: the page waits for one response. */
export const TRY_DEADLINE_MS = 90_000;

/** Room in a request body for the most details any element has, JSON-escaped (up to 6 bytes a character). */
export const MAX_TRY_DETAILS_BYTES = Math.max(...tools.flatMap((tool) => tool.elements.map((element) => element.fields.length))) * (MAX_FIELD_CHARS * 6 + 64);

const clip = (value: unknown) => String(value ?? "").slice(0, 60);

/** `{text, element, fields}` checked against the tool: the draft, one of its elements and only that element's details. */
export function checkTry(tool: ToolDefinition, body: { text?: unknown; element?: unknown; fields?: unknown }): Checked<TryRequest> {
  const text = checkPromptText(body.text);
  if (!text.ok) return text;
  const element = tool.elements.find((one) => one.value === body.element);
  if (!element) return { ok: false, error: texts.unknownElement(clip(body.element), tool.elements.map((one) => one.value).join(", ")) };
  const fields = checkFields(tool, element, body.fields ?? {});
  return fields.ok ? { ok: true, value: { text: text.text, element, fields: fields.value } } : fields;
}

function checkFields(tool: ToolDefinition, element: ToolElementDefinition, input: unknown): Checked<Record<string, string>> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return { ok: false, error: texts.fieldsInvalid };
  const fields: Record<string, string> = {};
  // JSON.parse makes every key an own property, "__proto__" included: each is checked by name.
  for (const [field, value] of Object.entries(input)) {
    if (!element.fields.includes(field)) return { ok: false, error: texts.unknownField(clip(field), element.label) };
    if (typeof value !== "string") return { ok: false, error: texts.fieldsInvalid };
    if (value.length > MAX_FIELD_CHARS) return { ok: false, error: texts.fieldTooLong(fieldLabel(tool, field), MAX_FIELD_CHARS) };
    fields[field] = value;
  }
  return { ok: true, value: fields };
}

/**
 * Runs the draft: the model the owner set for this tool, its temperature and output budget, the
 * draft as the system prompt and the request text as the one user message. The audit entry is
 * written while the model answers. Rate-limited with the admin's own generations.
 */
export async function tryPrompt(admin: Admin, tool: ToolDefinition, input: TryRequest, signal: AbortSignal): Promise<TryAnswer> {
  const [limiter, settings] = await Promise.all([getBindings().GENERATE_LIMITER.limit({ key: `generate:${admin.id}` }), modelSettings.load()]);
  if (!limiter.success) throw fail("too-many", generationErrors.tooMany);
  const values = modelValuesFor(settings, tool.slug);
  let chosen: ReturnType<typeof getModel>;
  try {
    chosen = getModel(values.model);
  } catch (error) {
    if (!(error instanceof MissingConfigError)) throw error;
    throw fail("unavailable", texts.notConfigured);
  }
  const audit = auditEntry(getDb(), { admin, action: "prompt.try", target: tool.title, after: { element: input.element.value }, now: new Date() });
  const [, read] = await Promise.all([
    audit,
    readWhole(
      { model: chosen.model, system: input.text, userText: buildRequestText(tool, input.element, input.fields), temperature: values.temperature, maxOutputTokens: values.maxOutputTokens, timeoutMs: chosen.timeoutMs },
      signal,
    ),
  ]);
  if (!hasText(read.answer)) {
    const { ending, fault, finishReason } = read.ending;
    console.error(`prompt try (${tool.slug}): ended ${ending} without text: ${fault instanceof Error ? fault.message : String(fault ?? finishReason)}`);
    throw fail("upstream", texts.failed);
  }
  return { answer: read.answer, ending: read.ending.ending, model: chosen.modelId, ...read.ending.usage };
}

type ReadOptions = { model: ReturnType<typeof getModel>["model"]; system: string; userText: string; temperature: number; maxOutputTokens: number; timeoutMs: number };

/** The whole answer, read to its end: stopped when the owner leaves, ended as timed out past the deadline. */
async function readWhole(options: ReadOptions, signal: AbortSignal): Promise<{ answer: string; ending: ModelEnding }> {
  const { userText, ...rest } = options;
  const reader = readModel({ ...rest, messages: [{ role: "user", content: userText }], onTick: () => {} });
  let late = false;
  const deadline = setTimeout(() => {
    late = true;
    reader.stop();
  }, TRY_DEADLINE_MS);
  const leave = () => reader.stop();
  signal.addEventListener("abort", leave);
  let answer = "";
  try {
    for (;;) {
      const next = await reader.texts.next();
      if (next.done) return { answer, ending: late ? { ...next.value, ending: "timed-out" } : next.value };
      answer += next.value;
    }
  } finally {
    clearTimeout(deadline);
    signal.removeEventListener("abort", leave);
  }
}
