/**
 * Left card: Step 1 (which element) and Step 2 (its optional details). Memoised and owning its
 * own input state, so a streaming answer on the right never re-renders the form.
 */
import { Button, Card, Flex, Heading, Select, Spinner, Text, TextArea, TextField } from "@radix-ui/themes";
import { memo, useId, useState } from "react";
import { MAX_FIELD_CHARS } from "~/catalog/requests";
import type { ToolDefinition, ToolElementDefinition, ToolField } from "~/catalog/tools";
import { toolTexts } from "~/messages/tools";

function DetailField({ name, spec, value, onChange }: { name: string; spec: ToolField; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {spec.label}
      </Text>
      {spec.multiline ? (
        <TextArea id={id} name={name} value={value} placeholder={spec.placeholder} maxLength={MAX_FIELD_CHARS} rows={3} resize="vertical" onChange={(event) => onChange(event.target.value)} />
      ) : (
        <TextField.Root id={id} name={name} value={value} placeholder={spec.placeholder} maxLength={MAX_FIELD_CHARS} onChange={(event) => onChange(event.target.value)} />
      )}
    </Flex>
  );
}

/** Step 1: which element to generate. */
function StepOne({
  elements,
  value,
  busy,
  onChange,
}: {
  elements: readonly ToolElementDefinition[];
  value: string;
  busy: boolean;
  onChange: (value: string) => void;
}) {
  const headingId = useId();
  return (
    <Flex direction="column" gap="2">
      <Heading as="h2" size="4" id={headingId}>
        Step 1: {toolTexts.stepOne}
      </Heading>
      <Select.Root value={value || undefined} onValueChange={onChange} disabled={busy} size="3">
        <Select.Trigger placeholder={toolTexts.stepOnePlaceholder} aria-labelledby={headingId} />
        <Select.Content position="popper">
          {elements.map((candidate) => (
            <Select.Item key={candidate.value} value={candidate.value}>
              {candidate.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}

/** Step 2: the chosen element's optional details, in its field order. */
function StepTwo({
  tool,
  chosen,
  values,
  onChange,
}: {
  tool: ToolDefinition;
  chosen: ToolElementDefinition | null;
  values: Record<string, string>;
  onChange: (field: string, value: string) => void;
}) {
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4">
        Step 2: {toolTexts.stepTwo}
      </Heading>
      {chosen ? (
        chosen.fields.map((field) => (
          <DetailField
            key={`${chosen.value}-${field}`}
            name={field}
            spec={tool.fields[field]!}
            value={values[field] ?? ""}
            onChange={(value) => onChange(field, value)}
          />
        ))
      ) : (
        <Text as="p" size="2" color="gray">
          {toolTexts.stepTwoEmpty}
        </Text>
      )}
    </Flex>
  );
}

/** The filled details of the chosen element, trimmed; empty ones are left out (spec). */
function filledFields(chosen: ToolElementDefinition | null, values: Record<string, string>) {
  const fields: Record<string, string> = {};
  for (const field of chosen?.fields ?? []) {
    const value = values[field]?.trim();
    if (value) fields[field] = value;
  }
  return fields;
}

export const ElementForm = memo(function ElementForm({
  tool,
  initialElement,
  initialFields = null,
  busy,
  submitDisabled,
  trialNote,
  onElementChange,
  onGenerate,
}: {
  tool: ToolDefinition;
  initialElement: string | null;
  /** The details to start with ('Continue in tool' restores the ones generated with). */
  initialFields?: Readonly<Record<string, string>> | null;
  busy: boolean;
  submitDisabled: boolean;
  /** A trial writer's line under Generate (null: unlimited). */
  trialNote: string | null;
  onElementChange: () => void;
  /** element is null when nothing is chosen (the caller explains what to do). */
  onGenerate: (element: ToolElementDefinition | null, fields: Record<string, string>) => void;
}) {
  const [element, setElement] = useState<string>(initialElement ?? "");
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...initialFields }));
  const chosen = tool.elements.find((candidate) => candidate.value === element) ?? null;
  return (
    <Card size="3" className="glass-card tool-card">
      <form
        aria-label="Generate"
        onSubmit={(event) => {
          event.preventDefault();
          if (!submitDisabled) onGenerate(chosen, filledFields(chosen, values));
        }}
      >
        <Flex direction="column" gap="4">
          <StepOne
            elements={tool.elements}
            value={element}
            busy={busy}
            onChange={(value) => {
              setElement(value);
              onElementChange();
            }}
          />
          <StepTwo tool={tool} chosen={chosen} values={values} onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))} />
          <Button type="submit" size="3" disabled={submitDisabled} aria-disabled={!chosen || submitDisabled}>
            {busy ? (
              <>
                <Spinner /> {toolTexts.generating}
              </>
            ) : (
              toolTexts.generate
            )}
          </Button>
          {trialNote !== null ? (
            <Text as="p" size="2" color="gray" role="status" data-testid="trial-conversations">
              {trialNote}
            </Text>
          ) : null}
        </Flex>
      </form>
    </Card>
  );
});
