/**
 * Where the toast goes: bottom right, lifted above anything on screen that a toast must never
 * cover (the follow-up box, Generate, Stop — marked `data-toast-avoid` by the page). Pure, so
 * it is tested without a browser; the toaster measures and applies it.
 */

export type Box = { top: number; bottom: number; left: number; right: number };

export type Placement = {
  viewport: { width: number; height: number };
  toast: { width: number; height: number };
  /** Screen boxes of the controls to keep clear, in viewport coordinates. */
  avoid: readonly Box[];
  /** Distance from the viewport's right and bottom edges (and the gap kept above a control). */
  margin: number;
};

const overlaps = (a: Box, b: Box) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

/** The toast's distance from the viewport's bottom edge, in px. */
export function toastBottomOffset({ viewport, toast, avoid, margin }: Placement): number {
  let bottom = margin;
  // Each lift clears one box; a box can only be cleared once, so this ends.
  for (let lifts = 0; lifts <= avoid.length; lifts += 1) {
    const box = {
      top: viewport.height - bottom - toast.height,
      bottom: viewport.height - bottom,
      left: viewport.width - margin - toast.width,
      right: viewport.width - margin,
    };
    if (box.top < 0) break;
    const hit = avoid.find((control) => overlaps(box, control));
    if (!hit) return bottom;
    bottom = viewport.height - hit.top + margin;
  }
  // No clear place on this screen (controls stacked to the top): the corner, as before.
  return margin;
}
