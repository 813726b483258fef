/**
 * The left card's Generate mode: Step 1 (which element) and Step 2 (its optional details).
 * Memoised and owning its own input state, so a streaming answer on the right never re-renders
 * the form. While a conversation is on screen it folds into one summary line (the fields stay,
 * hidden, for "Edit details").
 */
import { Button, Flex, Heading, Select, Spinner, Text, TextArea, TextField, VisuallyHidden } from "@radix-ui/themes";
import { memo, useCallback, useId, useState } from "react";
import { MAX_FIELD_CHARS } from "~/catalog/requests";
import type { ToolDefinition, ToolElementDefinition, ToolField } from "~/catalog/tools";
import { SelectOptions } from "~/components/select-options";
import { useHydrated } from "~/lib/use-hydrated";
import { toolTexts, workspaceTexts } from "~/messages/tools";
import { applyPrefill, bibleValues, type PrefillBible } from "~/projects/prefill";
import { summaryOf } from "./form-summary";

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
        {/* The chosen element named here rather than by Radix after hydration (no layout shift). */}
        <Select.Trigger placeholder={toolTexts.stepOnePlaceholder} aria-labelledby={headingId}>
          {elements.find((candidate) => candidate.value === value)?.label}
        </Select.Trigger>
        <Select.Content position="popper">
          <SelectOptions options={elements} />
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

/** Ctrl/⌘+Enter anywhere in the form submits it (the shortcut is listed in the help popover). */
export function submitOnModEnter(event: React.KeyboardEvent<HTMLFormElement>) {
  if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || event.nativeEvent.isComposing) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}

function GenerateButton({ busy, disabled: refused, chosen, compact }: { busy: boolean; disabled: boolean; chosen: boolean; compact: boolean }) {
  // Until the page runs, a press would only submit the bare HTML form.
  const hydrated = useHydrated();
  const disabled = refused || !hydrated;
  return (
    <Button
      type="submit"
      size={compact ? "2" : "3"}
      disabled={disabled}
      // Looks disabled until an element is chosen, but still answers a press with the spec's
      // 'Selection Required' toast.
      data-disabled={!chosen || disabled || undefined}
      aria-disabled={!chosen || disabled}
      data-toast-avoid=""
    >
      {busy ? (
        <>
          <Spinner /> {toolTexts.generating}
        </>
      ) : (
        toolTexts.generate
      )}
    </Button>
  );
}

/**
 * The fold of a form: folded, one line saying what the conversation was made from and the way
 * back in; unfolded while a conversation is on screen, the way to fold it again.
 */
export function FoldControls({
  folded,
  foldable,
  summary,
  stepsId,
  children,
  editLabel = workspaceTexts.editDetails,
  onDetailsOpen,
}: {
  folded: boolean;
  foldable: boolean;
  summary: string;
  stepsId: string;
  /** The form's submit button, kept on the summary line. */
  children: React.ReactNode;
  editLabel?: string;
  onDetailsOpen: (open: boolean) => void;
}) {
  if (!folded) {
    return foldable ? (
      <Button type="button" size="1" variant="ghost" className="self-end" aria-expanded aria-controls={stepsId} onClick={() => onDetailsOpen(false)}>
        {workspaceTexts.hideDetails}
      </Button>
    ) : null;
  }
  return (
    <div className="form-summary-row">
      <p className="form-summary" title={summary}>
        <VisuallyHidden>{workspaceTexts.summaryLabel}: </VisuallyHidden>
        {summary}
      </p>
      <Flex gap="2" align="center" className="form-summary-actions">
        <Button type="button" size="2" variant="soft" aria-expanded={false} aria-controls={stepsId} onClick={() => onDetailsOpen(true)}>
          {editLabel}
        </Button>
        {children}
      </Flex>
    </div>
  );
}

