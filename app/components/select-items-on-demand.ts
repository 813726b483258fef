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
 * hidden `<select>`. Focus comes before any key reaches the trigger (so typing a letter on a
 * closed trigger still finds its item), and a press that opens the Select mounts the items with
 * the open list in the same render.
 */
import { useCallback, useState } from "react";

export type ItemsOnDemand = {
  /** Render `Select.Content` only when this is true. */
  readonly itemsWanted: boolean;
  /** Spread on `Select.Trigger`. */
  readonly triggerProps: {
    readonly onFocus: () => void;
    readonly onPointerEnter: () => void;
    readonly onPointerDown: () => void;
    readonly onClick: () => void;
  };
};

export function useSelectItemsOnDemand(): ItemsOnDemand {
  const [itemsWanted, setItemsWanted] = useState(false);
  const want = useCallback(() => setItemsWanted(true), []);
  return { itemsWanted, triggerProps: { onFocus: want, onPointerEnter: want, onPointerDown: want, onClick: want } };
}
