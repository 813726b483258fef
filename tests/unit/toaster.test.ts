/** One toast at a time: what a dismissal may take away. */
import { describe, expect, it } from "vitest";
import { dismissToast, type Current } from "~/components/toaster";

const welcome: Current = { key: 1, title: "Welcome!", description: "Your 30-day free trial has started." };
const error: Current = { key: 2, title: "Generation Error", description: "The writing model ran into a problem.", variant: "destructive" };

describe("dismissing a toast", () => {
  it("takes away the toast it belongs to", () => {
    expect(dismissToast(welcome, welcome.key)).toBeNull();
  });

  it("leaves a newer toast alone when an older one's timer fires in the same moment", () => {
    // The 'Welcome!' timer fired just as the error was shown, before the screen caught up:
    // the error must stay (it used to vanish with the welcome).
    expect(dismissToast(error, welcome.key)).toBe(error);
  });

  it("does nothing when no toast is shown", () => {
    expect(dismissToast(null, welcome.key)).toBeNull();
  });
});
