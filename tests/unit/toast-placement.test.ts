/** A toast never covers the composer or a primary control: where it goes instead. */
import { describe, expect, it } from "vitest";
import { toastBottomOffset } from "~/lib/toast-placement";

const desktop = { width: 1280, height: 800 };
const toast = { width: 384, height: 80 };
const margin = 16;

describe("toast placement", () => {
  it("sits in the bottom-right corner when nothing is there", () => {
    expect(toastBottomOffset({ viewport: desktop, toast, avoid: [], margin })).toBe(16);
  });

  it("rises above the composer at the bottom of the screen", () => {
    const composer = { top: 680, bottom: 800, left: 64, right: 1216 };
    const bottom = toastBottomOffset({ viewport: desktop, toast, avoid: [composer], margin });
    expect(bottom).toBe(800 - 680 + 16);
    expect(desktop.height - bottom).toBeLessThanOrEqual(composer.top);
  });

  it("ignores controls it would not touch, and clears stacked ones", () => {
    const leftButton = { top: 700, bottom: 740, left: 64, right: 400 };
    expect(toastBottomOffset({ viewport: desktop, toast, avoid: [leftButton], margin })).toBe(16);
    const send = { top: 720, bottom: 760, left: 1100, right: 1200 };
    const stop = { top: 640, bottom: 672, left: 1100, right: 1200 };
    expect(toastBottomOffset({ viewport: desktop, toast, avoid: [send, stop], margin })).toBe(800 - 640 + 16);
  });

  it("goes back to the corner when no place on screen is clear", () => {
    const tall = { top: 40, bottom: 800, left: 0, right: 1280 };
    expect(toastBottomOffset({ viewport: desktop, toast, avoid: [tall], margin })).toBe(16);
  });
});
