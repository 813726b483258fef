/** The items of a Radix Select, written once: `SelectOptions` turns a list of value/label pairs into `Select.Item`s. */
import { Select } from "@radix-ui/themes";
import type { ReactNode } from "react";

export type SelectOption = { readonly value: string; readonly label: ReactNode };

/** One `Select.Item` per option, in order, keyed by its value. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <Select.Item key={option.value} value={option.value}>
      {option.label}
    </Select.Item>
  ));
}

/** A project as an option: its id chosen, its title shown. */
export function projectOption(project: { readonly id: string; readonly title: string }): SelectOption {
  return { value: project.id, label: project.title };
}
