/** "Keyboard shortcuts": a small popover listing what the keys do on this page. */
import { Button, Popover } from "@radix-ui/themes";
import { workspaceTexts } from "~/messages/tools";
import { OnceOpened, useOverlayState } from "~/components/overlay-parts";

export function ShortcutsHelp() {
  const overlay = useOverlayState();
  return (
    <Popover.Root {...overlay}>
      <Popover.Trigger>
        <Button type="button" size="1" variant="ghost" color="gray">
          {workspaceTexts.shortcuts}
        </Button>
      </Popover.Trigger>
      <OnceOpened open={overlay.open}>
        <Popover.Content size="1" maxWidth="22rem" aria-label={workspaceTexts.shortcuts}>
          <dl className="shortcut-list">
            {workspaceTexts.shortcutList.map((shortcut) => (
              <div key={shortcut.keys} className="shortcut">
                <dt>
                  <kbd>{shortcut.keys}</kbd>
                </dt>
                <dd>{shortcut.action}</dd>
              </div>
            ))}
          </dl>
        </Popover.Content>
      </OnceOpened>
    </Popover.Root>
  );
}
