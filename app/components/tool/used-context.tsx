/**
 * "Used: Agnes Pell, The Lock House, Style notes" under an answer: what of the story bible the
 * model was given for it, and what was left out over the budget, by name.
 */
import { Text } from "@radix-ui/themes";
import { memo } from "react";
import { usedContextTexts as texts } from "~/messages/project-pages";
import type { ContextUsed } from "~/projects/types";

export const UsedContext = memo(function UsedContext({ context }: { context: ContextUsed | null | undefined }) {
  if (!context) return null;
  return (
    <div className="used-context" role="note" aria-label={texts.label}>
      <Text as="p" size="1" color="gray">
        {context.used.length > 0 ? texts.used(context.used) : texts.nothingUsed}
      </Text>
      {context.leftOut.length > 0 ? (
        <Text as="p" size="1" color="amber">
          {texts.leftOut(context.leftOut)}
        </Text>
      ) : null}
    </div>
  );
});
