/**
 * Left card: Step 1 (which element) and Step 2 (its optional details). Memoised and owning its
 * own input state, so a streaming answer on the right never re-renders the form.
 */
import { Button, Card, Flex, Heading, Select, Spinner, Text, TextArea, TextField } from "@radix-ui/themes";
import { memo, useId, useState } from "react";
import { MAX_FIELD_CHARS } from "~/catalog/requests";
import type { Tool } from "~/catalog/tools";
import { toolTexts } from "~/messages/tools";

type FieldSpec = { label: string; placeholder: string; multiline: boolean };
type ElementSpec = { value: string; label: string; fields: readonly string[] };

function DetailField({ name, spec, value, onChange }: { name: string; spec: FieldSpec; value: string; onChange: (value: string) => void }) {
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

export const ElementForm = memo(function ElementForm({
  tool,
  initialElement,
  busy,
  submitDisabled,
  queriesRemaining,
  onElementChange,
  onGenerate,
}: {
  tool: Tool;
  initialElement: string | null;
  busy: boolean;
  submitDisabled: boolean;
  queriesRemaining: number | null;
  onElementChange: () => void;
  /** element is null when nothing is chosen (the caller explains what to do). */
  onGenerate: (element: ElementSpec | null, fields: Record<string, string>) => void;
}) {
  const elements = tool.elements as readonly ElementSpec[];
  const fieldSpecs = tool.fields as Record<string, FieldSpec>;
  const [element, setElement] = useState<string>(initialElement ?? "");
  const [values, setValues] = useState<Record<string, string>>({});
  const chosen = elements.find((candidate) => candidate.value === element) ?? null;
  const stepOneId = useId();

  return (
    <Card size="3" className="glass-card tool-card">
      <form
        aria-label="Generate"
        onSubmit={(event) => {
          event.preventDefault();
          if (submitDisabled) return;
          const fields: Record<string, string> = {};
          for (const field of chosen?.fields ?? []) {
            const value = values[field]?.trim();
            if (value) fields[field] = value;
          }
          onGenerate(chosen, fields);
        }}
      >
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="2">
            <Heading as="h2" size="4" id={stepOneId}>
              Step 1: {toolTexts.stepOne}
            </Heading>
            <Select.Root
              value={element || undefined}
              onValueChange={(value) => {
                setElement(value);
                onElementChange();
              }}
              disabled={busy}
              size="3"
            >
              <Select.Trigger placeholder={toolTexts.stepOnePlaceholder} aria-labelledby={stepOneId} />
              <Select.Content position="popper">
                {elements.map((candidate) => (
                  <Select.Item key={candidate.value} value={candidate.value}>
                    {candidate.label}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4">
              Step 2: {toolTexts.stepTwo}
            </Heading>
            {chosen ? (
              chosen.fields.map((field) => (
                <DetailField
                  key={`${chosen.value}-${field}`}
                  name={field}
                  spec={fieldSpecs[field]!}
                  value={values[field] ?? ""}
                  onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
                />
              ))
            ) : (
              <Text as="p" size="2" color="gray">
                {toolTexts.stepTwoEmpty}
              </Text>
            )}
          </Flex>
          <Button type="submit" size="3" disabled={submitDisabled} aria-disabled={!chosen || submitDisabled}>
            {busy ? (
              <>
                <Spinner /> {toolTexts.generating}
              </>
            ) : (
              toolTexts.generate
            )}
          </Button>
          {queriesRemaining !== null ? (
            <Text as="p" size="2" color="gray" role="status">
              {queriesRemaining === 1 ? "1 trial query left." : `${queriesRemaining} trial queries left.`}
            </Text>
          ) : null}
        </Flex>
      </form>
    </Card>
  );
});
