/**
 * The console's settings forms: the model (name, temperature, max output tokens, context budget,
 * per-tool overrides) and the trial guard. Each posts JSON to its API and shows the server's
 * answer — a refusal names the field and nothing is changed.
 */
import { Button, Card, Flex, Heading, Text, TextArea, TextField } from "@radix-ui/themes";
import { useId, useState } from "react";
import { postAdminJson } from "~/admin/post-json";
import { adminSettingsPageTexts as texts } from "~/messages/admin-prompts";

type Message = { error: boolean; text: string } | null;

async function save(path: string, body: unknown): Promise<Message> {
  const error = await postAdminJson(path, body);
  return error ? { error: true, text: error } : { error: false, text: texts.saved };
}

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

function Outcome({ message }: { message: Message }) {
  return (
    <Text as="p" size="2" color={message?.error ? "red" : "green"} role={message?.error ? "alert" : "status"}>
      {message?.text ?? ""}
    </Text>
  );
}

const numberOrRaw = (value: FormDataEntryValue | null) => (value === null || value === "" ? null : Number.isNaN(Number(value)) ? value : Number(value));

export type ModelForm = { model: string | null; temperature: number; maxOutputTokens: number; contextBudgetTokens: number; perTool: Record<string, unknown> };

export function ModelSettingsForm({ settings, keySet, baseUrl }: { settings: ModelForm; keySet: boolean; baseUrl: string }) {
  const [message, setMessage] = useState<Message>(null);
  const perToolId = useId();
  const submit = async (form: FormData) => {
    let perTool: unknown;
    try {
      perTool = JSON.parse(String(form.get("perTool") || "{}"));
    } catch {
      return setMessage({ error: true, text: texts.perToolInvalid });
    }
    const model = String(form.get("model") ?? "").trim();
    const body = { model: model || null, temperature: numberOrRaw(form.get("temperature")), maxOutputTokens: numberOrRaw(form.get("maxOutputTokens")), contextBudgetTokens: numberOrRaw(form.get("contextBudgetTokens")), perTool };
    setMessage(await save("/api/admin/settings/model", body));
  };
  return (
    <Card size="3">
      <form action={submit}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {texts.modelHeading}
          </Heading>
          <Text size="2" color="gray">
            {texts.connection(keySet, baseUrl)}
          </Text>
          <Field label={texts.modelName} name="model" defaultValue={settings.model ?? ""} />
          <Field label={texts.temperature} name="temperature" type="number" defaultValue={String(settings.temperature)} />
          <Field label={texts.maxOutputTokens} name="maxOutputTokens" type="number" defaultValue={String(settings.maxOutputTokens)} />
          <Field label={texts.contextBudget} name="contextBudgetTokens" type="number" defaultValue={String(settings.contextBudgetTokens)} />
          <Text as="label" htmlFor={perToolId} size="2" weight="medium">
            {texts.perTool}
          </Text>
          <TextArea id={perToolId} name="perTool" rows={4} defaultValue={JSON.stringify(settings.perTool, null, 2)} />
          <Outcome message={message} />
          <Button type="submit">{texts.saveModel}</Button>
        </Flex>
      </form>
    </Card>
  );
}

export function TrialGuardForm({ guard }: { guard: { signupsPerIpHour: number; dailyNewTrials: number | null } }) {
  const [message, setMessage] = useState<Message>(null);
  const submit = async (form: FormData) => {
    setMessage(await save("/api/admin/settings/trial-guard", { signupsPerIpHour: numberOrRaw(form.get("signupsPerIpHour")), dailyNewTrials: numberOrRaw(form.get("dailyNewTrials")) }));
  };
  return (
    <Card size="3">
      <form action={submit}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {texts.trialHeading}
          </Heading>
          <Field label={texts.perIpHour} name="signupsPerIpHour" type="number" defaultValue={String(guard.signupsPerIpHour)} />
          <Field label={texts.dailyCap} name="dailyNewTrials" type="number" defaultValue={guard.dailyNewTrials === null ? "" : String(guard.dailyNewTrials)} />
          <Outcome message={message} />
          <Button type="submit">{texts.saveTrial}</Button>
        </Flex>
      </form>
    </Card>
  );
}
