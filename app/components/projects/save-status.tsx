/** What an autosaved field says about its text: saving, saved, or not saved with a Retry. */
import { Button, Flex, Text } from "@radix-ui/themes";
import { autosaveTexts } from "~/messages/project-pages";
import type { SaveState } from "./use-autosave";

export function SaveStatus({ state, error, onRetry, id }: { state: SaveState; error: string | null; onRetry: () => void; id?: string }) {
  return (
    <Flex gap="2" align="center" className="save-status" data-state={state} id={id}>
      <Text size="1" color={state === "failed" ? "red" : "gray"} role="status">
        {state === "idle" ? "" : state === "saving" ? autosaveTexts.saving : state === "saved" ? autosaveTexts.saved : autosaveTexts.failed(error)}
      </Text>
      {state === "failed" ? (
        <Button type="button" size="1" variant="soft" color="red" onClick={() => void onRetry()}>
          {autosaveTexts.retry}
        </Button>
      ) : null}
    </Flex>
  );
}