type ElementFormProps = {
  tool: ToolDefinition;
  initialElement: string | null;
  /** The details to start with ('Continue in tool' restores the ones generated with). */
  initialFields?: Readonly<Record<string, string>> | null;
  /** The active project's bible: Step 2's empty fields are filled from it (null: no project). */
  bible?: PrefillBible | null;
  busy: boolean;
  submitDisabled: boolean;
  /** Not the mode on show (the form and what was typed in it stay). */
  hidden?: boolean;
  /** Folded into its summary line while a conversation takes the room. */
  folded: boolean;
  /** There is a conversation to fold the form away for. */
  foldable: boolean;
  onDetailsOpen: (open: boolean) => void;
  onElementChange: () => void;
  /** element is null when nothing is chosen (the caller explains what to do). */
  onGenerate: (element: ToolElementDefinition | null, fields: Record<string, string>) => void;
};

type StepTwoState = { values: Record<string, string>; prefilled: Record<string, string> };

/** The values with the bible's suggestions for `chosen` where the writer has not typed. */
function prefillStep(state: StepTwoState, tool: ToolDefinition, chosen: ToolElementDefinition | null, bible: PrefillBible | null): StepTwoState {
  return applyPrefill(state.values, chosen && bible ? bibleValues(tool, chosen, bible) : {}, state.prefilled);
}

/**
 * Step 2's values: what the writer typed, and — where a field is empty or still holds the last
 * prefill — what the active project's bible says for it (app/projects/prefill.ts). Filled on the
 * server's render too, so the fields arrive filled; again when the element or the project changes.
 */
function usePrefilledValues(
  tool: ToolDefinition,
  chosen: ToolElementDefinition | null,
  bible: PrefillBible | null,
  initialFields: Readonly<Record<string, string>> | null,
) {
  const [state, setState] = useState<StepTwoState>(() => prefillStep({ values: { ...initialFields }, prefilled: {} }, tool, chosen, bible));
  const [seen, setSeen] = useState({ chosen, bible });
  if (seen.chosen !== chosen || seen.bible !== bible) {
    setSeen({ chosen, bible });
    setState((current) => prefillStep(current, tool, chosen, bible));
  }
  const setValue = useCallback((field: string, value: string) => {
    setState((current) => ({ ...current, values: { ...current.values, [field]: value } }));
  }, []);
  return { values: state.values, setValue };
}

export const ElementForm = memo(function ElementForm(props: ElementFormProps) {
  const { tool, initialElement, initialFields = null, bible = null, busy, submitDisabled, hidden = false, folded, foldable, onDetailsOpen, onElementChange, onGenerate } = props;
  const [element, setElement] = useState<string>(initialElement ?? "");
  const initial = tool.elements.find((candidate) => candidate.value === initialElement);
  const { values, setValue } = usePrefilledValues(tool, tool.elements.find((candidate) => candidate.value === element) ?? null, bible, initialFields);
  // What the conversation on screen was made from (the fields may be edited since).
  const [summary, setSummary] = useState(() => (initial ? summaryOf(tool, initial, initialFields ?? {}) : ""));
  const stepsId = useId();
  const chosen = tool.elements.find((candidate) => candidate.value === element) ?? null;
  const generate = <GenerateButton busy={busy} disabled={submitDisabled} chosen={Boolean(chosen)} compact={folded} />;
  return (
    <form
      aria-label="Generate"
      hidden={hidden}
      onKeyDown={submitOnModEnter}
      onSubmit={(event) => {
        event.preventDefault();
        if (submitDisabled) return;
        const fields = filledFields(chosen, values);
        if (chosen) setSummary(summaryOf(tool, chosen, fields));
        onGenerate(chosen, fields);
      }}
    >
      <Flex direction="column" gap={folded ? "2" : "4"}>
        <FoldControls folded={folded} foldable={foldable} summary={summary} stepsId={stepsId} onDetailsOpen={onDetailsOpen}>
          {generate}
        </FoldControls>
        <div className="form-steps" id={stepsId} hidden={folded}>
          <StepOne
            elements={tool.elements}
            value={element}
            busy={busy}
            onChange={(value) => {
              setElement(value);
              onElementChange();
            }}
          />
          <StepTwo tool={tool} chosen={chosen} values={values} onChange={setValue} />
          {folded ? null : generate}
        </div>
      </Flex>
    </form>
  );
});
