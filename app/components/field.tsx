import { Flex, Text, TextField } from "@radix-ui/themes";
import { useId } from "react";

/** A labelled text input; the label is a real <label> so it is announced and clickable. */
export function Field({
  label,
  name,
  type = "text",
  autoComplete,
  required,
  autoFocus,
  defaultValue,
  maxLength,
}: {
  label: string;
  name: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  required?: boolean;
  autoFocus?: boolean;
  defaultValue?: string;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        maxLength={maxLength}
        size="3"
      />
    </Flex>
  );
}

export function FormError({ message }: { message?: string | null }) {
  return (
    <Text as="p" role="alert" size="2" color="red" className="form-error">
      {message ?? ""}
    </Text>
  );
}
