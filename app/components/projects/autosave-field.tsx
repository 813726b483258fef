/** One labelled text field of the bible that saves itself (use-autosave.ts) and says how that went. */
import { Flex, Text, TextArea, TextField } from "@radix-ui/themes";
import { useId, useState } from "react";
import { SaveStatus } from "./save-status";
import { useAutosave } from "./use-autosave";

export function AutosaveField({
  label,
  hint,
  initial,
  maxLength,
  rows = 0,
  required = false,
  onSave,
}: {
  label: string;
  hint?: string;
  initial: string;
  maxLength: number;
  /** 0: one line; otherwise a text area of this many rows. */
  rows?: number;
  /** An empty value is not saved (the field keeps asking for one). */
  required?: boolean;
  onSave: (value: string) => Promise<unknown>;
}) {
  const id = useId();
  const hintId = useId();
  const statusId = useId();
  const [value, setValue] = useState(initial);
  // A required field left empty keeps its last value saved until the writer types a new one.
  const [lastFilled, setLastFilled] = useState(initial);
  const saved = useAutosave({
    value: required && !value.trim() ? lastFilled : value,
    save: async (next) => void (await onSave(next)),
  });
  const describedBy = [hint ? hintId : null, statusId].filter(Boolean).join(" ");
  const common = {
    id,
    value,
    maxLength,
    "aria-describedby": describedBy,
    "aria-required": required || undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValue(event.target.value);
      if (event.target.value.trim()) setLastFilled(event.target.value);
    },
  };
  return (
    <Flex direction="column" gap="1" className="autosave-field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      {hint ? (
        <Text as="p" size="1" color="gray" id={hintId}>
          {hint}
        </Text>
      ) : null}
      {rows > 0 ? <TextArea {...common} rows={rows} resize="vertical" /> : <TextField.Root {...common} autoComplete="off" />}
      <SaveStatus id={statusId} state={saved.state} error={saved.error} onRetry={saved.retry} />
    </Flex>
  );
}
