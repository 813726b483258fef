/**
 * "‹ Version 2 of 3 ›" on the last answer when it has more than one version: the arrows show
 * the previous or next version (the one shown is what follow-ups build on), and the place is
 * announced when it changes.
 */
import { Flex, IconButton, Text } from "@radix-ui/themes";
import { answerActionTexts, versionTexts } from "~/messages/tools";

export function VersionSwitcher({
  position,
  total,
  disabled,
  onStep,
}: {
  position: number;
  total: number;
  disabled: boolean;
  onStep: (step: -1 | 1) => void;
}) {
  return (
    <Flex role="group" aria-label={answerActionTexts.versions} align="center" gap="1" className="version-switcher">
      <IconButton
        type="button"
        size="1"
        variant="soft"
        color="gray"
        aria-label={answerActionTexts.previousVersion}
        disabled={disabled || position <= 1}
        onClick={() => onStep(-1)}
      >
        <span aria-hidden="true">‹</span>
      </IconButton>
      <Text size="1" weight="medium" role="status" className="version-place">
        {versionTexts.of(position, total)}
      </Text>
      <IconButton
        type="button"
        size="1"
        variant="soft"
        color="gray"
        aria-label={answerActionTexts.nextVersion}
        disabled={disabled || position >= total}
        onClick={() => onStep(1)}
      >
        <span aria-hidden="true">›</span>
      </IconButton>
    </Flex>
  );
}
