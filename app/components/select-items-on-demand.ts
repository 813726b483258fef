/**
 * A Radix Select whose items mount when the writer first comes near its trigger — focus, a
 * pointer over it or pressing it — rather than while the page hydrates (issue 15, decision 015
 * "Selects mount their items on demand").
 *
 * A closed Radix Select still renders every item, into a detached DocumentFragment, from a layout
 * effect: that is how it learns the selected item's text for the trigger and the options of its
 * hidden native `<select>`. During hydration each one is another synchronous render inside the
 * commit, the longest task of a signed-in page on a slow phone. The Selects that use this name
 * the chosen option in the trigger themselves (`Select.Trigger`'s children), so the trigger
 * reads the same before and after the items exist, and none of them posts a form through its
 * hidden `<select>`. A press that opens the Select mounts the items with the open list in the same
 * render. A key can reach the trigger before the render its focus asked for: while the Select
 * still waits to hydrate (`HydrateLater`), React replays the focus after the key press that
 * hydrated it. So a key press on a trigger without its items mounts them at once (`flushSync`),
 * before Radix's own handler looks among them for the item a typed letter names.
 */
import { useCallback, useState } from "react";
import { flushSync } from "react-dom";

export type ItemsOnDemand = {
  /** Render `Select.Content` only when this is true. */
  readonly itemsWanted: boolean;
  /** Spread on `Select.Trigger`. */
  readonly triggerProps: {
    readonly onFocus: () => void;
    readonly onPointerEnter: () => void;
    readonly onPointerDown: () => void;
    readonly onClick: () => void;
    readonly onKeyDown: () => void;
  };
};

export function useSelectItemsOnDemand(): ItemsOnDemand {
  const [itemsWanted, setItemsWanted] = useState(false);
  const want = useCallback(() => setItemsWanted(true), []);
  const wantBeforeKey = useCallback(() => {
    if (!itemsWanted) flushSync(want);
  }, [itemsWanted, want]);
  return {
    itemsWanted,
    triggerProps: { onFocus: want, onPointerEnter: want, onPointerDown: want, onClick: want, onKeyDown: wantBeforeKey },
  };
}
