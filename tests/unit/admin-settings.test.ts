/**
 * The console's settings (issues 14, 31): what its forms post becomes the checkers' input, and
 * the checkers refuse anything but the settings' own shape with a message that names the field.
 */
import { describe, expect, it } from "vitest";
import { checkModelSettings } from "~/settings/model-settings";
import { modelSettingsInput, trialGuardInput, typedValues } from "~/settings/settings-form";
import { checkTrialGuard } from "~/settings/trial-guard";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the model settings form", () => {
  it("reads numbers as numbers, text as text, an empty model as the deployment's, and the overrides as JSON", () => {
    const read = modelSettingsInput(form({ model: " ", temperature: "1.3", maxOutputTokens: "1800", contextBudgetTokens: "lots", perTool: '{"poetry":{"temperature":0.2}}' }));
    expect(read).toEqual({
      ok: true,
      value: { model: null, temperature: 1.3, maxOutputTokens: 1800, contextBudgetTokens: "lots", perTool: { poetry: { temperature: 0.2 } } },
    });
    expect(modelSettingsInput(form({ perTool: "{ nope" }))).toEqual({ ok: false, error: "The per-tool overrides are not valid JSON." });
    // Empty overrides are none.
    expect(modelSettingsInput(form({ temperature: "1" }))).toMatchObject({ ok: true, value: { perTool: {} } });
  });

  it("keeps what was typed, trimmed, for the form to show again", () => {
    expect(typedValues(form({ model: " gpt ", temperature: "warm" }), ["model", "temperature", "perTool"])).toEqual({ model: "gpt", temperature: "warm", perTool: "" });
  });
});

describe("checkModelSettings", () => {
  const valid = { model: "gpt-x", temperature: 1, maxOutputTokens: 100, contextBudgetTokens: 2000, perTool: {} };
  it("accepts the settings and refuses anything but their shape", () => {
    expect(checkModelSettings(valid)).toEqual({ ok: true, value: valid });
    expect(checkModelSettings({ temperature: 1 })).toMatchObject({ ok: false, error: expect.stringMatching(/could not be read/) });
    expect(checkModelSettings([1, 2])).toMatchObject({ ok: false, error: expect.stringMatching(/could not be read/) });
    expect(checkModelSettings({ ...valid, extra: 1 })).toMatchObject({ ok: false, error: expect.stringMatching(/“extra” is not a model setting/) });
    expect(checkModelSettings({ ...valid, temperature: "1" })).toMatchObject({ ok: false, error: expect.stringMatching(/Temperature/) });
  });
});

describe("the trial guard form", () => {
  it("reads two counts, an empty cap as no cap, and refuses anything else by name", () => {
    expect(trialGuardInput(form({ signupsPerIpHour: "5", dailyNewTrials: "" }))).toEqual({ signupsPerIpHour: 5, dailyNewTrials: null });
    expect(checkTrialGuard(trialGuardInput(form({ signupsPerIpHour: "5", dailyNewTrials: "" })))).toEqual({ ok: true, value: { signupsPerIpHour: 5, dailyNewTrials: null } });
    expect(checkTrialGuard(trialGuardInput(form({ signupsPerIpHour: "0", dailyNewTrials: "" })))).toMatchObject({ ok: false, error: expect.stringMatching(/per IP per hour/) });
    expect(checkTrialGuard(trialGuardInput(form({ signupsPerIpHour: "5", dailyNewTrials: "ten" })))).toMatchObject({ ok: false, error: expect.stringMatching(/daily cap/) });
    expect(checkTrialGuard({ signupsPerIpHour: 5, dailyNewTrials: null, extra: 1 })).toMatchObject({ ok: false, error: expect.stringMatching(/could not be read/) });
    expect(checkTrialGuard({ signupsPerIpHour: 5 })).toMatchObject({ ok: false, error: expect.stringMatching(/daily cap/) });
  });
});
