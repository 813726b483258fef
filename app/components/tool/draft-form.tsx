/**
 * The left card's "Work on my draft" mode: the writer's passage, with a live word count against
 * the limit, and what to do with it (the five common actions and the tool's own). Memoised and
 * owning its input, like the Generate form. The passage is never lost: it stays while the other
 * mode is on show, after a refused or failed request, and (kept in this tab's session storage)
 * across a reload. Folds into "Draft · action · first words…" while its conversation is on screen.
 */
import { Button, Flex, Select, Spinner, Text, TextArea } from "@radix-ui/themes";
import { memo, useId, useState, useSyncExternalStore } from "react";
import { countWords, draftActionsOf, MAX_DRAFT_WORDS, type DraftAction, type DraftSource } from "~/catalog/draft-actions";
import { SelectOptions } from "~/components/select-options";
import { noopSubscribe, useHydrated } from "~/lib/use-hydrated";
import { draftModeTexts } from "~/messages/tools";
import { draftProblem, overLimit, passageStart, passageStorageKey } from "./draft-input";
import { FoldControls, submitOnModEnter } from "./element-form";

const DEFAULT_ACTION = "line-edit";

function storedPassage(toolSlug: string): string {
  try {
    return sessionStorage.getItem(passageStorageKey(toolSlug)) ?? "";
  } catch {
    // Storage may be blocked: the passage then lives as long as the page.
    return "";
  }
}

/**
 * The passage: what the writer typed, else (once the page runs in the browser) what this tab
 * kept from before a reload, unless a saved draft was reopened.
 */
function usePassage(toolSlug: string, initial: string | null) {
  const [typed, setTyped] = useState<string | null>(initial);
  // The server has no tab storage: "" there and while hydrating, then what the tab kept. Only a
  // kept passage costs a render after hydration (a page-wide "hydrated" flag re-rendered the form).
  const kept = useSyncExternalStore(noopSubscribe, () => storedPassage(toolSlug), () => "");
  const passage = typed ?? kept;
  const change = (value: string) => {
    setTyped(value);
    try {
      sessionStorage.setItem(passageStorageKey(toolSlug), value);
    } catch {
      // As above: nothing to do when storage is blocked or full.
    }
  };
  return [passage, change] as const;
}

function PassageField({ passage, error, onChange }: { passage: string; error: string | null; onChange: (value: string) => void }) {
  const id = useId();
  const words = countWords(passage);
  const over = overLimit(passage);
  return (
    <Flex direction="column" gap="2">
      <Flex justify="between" align="baseline" gap="3">
        <Text as="label" htmlFor={id} size="3" weight="bold">
          {draftModeTexts.passageLabel}
        </Text>
        <Text id={`${id}-count`} size="1" color={over ? "red" : "gray"} className="draft-word-count">
          {draftModeTexts.wordCount(words, MAX_DRAFT_WORDS)}
        </Text>
      </Flex>
      <TextArea
        id={id}
        name="passage"
        value={passage}
        placeholder={draftModeTexts.passagePlaceholder}
        rows={8}
        resize="vertical"
        className="draft-passage"
        aria-invalid={error !== null || undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <Text as="p" id={`${id}-error`} size="2" color="red" role="alert" className="draft-error">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}

function ActionField({ actions, value, busy, onChange }: { actions: readonly DraftAction[]; value: string; busy: boolean; onChange: (value: string) => void }) {
  const labelId = useId();
  const chosen = actions.find((action) => action.value === value);
  return (
    <Flex direction="column" gap="2">
      <Text as="p" id={labelId} size="3" weight="bold" className="draft-action-label">
        {draftModeTexts.actionLabel}
      </Text>
      <Select.Root value={value} onValueChange={onChange} disabled={busy} size="3">
        <Select.Trigger aria-labelledby={labelId} aria-describedby={`${labelId}-hint`}>
          {chosen?.label}
        </Select.Trigger>
        <Select.Content position="popper">
          <SelectOptions options={actions} />
        </Select.Content>
      </Select.Root>
      <Text as="p" id={`${labelId}-hint`} size="1" color="gray" className="draft-action-hint">
        {chosen?.tracked ? draftModeTexts.trackedHint : draftModeTexts.untrackedHint}
      </Text>
    </Flex>
  );
}

function DraftButton({ busy, disabled, compact }: { busy: boolean; disabled: boolean; compact: boolean }) {
  // Until the page runs, a press would only submit the bare HTML form.
  const hydrated = useHydrated();
  return (
    <Button type="submit" size={compact ? "2" : "3"} disabled={disabled || !hydrated} data-toast-avoid="">
      {busy ? (
        <>
          <Spinner /> {draftModeTexts.working}
        </>
      ) : (
        draftModeTexts.submit
      )}
    </Button>
  );
}

type DraftFormProps = {
  toolSlug: string;
  /** The draft a reopened conversation was made from (null: a new one). */
  initial: DraftSource | null;
  busy: boolean;
  submitDisabled: boolean;
  hidden: boolean;
  folded: boolean;
  foldable: boolean;
  onDetailsOpen: (open: boolean) => void;
  /** The passage is trimmed and within the limits. */
  onSubmit: (action: DraftAction, passage: string) => void;
};

export const DraftForm = memo(function DraftForm(props: DraftFormProps) {
  const { toolSlug, initial, busy, submitDisabled, hidden, folded, foldable, onDetailsOpen, onSubmit } = props;
  const actions = draftActionsOf(toolSlug);
  const [passage, setPassage] = usePassage(toolSlug, initial?.passage ?? null);
  const [actionValue, setActionValue] = useState(initial?.action ?? DEFAULT_ACTION);
  const [tried, setTried] = useState(false);
  const summaryOf = (value: string, text: string) =>
    draftModeTexts.summary(actions.find((action) => action.value === value)?.label ?? value, passageStart(text));
  const [summary, setSummary] = useState(() => (initial ? summaryOf(initial.action, initial.passage) : ""));
  const stepsId = useId();
  const problem = draftProblem(passage);
  const error = tried || overLimit(passage) ? problem : null;
  const submit = <DraftButton busy={busy} disabled={submitDisabled} compact={folded} />;
  return (
    <form
      aria-label={draftModeTexts.form}
      hidden={hidden}
      noValidate
      onKeyDown={submitOnModEnter}
      onSubmit={(event) => {
        event.preventDefault();
        if (submitDisabled) return;
        setTried(true);
        const action = actions.find((candidate) => candidate.value === actionValue);
        if (problem || !action) return;
        setSummary(summaryOf(action.value, passage));
        onSubmit(action, passage.trim());
      }}
    >
      <Flex direction="column" gap={folded ? "2" : "4"}>
        <FoldControls
          folded={folded}
          foldable={foldable}
          summary={summary}
          stepsId={stepsId}
          editLabel={draftModeTexts.editDraft}
          onDetailsOpen={onDetailsOpen}
        >
          {submit}
        </FoldControls>
        <div className="form-steps" id={stepsId} hidden={folded}>
          <Text as="p" size="2" color="gray">
            {draftModeTexts.intro}
          </Text>
          <PassageField
            passage={passage}
            error={error}
            onChange={(value) => {
              setPassage(value);
              if (!value.trim()) setTried(false);
            }}
          />
          <ActionField actions={actions} value={actionValue} busy={busy} onChange={setActionValue} />
          {folded ? null : submit}
        </div>
      </Flex>
    </form>
  );
});
