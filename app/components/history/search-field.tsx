import { TextField } from "@radix-ui/themes";
import { MAX_SEARCH_CHARS } from "~/history/limits";

/** The search box of the history pages and of 'Search all your work': `q`, bounded, labelled. */
export function SearchField({ query, label, placeholder }: { query: string; label: string; placeholder: string }) {
  return (
    <div className="history-search-field">
      <TextField.Root
        key={query}
        type="search"
        name="q"
        aria-label={label}
        defaultValue={query}
        maxLength={MAX_SEARCH_CHARS}
        placeholder={placeholder}
        size="3"
      />
    </div>
  );
}
