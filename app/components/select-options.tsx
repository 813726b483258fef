/**
 * The items of a Radix Select, written once: `SelectOptions` turns a list of value/label pairs
 * into `Select.Item`s, and `ContentOnDemand` renders the list only once the writer comes near the
 * trigger (`useSelectItemsOnDemand`, decision 015 "Selects mount their items on demand").
 */
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

/** The Select's list (under its trigger), mounted only when `itemsWanted` is true. */
export function ContentOnDemand({ itemsWanted, children }: { itemsWanted: boolean; children: ReactNode }) {
  return itemsWanted ? <Select.Content position="popper">{children}</Select.Content> : null;
}

/** A project as an option: its id chosen, its title shown. */
export function projectOption(project: { readonly id: string; readonly title: string }): SelectOption {
  return { value: project.id, label: project.title };
}
