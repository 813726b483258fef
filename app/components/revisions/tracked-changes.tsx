import { Button, Flex, IconButton, Text } from "@radix-ui/themes";
import { useMemo, useState } from "react";
import { useToast } from "~/components/toaster";
import { revisionTexts } from "~/messages/tools";
import { ChangeMarks } from "./change-marks";
import { useDiffParts } from "./use-diff-parts";
import { acceptOpen, applyDecisions, type Decision, type DiffPart } from "./diff-parts";
import "./revisions.css";

const CHECK = "M3.5 8.5l3 3 6-7";
const CROSS = "M4 4l8 8M12 4l-8 8";

/** A small round button with a tick or a cross; its name (Accept / Reject) is for everyone. */
function DecisionButton({ label, path, color, onClick }: { label: string; path: string; color: "grass" | "red"; onClick: () => void }) {
  return (
    <IconButton type="button" size="1" radius="full" variant="soft" color={color} aria-label={label} title={label} onClick={onClick}>
      <svg width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={path} />
      </svg>
    </IconButton>
  );
}

function ChangeView({ part, decision, onDecide }: { part: Extract<DiffPart, { kind: "change" }>; decision: Decision | undefined; onDecide: (decision: Decision) => void }) {
  return (
    <span className="change" data-decision={decision} role="group" aria-label={revisionTexts.changeLabel(part.id)}>
      <ChangeMarks removed={part.removed} added={part.added} />
      {decision ? null : (
        <span className="change-actions">
          <DecisionButton label={revisionTexts.accept} path={CHECK} color="grass" onClick={() => onDecide("accepted")} />
          <DecisionButton label={revisionTexts.reject} path={CROSS} color="red" onClick={() => onDecide("rejected")} />
        </span>
      )}
    </span>
  );
}

/**
 * Draft mode's line edits and tightening as tracked changes: the writer's passage against the
 * revision, each change accepted or rejected, "Accept all", and the result copied.
 */
export function TrackedChanges({ original, revised }: { original: string; revised: string }) {
  const parts = useDiffParts(original, revised);
  const [decisions, setDecisions] = useState<ReadonlyMap<number, Decision>>(new Map());
  const show = useToast();
  const changes = useMemo(() => (parts ?? []).filter((part) => part.kind === "change"), [parts]);
  const decide = (id: number, decision: Decision) => setDecisions((current) => new Map(current).set(id, decision));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(applyDecisions(parts ?? [], decisions));
      show(revisionTexts.copied);
    } catch {
      show({ ...revisionTexts.copyFailed, variant: "destructive" });
    }
  };
  if (parts === null) return <Text as="p" size="2" color="gray" role="status">{revisionTexts.loading}</Text>;
  return (
    <section className="tracked-changes" aria-label={revisionTexts.trackedHeading}>
      <Flex justify="between" align="center" gap="2" wrap="wrap">
        <Text size="2" weight="medium" role="status">
          {revisionTexts.changesLeft(changes.filter((part) => !decisions.has(part.id)).length, changes.length)}
        </Text>
        <Flex gap="2">
          <Button type="button" size="1" variant="soft" onClick={() => setDecisions((current) => acceptOpen(changes, current))}>
            {revisionTexts.acceptAll}
          </Button>
          <Button type="button" size="1" onClick={() => void copy()}>
            {revisionTexts.copyResult}
          </Button>
        </Flex>
      </Flex>
      <p className="diff-text">
        {parts.map((part, index) =>
          part.kind === "same" ? (
            <span key={index}>{part.text}</span>
          ) : (
            <ChangeView key={index} part={part} decision={decisions.get(part.id)} onDecide={(decision) => decide(part.id, decision)} />
          ),
        )}
      </p>
    </section>
  );
}
