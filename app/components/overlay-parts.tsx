/**
 * The parts every Radix overlay (Dialog, AlertDialog, Popover) of the app is built from.
 *
 * Content that mounts the first time its overlay opens and then stays mounted, so closing still
 * plays its exit animation (issue 15, decision 015 "Hydration's long tasks"). A closed Radix
 * overlay still mounts a `Presence` for its content, and Presence dispatches from a layout effect
 * on mount (React 19 never skips a reducer's dispatch early). Inside the hydration commit that is
 * a synchronous re-render, which in turn makes React run every passive effect of the page in the
 * same task: the dashboard's longest task on a slow phone. Nothing of a closed overlay is on
 * screen or in the accessibility tree, so waiting for the first open changes nothing a writer
 * sees; the trigger's `aria-controls` already names content that is not there while it is closed.
 *
 * And a dialog's Cancel (or Close, or Stay) button, and the link that opens a dialog which also
 * has a page of its own. They live in one module so they ship in one small chunk to the pages
 * that have dialogs, not in several.
 */
import { Button } from "@radix-ui/themes";
import { useState, type ComponentType, type ReactNode, type Ref } from "react";

/** True from the first render in which `open` is true, for good. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true); // state from props, set while rendering (React's pattern)
  return opened || open;
}

/** Renders `children` (an overlay's content) from the first time `open` is true. */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  return useOpenedOnce(open) ? children : null;
}

/** Open state for an overlay that owned it itself: spread on its Root, pass `open` to `OnceOpened`. */
export function useOverlayState(): { open: boolean; onOpenChange: (open: boolean) => void } {
  const [open, onOpenChange] = useState(false);
  return { open, onOpenChange };
}

/**
 * A dialog's Cancel button: grey and soft, never a submit, closing its dialog through the Radix
 * part the caller names (`Dialog.Close`, or `AlertDialog.Cancel`, which also takes an alert's
 * first focus). The part is passed in, so a page with one kind of dialog loads only that kind.
 */
export function CancelButton({
  closeWith: Close,
  busy,
  onClick,
  children,
}: {
  closeWith: ComponentType<{ children: ReactNode }>;
  /** Disabled while the dialog's action runs. */
  busy?: boolean;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <Close>
      <Button type="button" variant="soft" color="gray" disabled={busy} onClick={onClick}>
        {children}
      </Button>
    </Close>
  );
}

/**
 * The trigger of a dialog that also has a page of its own (Change Password at /account/password,
 * a history entry's details): a link to that page, which is what a press does before the page's
 * scripts have run, or without them; once they run, a press (click, Enter or Space) opens the
 * dialog instead. A press with a modifier key (a new tab) still follows the link. Focus comes
 * back to it when the dialog closes (Radix returns focus to what had it before opening).
 */
export function DialogLink({
  href,
  onOpen,
  linkRef,
  children,
  ...button
}: {
  href: string;
  onOpen: () => void;
  linkRef?: Ref<HTMLAnchorElement>;
  children: ReactNode;
  /** A mark for the page's own focus handling (a history card's `data-action`). */
  "data-action"?: string;
} & Pick<React.ComponentProps<typeof Button>, "variant" | "color" | "size" | "aria-describedby">) {
  const { "aria-describedby": describedBy, "data-action": action, ...look } = button;
  return (
    <Button asChild {...look}>
      <a
        href={href}
        ref={linkRef}
        role="button"
        aria-haspopup="dialog"
        aria-describedby={describedBy}
        data-action={action}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          onOpen();
        }}
        onKeyDown={(event) => {
          if (event.key !== " ") return;
          event.preventDefault();
          onOpen();
        }}
      >
        {children}
      </a>
    </Button>
  );
}
