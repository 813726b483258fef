/**
 * The console's settings forms as the checkers read them (pure): each field's text becomes a
 * number when it is one and stays text otherwise (the checker then names the field); the
 * per-tool overrides are JSON text. A form posted without scripts reads the same way.
 */
import { adminSettingsPageTexts as texts } from "~/messages/admin-prompts";

type Read = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

const numberOrText = (value: string): number | string | null => (value === "" ? null : Number.isNaN(Number(value)) ? value : Number(value));

/** What was typed into the form's fields, to show again with an error. */
export function typedValues(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, field(form, name)]));
}

export const MODEL_FIELDS = ["model", "temperature", "maxOutputTokens", "contextBudgetTokens", "perTool"] as const;

export function modelSettingsInput(form: FormData): Read {
  let perTool: unknown;
  try {
    perTool = JSON.parse(field(form, "perTool") || "{}");
  } catch {
    return { ok: false, error: texts.perToolInvalid };
  }
  return {
    ok: true,
    value: {
      model: field(form, "model") || null,
      temperature: numberOrText(field(form, "temperature")),
      maxOutputTokens: numberOrText(field(form, "maxOutputTokens")),
      contextBudgetTokens: numberOrText(field(form, "contextBudgetTokens")),
      perTool,
    },
  };
}

export const TRIAL_GUARD_FIELDS = ["signupsPerIpHour", "dailyNewTrials"] as const;

export function trialGuardInput(form: FormData): Record<string, unknown> {
  return { signupsPerIpHour: numberOrText(field(form, "signupsPerIpHour")), dailyNewTrials: numberOrText(field(form, "dailyNewTrials")) };
}
