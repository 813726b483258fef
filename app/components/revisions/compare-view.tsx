import { Text } from "@radix-ui/themes";
import { revisionTexts } from "~/messages/tools";
import { ChangeMarks } from "./change-marks";
import { useDiffParts } from "./use-diff-parts";
import "./revisions.css";

/**
 * Compare: the answer against the previous version, word by word. Insertions and deletions are
 * marked with <ins>/<del> and announced ("inserted:", "deleted:") for screen readers.
 */
export function CompareView({ before, after, label = revisionTexts.compareHeading }: { before: string; after: string; label?: string }) {
  const parts = useDiffParts(before, after);
  return (
    <section className="compare-view" aria-label={label}>
      <Text as="p" size="1" color="gray" weight="medium">
        {revisionTexts.compareHeading}
      </Text>
      {parts === null ? (
        <Text as="p" size="2" color="gray" role="status">
          {revisionTexts.loading}
        </Text>
      ) : parts.every((part) => part.kind === "same") ? (
        <Text as="p" size="2">{revisionTexts.noChanges}</Text>
      ) : (
        <p className="diff-text">
          {parts.map((part, index) =>
            part.kind === "same" ? (
              <span key={index}>{part.text}</span>
            ) : (
              <span key={index}>
                <ChangeMarks removed={part.removed} added={part.added} />
              </span>
            ),
          )}
        </p>
      )}
    </section>
  );
}
