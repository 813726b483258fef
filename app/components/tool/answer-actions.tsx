/**
 * The toolbar of a finished answer with what the writer can do with it: Download on every
 * answer; on the last one also Another version, Continue (after Stop or a cut), Edit (a
 * follow-up), Compare (a later version against the one before) and the version switcher.
 * The comparison opens under the toolbar; its diff code loads only when it is first shown.
 */
import { Button } from "@radix-ui/themes";
import { memo, useEffect, useId, useRef, useState } from "react";
import type { AssistantMessage } from "~/generation/use-generation";
import { answerActionTexts, revisionTexts } from "~/messages/tools";
import { CompareView } from "~/components/revisions/compare-view";
import { AnswerDownloadMenu } from "./answer-download";
import { AnswerToolbar } from "./answer-toolbar";
import { SaveToBibleButton } from "./save-to-bible";
import { VersionSwitcher } from "./version-switcher";

/** What the tool page lets the writer do with its last answer (see use-answer-actions.ts). */
export type LastAnswer = {
  busy: boolean;
  /** The shown version's place among the exchange's versions. */
  position: number;
  total: number;
  /** The version before the shown one, for Compare (null: none). */
  previousText: string | null;
  onVersion: () => void;
  onContinue: () => void;
  onStep: (step: -1 | 1) => void;
};

/** Which tool's formats the Download menu offers, and the downloaded file's title. */
export type AnswerDownload = { toolSlug: string; title: string };

function LastAnswerButtons({ last, message, onEdit }: { last: LastAnswer; message: AssistantMessage; onEdit: (() => void) | null }) {
  const resumable = message.status === "stopped" || message.status === "interrupted";
  return (
    <>
      {last.total > 1 ? <VersionSwitcher position={last.position} total={last.total} disabled={last.busy} onStep={last.onStep} /> : null}
      <Button type="button" size="1" variant="soft" aria-label={answerActionTexts.anotherVersionLabel} disabled={last.busy} onClick={last.onVersion}>
        {answerActionTexts.anotherVersion}
      </Button>
      {resumable ? (
        <Button type="button" size="1" variant="soft" aria-label={answerActionTexts.continueLabel} disabled={last.busy} onClick={last.onContinue}>
          {answerActionTexts.continue}
        </Button>
      ) : null}
      {onEdit ? (
        <Button type="button" size="1" variant="soft" color="gray" aria-label={answerActionTexts.editLabel} disabled={last.busy} onClick={onEdit}>
          {answerActionTexts.edit}
        </Button>
      ) : null}
    </>
  );
}

/** Room left above the comparison when it is brought into view, in px. */
const TOP_GAP = 8;

/**
 * The comparison opens under the toolbar: its beginning is brought to the top of the panel (the
 * panel only, not the page), again as it grows while the diff loads, until the diff is shown.
 */
function useComparisonInView(comparison: React.RefObject<HTMLDivElement | null>, open: boolean) {
  useEffect(() => {
    const element = comparison.current;
    const panel = element?.closest<HTMLElement>(".output-panel");
    if (!open || !element || !panel) return;
    const bring = () => {
      panel.scrollTop += element.getBoundingClientRect().top - panel.getBoundingClientRect().top - TOP_GAP;
      if (!element.querySelector("[role=status]")) observer.disconnect();
    };
    const observer = new ResizeObserver(bring);
    observer.observe(element);
    return () => observer.disconnect();
  }, [comparison, open]);
}

export const AnswerActions = memo(function AnswerActions({
  message,
  download,
  last,
  onEdit,
}: {
  message: AssistantMessage;
  download: AnswerDownload | null;
  last: LastAnswer | null;
  /** Opens the editor of the writer's follow-up above the answer (null: nothing to edit). */
  onEdit: (() => void) | null;
}) {
  const [comparing, setComparing] = useState(false);
  const compareId = useId();
  const comparison = useRef<HTMLDivElement>(null);
  useComparisonInView(comparison, comparing);
  const comparable = last !== null && last.previousText !== null;
  const compareButton = comparable ? (
    <Button
      type="button"
      size="1"
      variant={comparing ? "solid" : "soft"}
      color="gray"
      aria-expanded={comparing}
      aria-controls={comparing ? compareId : undefined}
      onClick={() => setComparing((open) => !open)}
    >
      {comparing ? revisionTexts.hideCompare : revisionTexts.compare}
    </Button>
  ) : null;
  const lead = last ? (
    <>
      <LastAnswerButtons last={last} message={message} onEdit={onEdit} />
      {compareButton}
    </>
  ) : null;
  return (
    <>
      <AnswerToolbar markdown={message.text} lead={lead}>
        {download ? <AnswerDownloadMenu toolSlug={download.toolSlug} title={download.title} markdown={message.text} /> : null}
        <SaveToBibleButton markdown={message.text} />
      </AnswerToolbar>
      {comparing && last?.previousText != null ? (
        <div id={compareId} ref={comparison} className="answer-compare">
          <CompareView before={last.previousText} after={message.text} />
        </div>
      ) : null}
    </>
  );
});
