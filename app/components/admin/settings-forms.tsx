/**
 * The console's settings forms: the model (name, temperature, max output tokens, context budget,
 * per-tool overrides) and the trial guard. Each posts to /admin/settings (with or without
 * scripts) and shows the server's answer — a refusal names the field, keeps what was typed and
 * changes nothing.
 */
import { Button, Card, Flex, Heading, Text, TextArea, TextField } from "@radix-ui/themes";
import { useId, type ReactNode } from "react";
import { useFormResult } from "~/components/use-form-result";
import type { FormResult } from "~/lib/form-result";
import { adminSettingsPageTexts as texts } from "~/messages/admin-prompts";

const SETTINGS_PATH = "/admin/settings";

type SettingsResult = FormResult & { saved?: true };

function Field({ label, name, defaultValue, type = "text" }: { label: string; name: string; defaultValue: string; type?: "text" | "number" }) {
  const id = useId();
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root id={id} name={name} type={type} step="any" defaultValue={defaultValue} />
    </Flex>
  );
}

function Outcome({ result }: { result: SettingsResult | undefined }) {
  return (
    <Text as="p" size="2" color={result?.error ? "red" : "green"} role={result?.error ? "alert" : "status"}>
      {result?.error ?? (result?.saved ? texts.saved : "")}
    </Text>
  );
}

/** One settings form: its card, its intent, its fields (given what was typed, after a refusal) and its answer. */
function SettingsForm({ intent, heading, submit, children }: { intent: string; heading: string; submit: string; children: (typed: Record<string, string> | undefined) => ReactNode }) {
  const { fetcher, busy, result } = useFormResult<SettingsResult>({ key: `settings-${intent}`, intent });
  return (
    <Card size="3">
      <fetcher.Form method="post" action={SETTINGS_PATH}>
        <input type="hidden" name="intent" value={intent} />
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {heading}
          </Heading>
          {children(result?.values)}
          <Outcome result={result} />
          <Button type="submit" disabled={busy}>
            {submit}
          </Button>
        </Flex>
      </fetcher.Form>
    </Card>
  );
}

export type ModelForm = { model: string | null; temperature: number; maxOutputTokens: number; contextBudgetTokens: number; perTool: Record<string, unknown> };

export function ModelSettingsForm({ settings, keySet, baseUrl }: { settings: ModelForm; keySet: boolean; baseUrl: string }) {
  const perToolId = useId();
  return (
    <SettingsForm intent="model" heading={texts.modelHeading} submit={texts.saveModel}>
      {(typed) => (
        <>
          <Text size="2" color="gray">
            {texts.connection(keySet, baseUrl)}
          </Text>
          <Field label={texts.modelName} name="model" defaultValue={typed?.model ?? settings.model ?? ""} />
          <Field label={texts.temperature} name="temperature" type="number" defaultValue={typed?.temperature ?? String(settings.temperature)} />
          <Field label={texts.maxOutputTokens} name="maxOutputTokens" type="number" defaultValue={typed?.maxOutputTokens ?? String(settings.maxOutputTokens)} />
          <Field label={texts.contextBudget} name="contextBudgetTokens" type="number" defaultValue={typed?.contextBudgetTokens ?? String(settings.contextBudgetTokens)} />
          <Text as="label" htmlFor={perToolId} size="2" weight="medium">
            {texts.perTool}
          </Text>
          <TextArea id={perToolId} name="perTool" rows={4} defaultValue={typed?.perTool ?? JSON.stringify(settings.perTool, null, 2)} />
        </>
      )}
    </SettingsForm>
  );
}

export function TrialGuardForm({ guard }: { guard: { signupsPerIpHour: number; dailyNewTrials: number | null } }) {
  return (
    <SettingsForm intent="trial-guard" heading={texts.trialHeading} submit={texts.saveTrial}>
      {(typed) => (
        <>
          <Field label={texts.perIpHour} name="signupsPerIpHour" type="number" defaultValue={typed?.signupsPerIpHour ?? String(guard.signupsPerIpHour)} />
          <Field label={texts.dailyCap} name="dailyNewTrials" type="number" defaultValue={typed?.dailyNewTrials ?? (guard.dailyNewTrials === null ? "" : String(guard.dailyNewTrials))} />
        </>
      )}
    </SettingsForm>
  );
}
