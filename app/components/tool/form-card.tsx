/**
 * The left card: the switch between the tool's two modes — "Generate" (the spec's Step 1 and
 * Step 2) and "Work on my draft" — above the forms, and a trial writer's conversations left
 * under them. Both forms stay mounted (the one not on show is hidden), so nothing a writer typed
 * in either is lost by switching. While a conversation is on screen the card folds to the
 * summary of the form it came from, and the switch steps aside.
 */
import { Card, Flex, SegmentedControl, Text } from "@radix-ui/themes";
import { draftModeTexts } from "~/messages/tools";

export type WorkspaceMode = "generate" | "draft";

function ModeSwitch({ mode, onChange }: { mode: WorkspaceMode; onChange: (mode: WorkspaceMode) => void }) {
  return (
    <SegmentedControl.Root
      value={mode}
      onValueChange={(value) => onChange(value === "draft" ? "draft" : "generate")}
      size={{ initial: "2", xs: "3" }}
      radius="large"
      className="mode-switch"
      aria-label={draftModeTexts.modeLabel}
    >
      <SegmentedControl.Item value="generate">{draftModeTexts.generateMode}</SegmentedControl.Item>
      <SegmentedControl.Item value="draft">{draftModeTexts.draftMode}</SegmentedControl.Item>
    </SegmentedControl.Root>
  );
}

export function FormCard({
  folded,
  mode,
  onModeChange,
  trialNote,
  children,
}: {
  folded: boolean;
  mode: WorkspaceMode;
  onModeChange: (mode: WorkspaceMode) => void;
  /** A trial writer's line under the form (null: unlimited). */
  trialNote: string | null;
  children: React.ReactNode;
}) {
  return (
    <Card size={folded ? "1" : "3"} className="glass-card tool-card form-card" data-folded={folded || undefined}>
      <Flex direction="column" gap={folded ? "2" : "4"}>
        {folded ? null : <ModeSwitch mode={mode} onChange={onModeChange} />}
        {children}
        {trialNote !== null ? (
          <Text as="p" size={folded ? "1" : "2"} color="gray" role="status" data-testid="trial-conversations">
            {trialNote}
          </Text>
        ) : null}
      </Flex>
    </Card>
  );
}
