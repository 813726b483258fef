/**
 * "Try it" under the prompt editor: the current draft (published or not) run once with an
 * element and sample details against the configured model, through
 * POST /api/admin/prompts/:tool `{action: "try"}`. The answer shows here and nowhere else: no one
 * is charged, nothing is saved to any history, nothing is published.
 */
import { Box, Button, Card, Flex, Heading, Select, Spinner, Text, TextArea, TextField } from "@radix-ui/themes";
import { SelectOptions } from "~/components/select-options";
import { useId, useState } from "react";
import { callApi } from "~/lib/api-client";
import { findToolBySlug } from "~/catalog/requests";
import type { ToolDefinition } from "~/catalog/tools";
import { LazyMarkdown, preloadMarkdown } from "~/components/markdown/lazy-markdown";
import type { TurnEnding } from "~/generation/turn-endings";
import { promptTryTexts as texts } from "~/messages/admin-prompts";

type TryAnswer = { answer: string; ending: TurnEnding; model: string; inputTokens: number | null; outputTokens: number | null };

/** A field's sample: the first example its placeholder gives ("e.g. grief, first love" → "grief"), else empty. */
export function sampleOf(placeholder: string): string {
  const example = placeholder.split(/\be\.g\.\s*/)[1];
  return example ? example.split(", ")[0]!.trim() : "";
}

const samplesOf = (tool: ToolDefinition) => Object.fromEntries(Object.entries(tool.fields).map(([field, { placeholder }]) => [field, sampleOf(placeholder)]));

function Detail({ tool, field, value, onChange }: { tool: ToolDefinition; field: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  const spec = tool.fields[field];
  const props = { id, value, placeholder: spec?.placeholder, onChange: (event: { target: { value: string } }) => onChange(event.target.value) };
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {spec?.label ?? field}
      </Text>
      {spec?.multiline ? <TextArea rows={3} {...props} /> : <TextField.Root {...props} />}
    </Flex>
  );
}

function Answer({ answer }: { answer: TryAnswer }) {
  const note = texts.endings[answer.ending];
  return (
    <section aria-label={texts.answerLabel}>
      <Card size="2">
        <Text as="p" size="1" color="gray" mb="2">
          {texts.answerMeta(answer.model, answer.inputTokens, answer.outputTokens)}
        </Text>
        {note ? (
          <Text as="p" size="2" color="amber" mb="2">
            {note}
          </Text>
        ) : null}
        <LazyMarkdown text={answer.answer} />
      </Card>
    </section>
  );
}

/** The element the draft is tried with. */
function ElementPicker({ tool, value, onChange }: { tool: ToolDefinition; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {texts.elementLabel}
      </Text>
      <Select.Root value={value} onValueChange={onChange}>
        {/* Named here, not by Radix after hydration: the server's page shows it (no layout shift). */}
        <Select.Trigger id={id}>{tool.elements.find((one) => one.value === value)?.label}</Select.Trigger>
        <Select.Content position="popper">
          <SelectOptions options={tool.elements} />
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}

export function PromptTry({ tool: slug, draft }: { tool: string; draft: string }) {
  const tool = findToolBySlug(slug);
  const [element, setElement] = useState(tool?.elements[0]?.value ?? "");
  const [values, setValues] = useState<Record<string, string>>(() => (tool ? samplesOf(tool) : {}));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<TryAnswer | null>(null);
  const ids = { heading: useId(), details: useId() };
  if (!tool) return null;
  const chosen = tool.elements.find((one) => one.value === element) ?? tool.elements[0]!;
  const submit = async () => {
    // The renderer loads while the model answers.
    preloadMarkdown("now");
    setBusy(true);
    setError(null);
    const fields = Object.fromEntries(chosen.fields.map((field) => [field, values[field] ?? ""]));
    try {
      setAnswer(await callApi<TryAnswer>(`/api/admin/prompts/${encodeURIComponent(slug)}`, { method: "POST", json: { action: "try", text: draft, element: chosen.value, fields } }));
    } catch (error) {
      setError((error as Error).message);
    }
    setBusy(false);
  };
  return (
    <Card size="3" asChild>
      <section aria-labelledby={ids.heading}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) void submit();
          }}
        >
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4" id={ids.heading}>
              {texts.heading}
            </Heading>
            <Text as="p" size="2" color="gray">
              {texts.intro}
            </Text>
            <ElementPicker tool={tool} value={chosen.value} onChange={setElement} />
            <Flex direction="column" gap="2" role="group" aria-labelledby={ids.details}>
              <Text as="p" size="2" weight="medium" id={ids.details}>
                {texts.detailsLabel}
              </Text>
              {chosen.fields.map((field) => (
                <Detail key={field} tool={tool} field={field} value={values[field] ?? ""} onChange={(value) => setValues((now) => ({ ...now, [field]: value }))} />
              ))}
            </Flex>
            <Text as="p" size="2" color={error ? "red" : "gray"} role={error ? "alert" : "status"}>
              {error ?? (busy ? texts.running : "")}
            </Text>
            <Flex>
              {/* Not disabled while busy: the focus stays on the button for the next try. */}
              <Button type="submit" aria-disabled={busy}>
                <Spinner loading={busy} />
                {texts.run}
              </Button>
            </Flex>
          </Flex>
        </form>
        {answer ? (
          <Box mt="3" aria-busy={busy}>
            <Answer answer={answer} />
          </Box>
        ) : null}
      </section>
    </Card>
  );
}
